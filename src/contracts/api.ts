/**
 * The wire envelope of every API answer and the closed list of error codes.
 * Shared by the web app and the server; imports nothing.
 */

/** Every answer is `{ success, data, message }`; a failure adds `code` and, for input faults, `fieldErrors`. */
export type ApiSuccess<T> = { success: true; data: T; message: string };
export type ApiFailure<T = unknown> = {
  success: false;
  data: T | null;
  message: string;
  code: ErrorCode;
  /** Messages keyed by the field's JSON pointer in the request body (`/memberdto/firstname`). */
  fieldErrors?: FieldErrors;
};
export type ApiAnswer<T> = ApiSuccess<T> | ApiFailure;

export type FieldErrors = Record<string, string[]>;

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'DRAFT_CHANGED',
  'PUBLISHED_CHANGED',
  'PRECONDITION_REQUIRED',
  'RESOURCE_CHANGED',
  'ALREADY_REGISTERED',
  'CENSUS_INVALID',
  'PROOF_FAILED',
  'APPROVAL_REQUIRED',
  'APPROVER_SAVED_DRAFT',
  'PROFILE_INCOMPLETE',
  'LOGIN_FAILED',
  'TOKEN_INVALID',
  'RATE_LIMITED',
  'REQUEST_TIMEOUT',
  'ACCOUNT_LOCKED',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The all-zero UUID: what the spec calls the empty identifier. */
export const EMPTY_ID = '00000000-0000-0000-0000-000000000000';
