/**
 * An employer's own fields: fields its override adds to the 'profile' form (kept with the member) or to the
 * 'dependent' form (kept with each dependent), computed from the base and the resolved documents (ownFields), never
 * from a list of names. Their answers are stored as one JSON object per row (column employerfields), written only
 * after the employer's resolved document accepted the request, and only under the names that document adds.
 */
import type { FieldErrors } from '#contracts/api.ts';
import { DEPENDENT_NAMES, MEMBER_NAMES } from '#contracts/record-names.ts';
import { escapeToken, isEmptyValue } from '#engine/runtime/index.ts';
import { ownFields, type OwnField } from '#engine/documents/index.ts';
import type { Language } from '#contracts/language.ts';
import type { ContentService } from '../../ports.ts';

export type { OwnField };

/** An answer as stored: a text, a number or yes/no (true/false). */
export type EmployerAnswer = string | number | boolean;
export type EmployerAnswers = Record<string, EmployerAnswer>;

/** The longest text an own field's answer may be, whatever the employer's schema allows. */
export const EMPLOYER_ANSWER_MAX_LENGTH = 1000;

/** The own fields of the employer's profile ('profile', the member's) or dependent form ('dependent'), titled in `language`. */
export async function employerFields(content: ContentService, documentId: 'profile' | 'dependent', accountId: string, language: Language): Promise<OwnField[]> {
  const taken = Object.keys(documentId === 'profile' ? MEMBER_NAMES : DEPENDENT_NAMES);
  return ownFields(content.baseForm(documentId), await content.form(documentId, accountId, language), taken);
}

const isAnswer = (value: unknown): value is EmployerAnswer =>
  typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

/** The stored answers of the fields the employer's document has now (answers of fields it removed are not given). */
export function storedAnswers(fields: readonly OwnField[], stored: unknown): EmployerAnswers {
  const answers = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(
    fields.flatMap((field) => {
      const value = Object.hasOwn(answers, field.name) ? answers[field.name] : undefined;
      return isAnswer(value) ? [[field.name, value]] : [];
    }),
  );
}

/**
 * A member's stored answers to the employer's own profile fields, as GetMember gives them next to the record (and
 * as a check of the stored profile against the employer's document must read them).
 */
export async function memberOwnAnswers(content: ContentService, member: { accountid: string; employerfields: unknown }, language: Language): Promise<EmployerAnswers> {
  return storedAnswers(await employerFields(content, 'profile', member.accountid, language), member.employerfields);
}

/**
 * The answers to keep after a request the document accepted: each own field the body names replaces the stored
 * answer (a text is trimmed; null or empty clears it), one it does not name keeps it. Keys of the body that are no
 * own field are never kept. Problems (a value that is no text, number or yes/no, a text over the limit) are
 * answered by field pointer under `pointerPrefix`.
 */
export function answersToStore(
  fields: readonly OwnField[],
  body: Record<string, unknown>,
  stored: unknown,
  pointerPrefix = '',
): { answers: EmployerAnswers; problems: FieldErrors } {
  const answers: EmployerAnswers = { ...storedAnswers(fields, stored) };
  const problems: FieldErrors = {};
  for (const { name, title } of fields) {
    if (!Object.hasOwn(body, name)) continue;
    const value = body[name];
    const pointer = `${pointerPrefix}/${escapeToken(name)}`;
    if (value === null || value === undefined || (typeof value === 'string' && isEmptyValue(value))) {
      delete answers[name];
    } else if (!isAnswer(value)) {
      problems[pointer] = [`${title} takes a text, a number or yes/no.`];
    } else if (typeof value === 'string' && value.trim().length > EMPLOYER_ANSWER_MAX_LENGTH) {
      problems[pointer] = [`${title} may be at most ${EMPLOYER_ANSWER_MAX_LENGTH} characters.`];
    } else {
      Object.defineProperty(answers, name, { value: typeof value === 'string' ? value.trim() : value, enumerable: true, writable: true, configurable: true });
    }
  }
  return { answers, problems };
}

/** The body's values of the own fields, for the document's validation (null as absent, like the other fields). */
export function ownValuesIn(fields: readonly OwnField[], body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(fields.flatMap(({ name }) => (Object.hasOwn(body, name) && body[name] !== null && body[name] !== undefined ? [[name, body[name]]] : [])));
}

/** An answer as a person reads it in the console and the reports: the text, the number, Yes or No; '' for none. */
export function answerText(value: EmployerAnswer | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}
