/**
 * Bearer authentication: `app.authenticate` as the onRequest hook of a route verifies the access token and its
 * server-side session (tokens.ts) and sets request.member, the only source of the caller's identity. Without a valid
 * token of a live session: 401 UNAUTHORIZED, before the body is read or the path, query and body are validated (it
 * reads the headers only), so who is calling is checked before what they sent. On a route whose config says `memberFamily`, the session check also reads the
 * member's family for pricing (request.family): from memory when kept, otherwise in one statement.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../errors.ts';
import { verifyAccessToken, verifyAccessTokenWithFamily } from '../security/tokens.ts';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match ? match[1]! : null;
}

export async function authPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('member', null);
  app.decorateRequest('family', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    if (request.routeOptions.config.memberFamily) {
      // The route prices the caller's family: the session check reads it too (kept, or in the same statement).
      const token = bearerToken(request);
      const found = token ? await verifyAccessTokenWithFamily(app.db, app.config, token, new Date()) : null;
      if (!found) throw unauthorized();
      request.member = found.member;
      request.family = found.family;
      return;
    }
    const member = await optionalMember(app, request);
    if (!member) throw unauthorized();
    request.member = member;
  });
}

/** The caller's identity when a valid bearer token of a live session came along; null otherwise (no error). */
export async function optionalMember(app: FastifyInstance, request: FastifyRequest) {
  const token = bearerToken(request);
  return token ? verifyAccessToken(app.db, app.config, token, new Date()) : null;
}
