/**
 * The refresh token's cookie: HttpOnly (no page script reads it), Secure, SameSite=Strict (no other site's page
 * sends it), Path=/api/Login (only Refresh and Logout receive it), and it ends with the session. A new tab of a
 * signed-in person calls Refresh and is signed in. docs/decisions/007-refresh-token-in-a-cookie-a-deliberate-deviation.md.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearCookie, readCookie, setCookie, type CookieScope } from './cookies.ts';

export const REFRESH_COOKIE = 'bp_refresh';
const SCOPE: CookieScope = { path: '/api/Login', sameSite: 'strict' };

export function setRefreshCookie(reply: FastifyReply, token: string, expiresAt: Date, now: Date): void {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  setCookie(reply, REFRESH_COOKIE, token, maxAge, SCOPE);
}

export function clearRefreshCookie(reply: FastifyReply): void {
  clearCookie(reply, REFRESH_COOKIE, SCOPE);
}

/** The refresh token of the request's cookie, or null. */
export function refreshCookie(request: FastifyRequest): string | null {
  return readCookie(request, REFRESH_COOKIE);
}
