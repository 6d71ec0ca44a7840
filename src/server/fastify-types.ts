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
import type { InFlight } from './http/draining.ts';
import type { Kysely } from 'kysely';
import type { Database, StaffRole } from '#db/database.ts';
import type { MemberFamily } from '#db/repositories/member/member.repository.ts';
import type { Config } from './config.ts';
import type { PlanPremiumSource } from './services/enrollment/enrollment-prices.ts';
import type { StaffIdentity } from '#contracts/staff/staff-auth.ts';
import type { Readiness } from './infra/readiness.ts';
import type { AuthenticatedMember, ContentService, MailService } from './ports.ts';
import type { Language } from '#contracts/language.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    config: Config;
    now: () => Date;
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireStaff: (role: StaffRole) => (request: FastifyRequest) => Promise<void>;
    content: ContentService;
    mail: MailService;
    /** The plan premium for a member's stored family (contract 2); see services/enrollment/enrollment-prices.ts. */
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
