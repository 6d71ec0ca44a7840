/**
 * What the plugins add to Fastify, in one place so every routes module sees the same seams:
 * - app.db: the Kysely database (PGlite or PostgreSQL).
 * - app.config: the frozen configuration.
 * - app.now: the clock (today is todayUtc(app.now())); tests give a fixed one.
 * - app.authenticate: onRequest hook that requires a valid access token and sets request.member (and request.family
 *   on a route with `config: { memberFamily: true }`); onRequest, so it runs before the body is read and validated.
 * - app.requireStaff(role): onRequest hook that requires a staff session of at least that role and sets request.staff.
 * - app.content: resolved form and flow documents per employer, and body validation with them.
 * - app.mail: the outbox.
 * - app.planPremiums: plan premiums for the order code (contract 2).
 * - app.readiness: whether the start's one-time work is done (readiness.ts).
 * - app.validatorsRoot: where the build wrote the base forms' validators (validator-modules.ts).
 */
import type { InFlight } from './draining.ts';
import type { Kysely } from 'kysely';
import type { Database, StaffRole } from '#db/database.ts';
import type { MemberFamily } from '#db/repositories/member.repository.ts';
import type { Config } from './config.ts';
import type { FieldErrors } from '#contracts/api.ts';
import type { PlanPremiumSource } from './services/enrollment-prices.ts';
import type { FormDocument } from '#engine/core/types.ts';
import type { StaffIdentity } from './plugins/staff-auth.plugin.ts';
import type { Readiness } from './readiness.ts';
import type { Language } from '#contracts/language.ts';

/** The caller of a request with a live session (sessionId: the access token's `sid`). */
export type AuthenticatedMember = { memberId: string; accountId: string; email: string; sessionId: string };

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

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    config: Config;
    now: () => Date;
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireStaff: (role: StaffRole) => (request: FastifyRequest) => Promise<void>;
    content: ContentService;
    mail: MailService;
    /** The plan premium for a member's stored family (contract 2); see services/enrollment-prices.ts. */
    planPremiums: PlanPremiumSource;
    readiness: Readiness;
    /** Requests in flight, work after answers, and draining before a shutdown (draining.ts). */
    inFlight: InFlight;
    /** The folder of the base forms' validator modules compiled at build time (dist/validators; may be absent). */
    validatorsRoot: string;
  }
  interface FastifyContextConfig {
    /** app.authenticate reads the caller's family with the session (request.family). */
    memberFamily?: boolean;
  }
  interface FastifyRequest {
    /** The language the answer is in (plugins/language.plugin.ts). */
    language: Language;
    member: AuthenticatedMember | null;
    /** The caller's family for pricing, read with the session check (routes with config.memberFamily only). */
    family: MemberFamily | null;
    /** The signed-in staff user (staff routes only; set by app.requireStaff). */
    staff: StaffIdentity | null;
  }
}
