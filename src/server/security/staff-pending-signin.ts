/**
 * The step between a right staff password and a session, when a second factor is due (docs/staff.md): the
 * `bp_staff_pending` cookie, an opaque random token stored only as its SHA-256, HttpOnly, SameSite=Strict, sent only
 * to /api/staff/login, 5 minutes, dead after 5 wrong codes. It opens nothing but the second-factor routes: 'code'
 * when the user has TOTP on, 'enroll' when an admin requires it and the user has yet to set it up.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '#db/database.ts';
import * as pendingSignins from '#db/repositories/staff/staff-signin-pending.repository.ts';
import { clearCookie, readCookie, setCookie, type CookieScope } from './cookies.ts';
import { randomToken, sha256 } from './crypto.ts';

export const PENDING_COOKIE = 'bp_staff_pending';
export const PENDING_SECONDS = 5 * 60;
export const PENDING_MAX_FAILURES = 5;
const COOKIE_SCOPE: CookieScope = { path: '/api/staff/login', sameSite: 'strict' };

/** Starts the step for a staff user whose password was right (ending their earlier unfinished ones); sets the cookie. */
export async function startPendingSignin(
  db: DbOrTx,
  reply: FastifyReply,
  staffUserId: string,
  purpose: pendingSignins.PendingPurpose,
  now: Date,
): Promise<void> {
  const token = randomToken();
  await pendingSignins.removeFor(db, staffUserId, now);
  await pendingSignins.insert(db, { staffUserId, tokenHash: sha256(token), purpose, expiresOn: new Date(now.getTime() + PENDING_SECONDS * 1000) });
  setCookie(reply, PENDING_COOKIE, token, PENDING_SECONDS, COOKIE_SCOPE);
}

/** The live pending sign-in of the request's cookie for this purpose; undefined when none (absent, forged, expired). */
export async function pendingSignin(
  db: DbOrTx,
  request: FastifyRequest,
  purpose: pendingSignins.PendingPurpose,
  now: Date,
): Promise<pendingSignins.PendingSignin | undefined> {
  const token = readCookie(request, PENDING_COOKIE);
  return token ? pendingSignins.findLive(db, sha256(token), purpose, now, PENDING_MAX_FAILURES) : undefined;
}

/** Ends the step (done or abandoned): the row is gone and the cookie cleared. */
export async function endPendingSignin(db: DbOrTx, reply: FastifyReply, id: string): Promise<void> {
  await pendingSignins.remove(db, id);
  clearCookie(reply, PENDING_COOKIE, COOKIE_SCOPE);
}
