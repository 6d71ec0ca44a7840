/**
 * Staff authentication, apart from the members' on purpose: staff carry only the `bp_staff` cookie (an opaque
 * random token, stored as its SHA-256 in staff_session), members only bearer JWTs, so neither credential opens
 * the other's routes. Deny by default: every /api/staff request but sign-in and sign-out needs a live staff
 * session before anything else runs (401 otherwise, even before the body is read), which sets request.staff.
 * `app.requireStaff(role)` is the onRequest hook of every staff route, run after that one: 403 with too small a role
 * (viewer < implementer < admin), also before the body is read, so a viewer's change is refused whatever it sends.
 * The same hook checks the employer a call names by its path or query (`accountid`): a staff user not assigned it
 * answers 403, as a member naming another employer does (docs/staff.md, Staff users), so no route can forget it.
 * Sessions end after 30 minutes without a call and 12 hours after sign-in, like the members'.
 *
 * CSRF: the cookie is SameSite=Strict, and every state-changing /api/staff request must also carry the header
 * `x-staff-request: 1`, which a cross-site form cannot send and a cross-site script cannot add without a CORS
 * preflight the API never grants. Checked in one hook, so no staff route can forget it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS, SESSION_TOUCH_SECONDS } from '#contracts/session.ts';
import type { StaffIdentity } from '#contracts/staff/staff-auth.ts';
import { STAFF_ROLES, type StaffRole } from '#contracts/staff/staff-roles.ts';
import type { DbOrTx } from '#db/database.ts';
import * as staffSessions from '#db/repositories/staff/staff-session.repository.ts';
import { visibleEmployers } from '#db/repositories/staff/staff-user.repository.ts';
import { AppError, forbidden, unauthorized } from '../errors.ts';
import { clearCookie, readCookie, setCookie, type CookieScope } from '../security/cookies.ts';
import { randomToken, sha256 } from '../security/crypto.ts';

export const STAFF_COOKIE = 'bp_staff';
const STAFF_COOKIE_SCOPE: CookieScope = { path: '/', sameSite: 'strict' };
export const STAFF_REQUEST_HEADER = 'x-staff-request';

/** The path and query parameters that name an employer: every staff call with one checks the caller may see it. */
export const EMPLOYER_PARAMS = ['accountid'] as const;

const rank = (role: StaffRole) => STAFF_ROLES.indexOf(role);
const before = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The staff routes open without a session (the second-factor steps check their own pending cookie). */
const OPEN_STAFF_ROUTES = new Set([
  '/api/staff/login',
  '/api/staff/logout',
  '/api/staff/login/second-factor',
  '/api/staff/login/totp/start',
  '/api/staff/login/totp/confirm',
  '/api/staff/oidc',
  '/api/staff/oidc/start',
  '/api/staff/oidc/callback',
]);

export const isStaffApi = (url: string) => url === '/api/staff' || url.startsWith('/api/staff/') || url.startsWith('/api/staff?');

/** Opens a session for a staff user; answers the cookie's token (only its hash is stored) and the session's id. */
export async function startStaffSession(db: DbOrTx, staffUserId: string, now: Date): Promise<{ token: string; sessionId: string }> {
  const token = randomToken();
  const sessionId = await staffSessions.insert(db, staffUserId, sha256(token), now);
  return { token, sessionId };
}

export function setStaffCookie(reply: FastifyReply, token: string): void {
  setCookie(reply, STAFF_COOKIE, token, SESSION_ABSOLUTE_SECONDS, STAFF_COOKIE_SCOPE);
}

export function clearStaffCookie(reply: FastifyReply): void {
  clearCookie(reply, STAFF_COOKIE, STAFF_COOKIE_SCOPE);
}

/** The staff token of the request's cookie, or null. */
export function staffCookie(request: FastifyRequest): string | null {
  return readCookie(request, STAFF_COOKIE);
}

/** The staff user of a live session named by the request's cookie; null otherwise (no error). */
export async function optionalStaff(db: DbOrTx, request: FastifyRequest, now: Date): Promise<StaffIdentity | null> {
  const token = staffCookie(request);
  if (!token) return null;
  const live = await staffSessions.findLive(db, sha256(token), {
    startedAfter: before(now, SESSION_ABSOLUTE_SECONDS),
    usedAfter: before(now, SESSION_IDLE_SECONDS),
  });
  if (!live) return null;
  if (live.lastusedon < before(now, SESSION_TOUCH_SECONDS)) {
    await staffSessions.touch(db, live.sessionId, now, before(now, SESSION_TOUCH_SECONDS));
  }
  return live.staff;
}

/** 403 when the call names an employer the staff user was not assigned (an admin or a user of all employers passes). */
async function requireNamedEmployers(db: DbOrTx, staff: StaffIdentity, request: FastifyRequest): Promise<void> {
  const named = [request.params, request.query]
    .flatMap((values) => EMPLOYER_PARAMS.map((name) => (values as Record<string, unknown> | undefined)?.[name]))
    .filter((value) => typeof value === 'string');
  if (named.length === 0) return;
  const visible = await visibleEmployers(db, staff);
  if (visible && !named.every((accountid) => visible.includes(accountid))) {
    throw forbidden('This employer is not among yours; an admin can assign it to you on the Staff Users screen.');
  }
}

/**
 * 403 unless the staff user sees every employer: creating one is for them (a user of some employers would not see
 * what they created until an admin assigned it).
 */
export async function requireEveryEmployer(db: DbOrTx, staff: StaffIdentity): Promise<void> {
  if (await visibleEmployers(db, staff)) throw forbidden('Creating an employer needs access to all employers; an admin can create it or assign you all.');
}

export async function staffAuthPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('staff', null);

  const signInFirst = () => unauthorized('Please sign in to the staff console.');

  app.addHook('onRequest', async (request) => {
    if (!isStaffApi(request.url)) return;
    if (UNSAFE_METHODS.has(request.method) && request.headers[STAFF_REQUEST_HEADER] !== '1') {
      throw new AppError('FORBIDDEN', 403, `A staff change must carry the header ${STAFF_REQUEST_HEADER}: 1.`);
    }
    if (OPEN_STAFF_ROUTES.has(request.routeOptions.url ?? '')) return;
    request.staff = await optionalStaff(app.db, request, new Date());
    if (!request.staff) throw signInFirst();
  });

  app.decorate('requireStaff', (role: StaffRole) => async (request: FastifyRequest) => {
    const staff = request.staff ?? (await optionalStaff(app.db, request, new Date()));
    if (!staff) throw signInFirst();
    if (rank(staff.role) < rank(role)) throw forbidden(`This needs the ${role} role; you are ${/^[aeiou]/.test(staff.role) ? 'an' : 'a'} ${staff.role}.`);
    request.staff = staff;
    await requireNamedEmployers(app.db, staff, request);
  });
}
