/**
 * What an enrollment keeps whatever an employer's documents say (docs/api.md, What an enrollment records): a
 * purchase carries the ICHRA acknowledgment, every enrollment records the versions of the documents in force, and
 * the member's stored profile and dependents still satisfy the profile and dependent documents in force. The
 * server never relies on a step having been shown: a flow that skips the ICHRA step, or a tab that ran an older
 * flow, is decided by these checks.
 *
 * Everything here that reads documents runs BEFORE the authorization's transaction (the content service reads
 * overrides through app.db, which would wait for the transaction's own connection on PGlite); the stored profile is
 * checked inside it, under the member's lock, with the documents resolved before.
 */
import type { FieldErrors } from '#contracts/api.ts';
import type { DependentRow } from '#db/repositories/member/dependent.repository.ts';
import type { MemberRow } from '#db/repositories/member/member.repository.ts';
import { ICHRA_DOCUMENTS_CONTAINER } from '#domain/parameters/enrollment.ts';
import { firstMessage, formatMessage, isEmptyValue, message, validateForm } from '#engine/runtime/index.ts';
import type { FormDocument, JsonSchema } from '#engine/runtime/types.ts';
import { AppError, badRequest } from '../../errors.ts';
import type { Language } from '#contracts/language.ts';
import type { ContentService } from '../../ports.ts';
import { documentName, type Storage } from '../../infra/storage.ts';
import { DEPENDENT_PROFILE_FIELDS, MEMBER_PROFILE_FIELDS } from '../member/profile-fields.ts';

/** The acknowledgment document and its rule that asks for the certification (schemas/forms/ichra-acknowledgment). */
export const ICHRA_ACKNOWLEDGMENT_FORM = 'ichra-acknowledgment';
const ICHRA_CERTIFIED_RULE = 'ichra-certified';

const SSN_FIELD = 'additionalid';

/**
 * What the dependent document's rules read besides the dependent (schemas/forms/dependent.schema.json): today, the
 * coverage effective date the ages are counted on, and the member's date of birth (a child is younger).
 */
export type DependentRuleContext = { today: string; effectiveDate: string; employeeBirthdate?: string };

/** The documents an authorization is decided by, resolved for the member's employer as they are now, in the request's language. */
export type DocumentsInForce = {
  /** { documentid: version } of every document, 0 for the base one. */
  versions: Record<string, number>;
  profile: FormDocument;
  dependent: FormDocument;
  /** The acknowledgment document's own text for a missing certification. */
  acknowledgmentMissing: string;
};

export async function documentsInForce(content: ContentService, accountId: string, language: Language): Promise<DocumentsInForce> {
  const [versions, profile, dependent, acknowledgment] = await Promise.all([
    content.versions(accountId),
    content.form('profile', accountId, language),
    content.form('dependent', accountId, language),
    content.form(ICHRA_ACKNOWLEDGMENT_FORM, accountId, language),
  ]);
  // The rule's message key comes from the base document (an override may not drop the rule); its text is the
  // employer's.
  const rule = content.baseForm(ICHRA_ACKNOWLEDGMENT_FORM).rules?.find((candidate) => candidate.id === ICHRA_CERTIFIED_RULE);
  if (!rule) throw new Error(`The ${ICHRA_ACKNOWLEDGMENT_FORM} document has no rule '${ICHRA_CERTIFIED_RULE}'.`);
  return { versions, profile, dependent, acknowledgmentMissing: message(acknowledgment, rule.message) };
}

/** The names of the employer's ICHRA documents, as GET /api/media/getdocs lists them to the member now. */
export async function ichraDocumentNames(storage: Storage, accountId: string): Promise<string[]> {
  const files = await storage.list(ICHRA_DOCUMENTS_CONTAINER.value, accountId);
  return files.map(({ filename }) => documentName(filename));
}

/** A purchase without `ichraacknowledged: true` is refused with the acknowledgment document's own text. */
export function requireAcknowledgment(documents: DocumentsInForce, acknowledged: boolean | undefined): void {
  if (acknowledged !== true) throw badRequest(documents.acknowledgmentMissing, { '/ichraacknowledged': [documents.acknowledgmentMissing] });
}

/** The stored values of `fields` as the form reads them: a null (or only white space) is an empty field. */
function formView<Row>(row: Row, fields: readonly (keyof Row & string)[]): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of fields) {
    const value = row[field];
    if (value !== null && value !== undefined && !isEmptyValue(value)) data[field] = value;
  }
  return data;
}

/**
 * The errors of `data` under `document` on the stored fields only (`fields` and the SSN): an employer's own field
 * is kept and checked apart from these rows. A stored SSN is never sent back in full, so it is left out of the
 * data and counts as given: only a missing SSN the document asks for is an error.
 */
function storedFieldErrors(
  document: FormDocument,
  data: Record<string, unknown>,
  fields: readonly string[],
  hasSsn: boolean,
  context: Record<string, unknown>,
): FieldErrors {
  const errors = validateForm(document, data, context, 'server');
  const kept: FieldErrors = {};
  for (const [pointer, messages] of Object.entries(errors)) {
    const field = pointer.split('/')[1] ?? '';
    if (fields.includes(field) || (field === SSN_FIELD && !hasSsn)) kept[pointer] = messages;
  }
  return kept;
}

/** A field's title in a form's schema (its top level, or the object a top-level local $ref names). */
function fieldTitle(document: FormDocument, field: string): string {
  let node: JsonSchema = document.schema;
  const ref = node.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/definitions/')) {
    node = ((node.definitions as Record<string, JsonSchema> | undefined)?.[ref.slice('#/definitions/'.length)] ?? node) as JsonSchema;
  }
  const property = (node.properties as Record<string, JsonSchema> | undefined)?.[field];
  return typeof property?.title === 'string' ? property.title : field;
}

/** How the profile screen names a dependent: its item title ('Dependent #{number}'), when the document gives one. */
function dependentLabel(profile: FormDocument, index: number): string | null {
  const options = ((profile.uiSchema as Record<string, Record<string, Record<string, unknown>>> | undefined)?.dependents ?? {})['ui:options'];
  const itemTitle = options?.itemTitle;
  return typeof itemTitle === 'string' ? formatMessage(itemTitle, { number: index + 1 }) : null;
}

/**
 * The member's stored profile and dependents checked against the documents in force (phase 'server', the check
 * PUT /api/Member and the dependents calls make, each dependent's ages counted on `effectiveDate`): the errors keyed as the profile form keys them (the member's
 * fields at the top, each dependent's under /dependents/<index>) and the labels of the fields at fault.
 */
export function profileProblems(
  documents: Pick<DocumentsInForce, 'profile' | 'dependent'>,
  member: MemberRow,
  family: readonly DependentRow[],
  dates: { today: string; effectiveDate: string },
): { fieldErrors: FieldErrors; labels: string[] } {
  const fieldErrors = storedFieldErrors(documents.profile, formView(member, MEMBER_PROFILE_FIELDS), MEMBER_PROFILE_FIELDS, member.ssn_last4 !== null, { today: dates.today });
  const context: DependentRuleContext = { ...dates, employeeBirthdate: member.birthdate ?? undefined };
  const labels = Object.keys(fieldErrors).map((pointer) => fieldTitle(documents.profile, pointer.split('/')[1]!));
  family.forEach((dependent, index) => {
    const errors = storedFieldErrors(documents.dependent, formView(dependent, DEPENDENT_PROFILE_FIELDS), DEPENDENT_PROFILE_FIELDS, dependent.ssn_last4 !== null, context);
    const prefix = dependentLabel(documents.profile, index) ?? `${dependent.firstname} ${dependent.lastname}`;
    for (const [pointer, messages] of Object.entries(errors)) {
      fieldErrors[`/dependents/${index}${pointer}`] = messages;
      labels.push(`${prefix}: ${fieldTitle(documents.dependent, pointer.split('/')[1]!)}`);
    }
  });
  return { fieldErrors, labels: [...new Set(labels)] };
}

/** Refuses (400 PROFILE_INCOMPLETE) an authorization whose stored profile the documents in force do not accept. */
export function requireCompleteProfile(
  documents: Pick<DocumentsInForce, 'profile' | 'dependent'>,
  member: MemberRow,
  family: readonly DependentRow[],
  dates: { today: string; effectiveDate: string },
): void {
  const { fieldErrors, labels } = profileProblems(documents, member, family, dates);
  if (firstMessage(fieldErrors) === null) return;
  throw new AppError('PROFILE_INCOMPLETE', 400, message(documents.profile, 'profile-incomplete', { fields: labels.join(', ') }), fieldErrors);
}
