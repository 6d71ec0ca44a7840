/**
 * Staff sign-in, sign-out and who am I (plugins/staff-auth.plugin.ts explains the cookie and the CSRF header; the
 * sign-in through the staff identity provider is staff-oidc.routes.ts, whose sign-out page Sign Out answers).
 * Failed sign-ins count and lock per e-mail address by the members' policy (security/sign-in-limits.ts), under a key of their own
 * so a member's failures never lock a staff user of the same address or the other way round. Each failed sign-in
 * is recorded in the audit trail (the address tried and why, never the password).
 */
import { CONSOLE_LOCALE } from '#contracts/language.ts';
import { fillPlural } from '#contracts/messages.ts';
import { visibleEmployers } from '#db/repositories/staff/staff-user.repository.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { StaffLoginSchema, StaffMeSchema, StaffSignInSchema, StaffSignOutSchema } from '#contracts/staff/staff-auth.ts';
import * as staffUsers from '#db/repositories/staff/staff-user.repository.ts';
import * as staffSessions from '#db/repositories/staff/staff-session.repository.ts';
import * as signinFailures from '#db/repositories/sign-in/signin-failure.repository.ts';
import * as members from '#db/repositories/member/member.repository.ts';
import { recordFailedSignIn } from '#db/repositories/staff/staff-audit.repository.ts';
import type { SignInFailure } from '#contracts/staff/staff-audit.ts';
import type { DbOrTx } from '#db/database.ts';
import * as consoleSettings from '#db/repositories/staff/staff-console-setting.repository.ts';
import { AppError } from '../../errors.ts';
import { hashPassword, sha256, verifyPassword } from '../../security/crypto.ts';
import { authRateLimit, envelope, failures, ok } from '../../http/route-schemas.ts';
import { providerSignOutUrl } from '../../services/staff-access/staff-single-sign-on.ts';
import { clearStaffCookie, setStaffCookie, staffCookie, startStaffSession } from '../../plugins/staff-auth.plugin.ts';
import { startPendingSignin } from '../../security/staff-pending-signin.ts';
import { LOCKOUT_POLICY } from '../../security/sign-in-limits.ts';

export const staffCookieSecurity = [{ staffCookie: [] }];

/** The key staff failures (wrong passwords and wrong second-factor codes alike) count under. */
export const staffFailureKey = (email: string) => sha256(`staff:${staffUsers.normalEmail(email)}`);

/** 429 ACCOUNT_LOCKED with Retry-After, until `until`. */
export function staffLocked(reply: FastifyReply, until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  reply.header('retry-after', String(seconds));
  const minutes = Math.ceil(seconds / 60);
  const text = { one: 'Too many failed sign-ins. Please try again in {count} minute.', other: 'Too many failed sign-ins. Please try again in {count} minutes.' };
  return new AppError('ACCOUNT_LOCKED', 429, fillPlural(text, minutes, CONSOLE_LOCALE));
}

/**
 * Looks like an e-mail address: the characters addresses are written with and a domain ending in a top-level domain
 * of letters. A password typed into the e-mail box is not one, even with an @ and a dot in it (P@ssw0rd.2024).
 */
const looksLikeAddress = (text: string) => /^[a-z0-9._%+-]{1,64}@([a-z0-9-]+\.)+[a-z]{2,63}$/i.test(text);

/**
 * Records a failed staff sign-in: the staff user of the address and why. An address no staff user has is kept only
 * when it looks like an address (a password typed into the e-mail box is never kept) and is no member's sign-in
 * address, so a member who strayed onto the staff sign-in leaves no personal data in the trail.
 */
async function recordFailure(db: DbOrTx, email: string, user: staffUsers.StaffUserRow | undefined, locked: boolean): Promise<void> {
  if (user) return recordFailedSignIn(db, { staffId: user.id, email: user.email, reason: locked ? 'locked' : user.disabled ? 'disabled' : 'wrong-password' });
  const address = staffUsers.normalEmail(email);
  const isMember = (await members.emailOwners(db, [address])).size > 0;
  const reason: SignInFailure = locked ? 'locked' : isMember ? 'member-email' : 'unknown-email';
  return recordFailedSignIn(db, { staffId: null, email: isMember || !looksLikeAddress(address) ? null : address, reason });
}

export async function staffAuthRoutes(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  // Verifying against a real hash when the address is unknown keeps the answer time from telling who is staff.
  const decoyHash = hashPassword('decoy-password-for-unknown-staff');
  const loginFailed = () => new AppError('LOGIN_FAILED', 401, 'The e-mail address or the password is not right.');

  app.post(
    '/api/staff/login',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['Staff'],
        summary:
          'Staff sign-in: sets the HttpOnly cookie bp_staff; with a second factor due, answers secondFactor (required: a code; enroll: set it up) and sets bp_staff_pending instead; 429 ACCOUNT_LOCKED after repeated failures',
        body: StaffLoginSchema,
        response: { 200: envelope(StaffSignInSchema), ...failures },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const now = new Date();
      const key = staffFailureKey(email);
      const attempt = await signinFailures.reserveAttempt(app.db, key, now, LOCKOUT_POLICY);
      if (attempt.kind === 'locked') {
        await recordFailure(app.db, email, await staffUsers.findByEmail(app.db, email), true);
        throw staffLocked(reply, attempt.until, now);
      }

      const user = await staffUsers.findByEmail(app.db, email);
      const valid = await verifyPassword(user?.password_hash ?? (await decoyHash), password);
      if (!user || user.disabled || !valid) {
        await recordFailure(app.db, email, user, false);
        if (attempt.lockedUntil) throw staffLocked(reply, attempt.lockedUntil, now);
        throw loginFailed();
      }
      const due = user.totp_enabled_at ? 'code' : (await consoleSettings.read(app.db)).secondFactorRequired ? 'enroll' : null;
      if (due) {
        // The failure count stays: it is cleared when the second factor is right, so a known password does not
        // buy fresh guesses at the code.
        await startPendingSignin(app.db, reply, user.id, due, now);
        return ok({ secondFactor: due === 'code' ? 'required' : 'enroll' });
      }
      await signinFailures.clear(app.db, key);
      setStaffCookie(reply, (await startStaffSession(app.db, user.id, now)).token);
      return ok({ staff: { id: user.id, email: user.email, role: user.role } });
    },
  );

  app.post(
    '/api/staff/logout',
    {
      schema: {
        tags: ['Staff'],
        summary:
          "Staff sign-out: the session ends on the server and the cookie is cleared; answers the staff identity provider's sign-out page when the session was opened through it and the provider offers RP-initiated logout (null otherwise)",
        response: { 200: envelope(StaffSignOutSchema), ...failures },
      },
    },
    async (request, reply) => {
      const token = staffCookie(request);
      const tokenHash = token && sha256(token);
      const url = tokenHash ? await providerSignOutUrl(app.db, app.config, tokenHash, (error) => request.log.warn({ err: error }, 'staff identity provider discovery failed')) : null;
      if (tokenHash) await staffSessions.endByTokenHash(app.db, tokenHash, new Date());
      clearStaffCookie(reply);
      return ok(url ? { url } : null);
    },
  );

  app.get(
    '/api/staff/me',
    {
      onRequest: app.requireStaff('viewer'),
      schema: {
        tags: ['Staff'],
        summary: 'The signed-in staff user, and whether they see every employer (an admin, or a user assigned all)',
        security: staffCookieSecurity,
        response: { 200: envelope(StaffMeSchema), ...failures },
      },
    },
    async (request) => ok({ ...request.staff!, allEmployers: (await visibleEmployers(app.db, request.staff!)) === null }),
  );
}
