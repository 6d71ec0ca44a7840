/**
 * The refresh token's cookie: HttpOnly (no page script reads it), Secure, SameSite=Strict (no other site's page
 * sends it), Path=/api/Login (only Refresh and Logout receive it), and it ends with the session. A new tab of a
 * signed-in person calls Refresh and is signed in. docs/decisions.md, Refresh token in a cookie.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from './cookies.ts';

export const REFRESH_COOKIE = 'bp_refresh';
const PATH = '/api/Login';

export function setRefreshCookie(reply: FastifyReply, token: string, expiresAt: Date, now: Date): void {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  reply.header(
    'set-cookie',
    `${REFRESH_COOKIE}=${token}; Max-Age=${maxAge}; Path=${PATH}; HttpOnly; Secure; SameSite=Strict`,
  );
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.header('set-cookie', `${REFRESH_COOKIE}=; Max-Age=0; Path=${PATH}; HttpOnly; Secure; SameSite=Strict`);
}

/** The refresh token of the request's cookie, or null. */
export function refreshCookie(request: FastifyRequest): string | null {
  return readCookie(request, REFRESH_COOKIE);
}
