/** Sign in, refresh and sign out (tokens.ts explains the tokens). */
import type { FastifyInstance } from 'fastify';
import * as members from '#db/repositories/member.repository.ts';
import { AppError, unauthorized } from '../errors.ts';
import { hashPassword, verifyPassword } from '../crypto.ts';
import { envelope, failures, ok } from '../route-schemas.ts';
import { issueTokens, revokeRefreshToken, rotateTokens, type TokenSubject } from '../tokens.ts';

export const LOGIN_FAILED_MESSAGE = 'Login failed. Please try again.';

const tokenResponseSchema = {
  type: 'object',
  properties: {
    tokenResponse: {
      type: 'object',
      properties: {
        access_token: { type: 'string' },
        id_token: { type: 'string' },
        refresh_token: { type: 'string' },
        token_type: { type: 'string' },
        expires_in: { type: 'integer' },
      },
    },
  },
} as const;

const refreshBody = {
  type: 'object',
  required: ['refresh_token'],
  properties: { refresh_token: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

const subjectOf = (row: members.MemberRow): TokenSubject => ({
  memberId: row.id,
  accountId: row.accountid,
  email: row.emailaddress,
  firstname: row.firstname,
  lastname: row.lastname,
});

export async function loginRoutes(app: FastifyInstance): Promise<void> {
  // Verifying against a real hash when the e-mail is unknown keeps the answer time from telling who is registered.
  const decoyHash = hashPassword('decoy-password-for-unknown-accounts');

  app.post<{ Body: { email?: string; password?: string } }>(
    '/api/Login',
    {
      config: { rateLimit: { max: app.config.AUTH_RATE_LIMIT, timeWindow: 60_000 } },
      schema: {
        tags: ['login'],
        summary: 'Sign in with e-mail and password',
        body: {
          type: 'object',
          properties: { email: { type: 'string', maxLength: 320 }, password: { type: 'string', maxLength: 200 } },
        },
        response: { 200: envelope(tokenResponseSchema), ...failures },
      },
    },
    async (request) => {
      await app.content.validate('login', null, request.body);
      const { email = '', password = '' } = request.body;
      const member = await members.findByEmail(app.db, email);
      const passwordHash = member?.password_hash ?? (await decoyHash);
      const valid = await verifyPassword(passwordHash, password);
      if (!member || !member.password_hash || member.ispasswordchanged === null || !valid) {
        throw new AppError('LOGIN_FAILED', 401, LOGIN_FAILED_MESSAGE);
      }
      return ok({ tokenResponse: await issueTokens(app.db, app.config, subjectOf(member)) });
    },
  );

  app.post<{ Body: { refresh_token: string } }>(
    '/api/Login/Refresh',
    {
      schema: {
        tags: ['login'],
        summary: 'Exchange a refresh token for new tokens (rotated; a reused token revokes its family)',
        body: refreshBody,
        response: { 200: envelope(tokenResponseSchema), ...failures },
      },
    },
    async (request) => {
      const tokens = await app.db.transaction().execute((tx) =>
        rotateTokens(tx, app.config, request.body.refresh_token, async (memberId) => {
          const row = await members.findById(tx, memberId);
          return row ? subjectOf(row) : null;
        }),
      );
      if (!tokens) throw unauthorized();
      return ok({ tokenResponse: tokens });
    },
  );

  app.post<{ Body: { refresh_token: string } }>(
    '/api/Login/Logout',
    {
      schema: {
        tags: ['login'],
        summary: 'Sign out: the refresh token and its family stop working',
        body: refreshBody,
        response: { 200: envelope({ type: 'null' }), ...failures },
      },
    },
    async (request) => {
      await revokeRefreshToken(app.db, request.body.refresh_token);
      return ok(null);
    },
  );
}
