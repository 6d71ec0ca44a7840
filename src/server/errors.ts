import type { ErrorCode, FieldErrors } from '#contracts/api.ts';
import { DEFAULT_LANGUAGE, type Language } from '#contracts/language.ts';
import { catalogueText, inLanguage, type CatalogueText } from './content/catalogue-messages.ts';

/**
 * What a refusal says: a catalogue text, worded in the language of the answer by the error handler (the employee's
 * screens read it), or a text already worded (a document's message, already in the request's language; a staff
 * API's English).
 */
export type Said = string | CatalogueText;
export type SaidFieldErrors = Readonly<Record<string, readonly Said[]>>;

/** An expected failure: a code from the closed list, the HTTP status that fits and a message a person can act on. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    readonly said: Said,
    readonly fieldErrors?: SaidFieldErrors,
    readonly data: unknown = null,
  ) {
    // Error's own message (logs, tests) is the English one; the answer is worded by messageIn.
    super(inLanguage(said, DEFAULT_LANGUAGE));
    this.name = 'AppError';
  }

  messageIn(language: Language): string {
    return inLanguage(this.said, language);
  }

  fieldErrorsIn(language: Language): FieldErrors | undefined {
    if (!this.fieldErrors) return undefined;
    return Object.fromEntries(Object.entries(this.fieldErrors).map(([pointer, texts]) => [pointer, texts.map((text) => inLanguage(text, language))]));
  }
}

export const badRequest = (message: Said, fieldErrors?: SaidFieldErrors) => new AppError('VALIDATION_FAILED', 400, message, fieldErrors);
export const unauthorized = (message: Said = catalogueText('error-sign-in-again')) => new AppError('UNAUTHORIZED', 401, message);
export const forbidden = (message: Said = catalogueText('error-forbidden')) => new AppError('FORBIDDEN', 403, message);
export const notFound = (message: Said = catalogueText('error-not-found')) => new AppError('NOT_FOUND', 404, message);

/** Refuses days `from` after `to` (a list filtered by days, both included): no day is both, so nothing could match. */
export function refuseInvertedDays(query: { from?: string; to?: string }): void {
  if (query.from && query.to && query.from > query.to) {
    throw badRequest(`The first day (${query.from}) is after the last (${query.to}).`, { 'querystring/from': ['Must be on or before the last day (to).'] });
  }
}
