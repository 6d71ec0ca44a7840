/**
 * The services the routes and services reach through Fastify's instance (app.content, app.mail) and the caller of
 * a request, as interfaces only: a leaf module, so a service can name what it is given without importing the
 * plugins that provide it (fastify-types.ts declares them on the instance).
 */
import type { FieldErrors } from '#contracts/api.ts';
import type { Language } from '#contracts/language.ts';
import type { FormDocument } from '#engine/runtime/types.ts';

/** The caller of a request with a live session (sessionId: the access token's `sid`). */
export type AuthenticatedMember = { memberId: string; accountId: string; email: string; sessionId: string };

/** The staff user a staff service acts for: the audit record names them. */
export type Staff = { id: string };

/**
 * How a request body is checked with a form: in `language` (its messages are the document's texts in it, the
 * request's language), fields keyed by `pointerPrefix` + the field's pointer, rules reading `context` besides today.
 */
export type CheckOptions = { language: Language; pointerPrefix?: string; context?: Record<string, unknown> };

/**
 * The documents as an employer's employees get them. `language` is the language of the texts (a request's
 * request.language); the employer's override and the document's `translations` decide them (docs/design.md).
 */
export interface ContentService {
  /**
   * The resolved document (base merged with the employer's published override) as served in `language` (that
   * language's texts in place, no `translations`), with its tag (another for each language) and the version of
   * the override in force (0: the base document).
   */
  resolve(documentId: string, accountId: string | null, language: Language): Promise<{ document: unknown; etag: string; version: number }>;
  /** The resolved document with its texts in every language: English in place, the others in `translations` (what staff edit). */
  resolveWithTranslations(documentId: string, accountId: string | null): Promise<{ document: unknown; etag: string; version: number }>;
  /**
   * The version in force of every document for an employer: { documentid: version }, 0 for a base document the
   * employer has no published override of (an employer's own published forms included).
   */
  versions(accountId: string): Promise<Record<string, number>>;
  /**
   * Validates data against a resolved form document (schema and rules) and throws a 400 AppError with
   * fieldErrors keyed by `pointerPrefix` + the field's pointer, in `language`, when it fails.
   */
  validate(documentId: string, accountId: string | null, data: unknown, options: CheckOptions): Promise<void>;
  /** Same as validate, but answers the errors instead of throwing (empty when valid). */
  check(documentId: string, accountId: string | null, data: unknown, options: CheckOptions): Promise<FieldErrors>;
  /** A form document as an employer sees it in a language (null: no employer, the base document): the texts a route answers with. */
  form(documentId: string, accountId: string | null, language: Language): Promise<FormDocument>;
  /**
   * The base form document (no employer's override, its translations still in `translations`): only for the rules
   * and fields a stored row needs whatever an override says (their texts still come from the employer's document).
   */
  baseForm(documentId: string): FormDocument;
}

export interface MailService {
  /** Puts a message in the outbox and tries to deliver it (SMTP, or a .eml file plus a console line). */
  send(message: { to: string; subject: string; text: string; html?: string }): Promise<void>;
}
