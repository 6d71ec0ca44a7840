/**
 * The staff second factor (services/staff-access/staff-totp.ts): finishing a sign-in with a code, setting TOTP up (during a
 * sign-in when an admin requires it, or signed in from the Security page), turning it off, an admin's reset and the
 * admin's "required for every staff user". A wrong code counts toward the staff lockout like a wrong password.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ConsoleSettingsInputSchema,
  ConsoleSettingsSchema,
  SecondFactorCodeSchema,
  SecondFactorSignInSchema,
  TotpEnrollmentSchema,
  TotpRecoveryCodesSchema,
  TotpSetUpSignInSchema,
  TotpStatusSchema,
} from '#contracts/staff/staff-totp.ts';
import { StaffUserSchema } from '#contracts/staff/staff-users.ts';
import { Uuid } from '#contracts/wire-schema.ts';
import * as staffUsers from '#db/repositories/staff/staff-user.repository.ts';
import * as signinFailures from '#db/repositories/sign-in/signin-failure.repository.ts';
import * as pendingSignins from '#db/repositories/staff/staff-signin-pending.repository.ts';
import * as consoleSettings from '#db/repositories/staff/staff-console-setting.repository.ts';
import { recordFailedSignIn } from '#db/repositories/staff/staff-audit.repository.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { authRateLimit, envelope, failures, ok } from '../../http/route-schemas.ts';
import { conditionHeaders, etagHeader, preconditionOf, taggedAnswer } from '../../http/preconditions.ts';
import { recordStaffSecurityEvent } from '../../security/security-events.ts';
import { endPendingSignin, pendingSignin } from '../../security/staff-pending-signin.ts';
import { setStaffCookie, startStaffSession } from '../../plugins/staff-auth.plugin.ts';
import * as totp from '../../services/staff-access/staff-totp.ts';
import { LOCKOUT_POLICY } from '../../security/sign-in-limits.ts';
import { staffCookieSecurity, staffFailureKey, staffLocked } from './staff-auth.routes.ts';
import { withEmployers } from '../../services/staff-access/staff-users.ts';

const expired = () => new AppError('TOKEN_INVALID', 401, 'This sign-in has expired. Please sign in again with your password.');
const wrongCode = () =>
  new AppError('LOGIN_FAILED', 401, 'That code is not right. Enter the current code from your authenticator app, or one of your recovery codes.');
const wrongSetupCode = () => badRequest('That code is not right. Enter the current 6-digit code your authenticator app shows.');
const notStarted = () => new AppError('CONFLICT', 409, 'Start setting up two-step verification first.');
const enabledAlready = () => new AppError('CONFLICT', 409, 'Two-step verification is on already.');

export async function staffTotpRoutes(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const key = app.config.SSN_KEY;
  const viewer = app.requireStaff('viewer');
  const admin = app.requireStaff('admin');

  /**
   * One second-factor step of a pending sign-in: counted toward the address's lockout before the code is looked
   * at (as a password is); `check` says whether the code was right. A wrong one also counts against the pending
   * sign-in, which dies at the fifth.
   */
  const pendingStep = async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    purpose: pendingSignins.PendingPurpose,
    check: (user: staffUsers.StaffUserRow, now: Date) => Promise<{ passed: true; value: T } | { passed: false; error: AppError }>,
  ) => {
    const now = new Date();
    const pending = await pendingSignin(app.db, request, purpose, now);
    const user = pending && (await staffUsers.findById(app.db, pending.staff_user_id));
    if (!pending || !user || user.disabled) throw expired();
    const failureKey = staffFailureKey(user.email);
    const attempt = await signinFailures.reserveAttempt(app.db, failureKey, now, LOCKOUT_POLICY);
    if (attempt.kind === 'locked') {
      await recordFailedSignIn(app.db, { staffId: user.id, email: user.email, reason: 'locked' });
      throw staffLocked(reply, attempt.until, now);
    }
    const outcome = await check(user, now);
    if (!outcome.passed) {
      await pendingSignins.countFailure(app.db, pending.id);
      await recordStaffSecurityEvent(app, request, 'staff-totp-failed', user.id);
      await recordFailedSignIn(app.db, { staffId: user.id, email: user.email, reason: 'wrong-code' });
      if (attempt.lockedUntil) throw staffLocked(reply, attempt.lockedUntil, now);
      throw outcome.error;
    }
    await signinFailures.clear(app.db, failureKey);
    await endPendingSignin(app.db, reply, pending.id);
    setStaffCookie(reply, (await startStaffSession(app.db, user.id, now)).token);
    return { user, value: outcome.value };
  };

  app.post(
    '/api/staff/login/second-factor',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['Staff'],
        summary: 'Finish a staff sign-in with a code from the authenticator app or a recovery code (cookie bp_staff_pending); sets bp_staff',
        body: SecondFactorCodeSchema,
        response: { 200: envelope(SecondFactorSignInSchema), ...failures },
      },
    },
    async (request, reply) => {
      const { user, value } = await pendingStep(request, reply, 'code', async (row, now) => {
        const proof = await totp.proveSecondFactor(app.db, key, row, request.body.code, now);
        return proof.kind === 'wrong-code' ? { passed: false, error: wrongCode() } : { passed: true, value: proof.kind };
      });
      if (value === 'recovery-code') await recordStaffSecurityEvent(app, request, 'staff-recovery-code-used', user.id);
      return ok({ staff: { id: user.id, email: user.email, role: user.role } });
    },
  );

  app.post(
    '/api/staff/login/totp/start',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['Staff'],
        summary: 'Set up two-step verification during a sign-in an admin requires it for (cookie bp_staff_pending): the secret, its otpauth URI and QR code',
        response: { 200: envelope(TotpEnrollmentSchema), ...failures },
      },
    },
    async (request) => {
      const pending = await pendingSignin(app.db, request, 'enroll', new Date());
      const user = pending && (await staffUsers.findById(app.db, pending.staff_user_id));
      if (!pending || !user || user.disabled) throw expired();
      const enrollment = await totp.startEnrollment(app.db, key, user);
      if (!enrollment) throw enabledAlready();
      return ok(enrollment);
    },
  );

  app.post(
    '/api/staff/login/totp/confirm',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['Staff'],
        summary: 'Confirm the set-up with a first code during a sign-in: turns TOTP on, sets bp_staff, answers the recovery codes (shown only now)',
        body: SecondFactorCodeSchema,
        response: { 200: envelope(TotpSetUpSignInSchema), ...failures },
      },
    },
    async (request, reply) => {
      const { user, value } = await pendingStep(request, reply, 'enroll', async (row, now) => {
        const outcome = await totp.confirmEnrollment(app.db, key, row.id, request.body.code, now);
        if (outcome.kind === 'enabled') return { passed: true, value: outcome.recoveryCodes };
        return { passed: false, error: outcome.kind === 'wrong-code' ? wrongSetupCode() : outcome.kind === 'not-started' ? notStarted() : enabledAlready() };
      });
      await recordStaffSecurityEvent(app, request, 'staff-totp-enabled', user.id);
      return ok({ staff: { id: user.id, email: user.email, role: user.role }, recoveryCodes: value });
    },
  );

  app.get(
    '/api/staff/me/totp',
    {
      onRequest: viewer,
      schema: {
        tags: ['Staff'],
        summary: "Whether the signed-in staff user's two-step verification is on, how many recovery codes are left, whether an admin requires it",
        security: staffCookieSecurity,
        response: { 200: envelope(TotpStatusSchema), ...failures },
      },
    },
    async (request) => {
      const row = await staffUsers.findById(app.db, request.staff!.id);
      if (!row) throw notFound('There is no such staff user.');
      return ok({
        enabled: row.totp_enabled_at !== null,
        enabledAt: row.totp_enabled_at ? new Date(row.totp_enabled_at).toISOString() : null,
        recoveryCodesLeft: row.totp_enabled_at ? row.totp_recovery_hashes.length : 0,
        required: (await consoleSettings.read(app.db)).secondFactorRequired,
      });
    },
  );

  app.post(
    '/api/staff/me/totp/start',
    {
      onRequest: viewer,
      schema: {
        tags: ['Staff'],
        summary: 'Start setting up two-step verification: a new secret (kept sealed until confirmed), its otpauth URI and QR code; 409 when on already',
        security: staffCookieSecurity,
        response: { 200: envelope(TotpEnrollmentSchema), ...failures },
      },
    },
    async (request) => {
      const enrollment = await totp.startEnrollment(app.db, key, request.staff!);
      if (!enrollment) throw enabledAlready();
      return ok(enrollment);
    },
  );

  app.post(
    '/api/staff/me/totp/confirm',
    {
      onRequest: viewer,
      config: authRateLimit(app),
      schema: {
        tags: ['Staff'],
        summary: 'Confirm the set-up with a first code: turns two-step verification on and answers 10 recovery codes (shown only now)',
        security: staffCookieSecurity,
        body: SecondFactorCodeSchema,
        response: { 200: envelope(TotpRecoveryCodesSchema), ...failures },
      },
    },
    async (request) => {
      const outcome = await totp.confirmEnrollment(app.db, key, request.staff!.id, request.body.code, new Date());
      if (outcome.kind === 'wrong-code') {
        await recordStaffSecurityEvent(app, request, 'staff-totp-failed', request.staff!.id);
        throw wrongSetupCode();
      }
      if (outcome.kind === 'not-started') throw notStarted();
      if (outcome.kind === 'enabled-already') throw enabledAlready();
      await recordStaffSecurityEvent(app, request, 'staff-totp-enabled', request.staff!.id);
      return ok({ recoveryCodes: outcome.recoveryCodes });
    },
  );

  app.post(
    '/api/staff/me/totp/disable',
    {
      onRequest: viewer,
      config: authRateLimit(app),
      schema: {
        tags: ['Staff'],
        summary:
          'Turn two-step verification off with a current code (or a recovery code); a wrong code counts toward the staff lockout (429 ACCOUNT_LOCKED at the fifth); 409 while an admin requires it',
        security: staffCookieSecurity,
        body: SecondFactorCodeSchema,
        response: { 200: envelope(Type.Null()), ...failures },
      },
    },
    async (request, reply) => {
      // A code guessed here counts toward the address's lockout as one guessed while signing in does.
      const now = new Date();
      const failureKey = staffFailureKey(request.staff!.email);
      const attempt = await signinFailures.reserveAttempt(app.db, failureKey, now, LOCKOUT_POLICY);
      if (attempt.kind === 'locked') throw staffLocked(reply, attempt.until, now);
      const outcome = await totp.disableOwn(app.db, key, request.staff!.id, request.body.code, now);
      if (outcome.kind === 'wrong-code') {
        await recordStaffSecurityEvent(app, request, 'staff-totp-failed', request.staff!.id);
        if (attempt.lockedUntil) throw staffLocked(reply, attempt.lockedUntil, now);
        throw badRequest('That code is not right. Enter the current code from your authenticator app.');
      }
      if (outcome.kind === 'disabled') await signinFailures.clear(app.db, failureKey);
      if (outcome.kind === 'not-enabled') throw new AppError('CONFLICT', 409, 'Two-step verification is not on.');
      if (outcome.kind === 'required') throw new AppError('CONFLICT', 409, 'An admin requires two-step verification for every staff user.');
      await recordStaffSecurityEvent(app, request, 'staff-totp-disabled', request.staff!.id);
      return ok(null);
    },
  );

  app.delete(
    '/api/staff/users/:id/totp',
    {
      onRequest: admin,
      schema: {
        tags: ['Staff'],
        summary: "Reset a staff user's two-step verification (admin): it is off and their sessions end; they set it up again",
        security: staffCookieSecurity,
        params: Type.Object({ id: Uuid }),
        response: { 200: envelope(StaffUserSchema), ...failures },
      },
    },
    async (request) => {
      const user = await totp.resetByAdmin(app.db, request.params.id, request.staff!.id, new Date());
      if (!user) throw notFound('There is no such staff user.');
      await recordStaffSecurityEvent(app, request, 'staff-totp-reset', user.id);
      return ok(await withEmployers(app.db, (await staffUsers.findById(app.db, user.id))!));
    },
  );

  app.get(
    '/api/staff/settings',
    {
      onRequest: admin,
      schema: {
        tags: ['Staff'],
        summary: "Console settings (admin); ETag: the settings' version",
        security: staffCookieSecurity,
        response: { 200: { ...envelope(ConsoleSettingsSchema), headers: etagHeader }, ...failures },
      },
    },
    async (request, reply) => {
      const settings = await consoleSettings.read(app.db);
      return taggedAnswer(reply, settings, totp.settingsTag(settings));
    },
  );

  app.patch(
    '/api/staff/settings',
    {
      onRequest: admin,
      schema: {
        tags: ['Staff'],
        summary:
          "Require two-step verification of every staff user (admin; the admin needs it on first); sessions of those without it end; If-Match: the settings' ETag (428 PRECONDITION_REQUIRED without it; 412 RESOURCE_CHANGED with data { changedBy, changedAt } when changed since)",
        security: staffCookieSecurity,
        headers: conditionHeaders(false),
        body: ConsoleSettingsInputSchema,
        response: { 200: { ...envelope(ConsoleSettingsSchema), headers: etagHeader }, ...failures },
      },
    },
    async (request, reply) => {
      const outcome = await totp.setSecondFactorRequired(app.db, request.body.secondFactorRequired, request.staff!.id, new Date(), preconditionOf(request.headers, false));
      if (outcome.kind === 'actor-without-second-factor') {
        throw new AppError('CONFLICT', 409, 'Turn on two-step verification for yourself first (Security page), then require it for everyone.');
      }
      return taggedAnswer(reply, outcome.settings, totp.settingsTag(outcome.settings));
    },
  );
}
