/**
 * The server's cookies, on @fastify/cookie (registered in app.ts): every cookie it sets is HttpOnly and Secure
 * with a path and a SameSite of its own, and a value it reads must have the expected shape.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** An opaque token of URL-safe characters (the session and staff tokens). */
export const TOKEN_VALUE = /^[A-Za-z0-9_-]{1,200}$/;

/** Where a cookie is sent: the path below which, and whether a link from another site carries it (lax). */
export type CookieScope = { path: string; sameSite: 'strict' | 'lax' };

/** The value of the named cookie when it has the expected shape, else null. */
export function readCookie(request: FastifyRequest, name: string, shape: RegExp = TOKEN_VALUE): string | null {
  // A framework error (a broken URL) is answered before the cookie plugin's hook has parsed the header: parse it
  // with the plugin's own parser then.
  const cookies = (request.cookies as FastifyRequest['cookies'] | undefined) ?? request.server.parseCookie(request.headers.cookie ?? '');
  const value = cookies[name];
  return value !== undefined && shape.test(value) ? value : null;
}

/** Sets an HttpOnly, Secure cookie for `seconds`. */
export function setCookie(reply: FastifyReply, name: string, value: string, seconds: number, scope: CookieScope): void {
  reply.setCookie(name, value, { maxAge: seconds, path: scope.path, httpOnly: true, secure: true, sameSite: scope.sameSite });
}

/** Ends a cookie at once (an empty value that expires now). */
export function clearCookie(reply: FastifyReply, name: string, scope: CookieScope): void {
  setCookie(reply, name, '', 0, scope);
}
