import type { ErrorCode, FieldErrors } from '#contracts/api.ts';

/** An expected failure: a code from the closed list, the HTTP status that fits and a message a person can act on. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: FieldErrors,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fieldErrors?: FieldErrors) =>
  new AppError('VALIDATION_FAILED', 400, message, fieldErrors);
export const unauthorized = (message = 'Please sign in again.') => new AppError('UNAUTHORIZED', 401, message);
export const forbidden = (message = 'You may not access this record.') => new AppError('FORBIDDEN', 403, message);
export const notFound = (message = 'Not found.') => new AppError('NOT_FOUND', 404, message);

/** Refuses days `from` after `to` (a list filtered by days, both included): no day is both, so nothing could match. */
export function refuseInvertedDays(query: { from?: string; to?: string }): void {
  if (query.from && query.to && query.from > query.to) {
    throw badRequest(`The first day (${query.from}) is after the last (${query.to}).`, { 'querystring/from': ['Must be on or before the last day (to).'] });
  }
}
