/** Reading one cookie of a request: the value of the named cookie when it has the expected shape, else null. */
import type { FastifyRequest } from 'fastify';

/** An opaque token of URL-safe characters (the session and staff tokens). */
export const TOKEN_VALUE = /^[A-Za-z0-9_-]{1,200}$/;

export function readCookie(request: FastifyRequest, name: string, shape: RegExp = TOKEN_VALUE): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      const value = rest.join('=');
      return shape.test(value) ? value : null;
    }
  }
  return null;
}
