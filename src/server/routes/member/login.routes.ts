/**
 * Sign in, refresh and sign out (tokens.ts explains sessions and tokens). Failed sign-ins are counted per e-mail
 * address in the database (signin_failure) and lock it by the policy of security/sign-in-limits.ts; a locked
 * address is refused without checking the password, with the time left said plainly. docs/security.md, V2.2.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as members from '#db/repositories/member/member.repository.ts';
import * as signinFailures from '#db/repositories/sign-in/signin-failure.repository.ts';
import { message, type FormDocument } from '#engine/runtime/index.ts';
import { AppError, unauthorized } from '../../errors.ts';
import { hashPassword, sha256, verifyPassword } from '../../security/crypto.ts';
import { bearerToken } from '../../plugins/auth.plugin.ts';
import { envelope, failures, ok, uuid } from '../../http/route-schemas.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { LOCKOUT_POLICY } from '../../security/sign-in-limits.ts';
import { clearRefreshCookie, refreshCookie, setRefreshCookie } from '../../security/session-cookie.ts';
import { endSession, readAccessToken, rotateTokens, sessionOfRefreshToken, startSession, type SessionTokens, type TokenSubject } from '../../security/tokens.ts';

const tokenResponseSchema = {
  type: 'object',
  properties: {
    tokenResponse: {
      type: 'object',
      description: 'The refresh token is not here: it is set as the HttpOnly cookie bp_refresh (Path=/api/Login).',
      properties: {
        access_token: { type: 'string' },
        id_token: { type: 'string' },
        token_type: { type: 'string' },
        expires_in: { type: 'integer' },
      },
    },
  },
} as const;

const refreshBody = {
  anyOf: [
    { type: 'null' },
    {
      type: 'object',
      description: 'Browsers send nothing: the refresh token comes from the bp_refresh cookie. Other clients may send it here.',
      properties: { refresh_token: { type: 'string', minLength: 1, maxLength: 200 } },
    },
  ],
} as const;

/** The token subject of a member: what every sign-in (password or identity provider) opens its session with. */
export const subjectOf = (row: members.MemberRow): TokenSubject => ({
  memberId: row.id,
  accountId: row.accountid,
  email: row.emailaddress,
  firstname: row.firstname,
  lastname: row.lastname,
});


const emailHash = (email: string) => sha256(email.trim().toLowerCase());

export async function loginRoutes(app: FastifyInstance): Promise<void> {
  // Verifying against a real hash when the e-mail is unknown keeps the answer time from telling who is registered.
  const decoyHash = hashPassword('decoy-password-for-unknown-accounts');
  const loginFailed = (login: FormDocument) => new AppError('LOGIN_FAILED', 401, message(login, 'login-failed'));

  function locked(login: FormDocument, reply: FastifyReply, until: Date, now: Date): AppError {
    const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
    reply.header('retry-after', String(seconds));
    return new AppError('ACCOUNT_LOCKED', 429, message(login, 'account-locked', { minutes: Math.ceil(seconds / 60) }));
  }

  function answerWith(reply: FastifyReply, session: SessionTokens, now: Date) {
    setRefreshCookie(reply, session.refreshToken, session.expiresAt, now);
    reply.header('cache-control', 'no-store');
    return ok({ tokenResponse: session.tokens });
  }

  app.post<{ Body: { email?: string; password?: string; accountid?: string } }>(
    '/api/Login',
    {
      config: { rateLimit: { max: app.config.AUTH_RATE_LIMIT, timeWindow: 60_000 } },
      schema: {
        tags: ['login'],
        summary: 'Sign in by e-mail and password (sets the refresh cookie); 429 ACCOUNT_LOCKED after repeated failures',
        body: {
          type: 'object',
          properties: {
            email: { type: 'string', maxLength: 320 },
            password: { type: 'string', maxLength: 200 },
            accountid: { ...uuid, description: "The employer of the sign-in link (employer_id): its 'login' document checks the request and gives the texts" },
          },
        },
        response: { 200: envelope(tokenResponseSchema), ...failures },
      },
    },
    async (request, reply) => {
      const { email = '', password = '', accountid = null } = request.body;
      // Before sign-in the employer is the link's: the member's own is not known until the password is checked.
      const login = await app.content.form('login', accountid, request.language);
      await app.content.validate('login', accountid, { email, password }, { language: request.language });
      const now = new Date();
      const hash = emailHash(email);
      const member = await members.findByEmail(app.db, email);
      const memberId = member?.id ?? null;

      const attempt = await signinFailures.reserveAttempt(app.db, hash, now, LOCKOUT_POLICY);
      if (attempt.kind === 'locked') {
        await recordSecurityEvent(app, request, 'sign-in-failed', memberId);
        throw locked(login, reply, attempt.until, now);
      }

      const passwordHash = member?.password_hash ?? (await decoyHash);
      const valid = await verifyPassword(passwordHash, password);
      if (!member || !member.password_hash || member.ispasswordchanged === null || !valid) {
        await recordSecurityEvent(app, request, 'sign-in-failed', memberId);
        if (attempt.lockedUntil) {
          await recordSecurityEvent(app, request, 'lockout', memberId);
          throw locked(login, reply, attempt.lockedUntil, now);
        }
        throw loginFailed(login);
      }
      await signinFailures.clear(app.db, hash);
      const session = await startSession(app.db, app.config, subjectOf(member), now);
      await recordSecurityEvent(app, request, 'sign-in', member.id);
      return answerWith(reply, session, now);
    },
  );

  const givenRefreshToken = (request: FastifyRequest<{ Body: { refresh_token?: string } | null }>) =>
    refreshCookie(request) ?? request.body?.refresh_token ?? null;

  app.post<{ Body: { refresh_token?: string } | null }>(
    '/api/Login/Refresh',
    {
      schema: {
        tags: ['login'],
        summary: 'Exchange the refresh cookie for new tokens within a live session (rotated; a reused token ends the session, a retry within a minute of a lost answer does not)',
        body: refreshBody,
        response: { 200: envelope(tokenResponseSchema), ...failures },
      },
    },
    async (request, reply) => {
      const token = givenRefreshToken(request);
      const now = new Date();
      const result = token
        ? await app.db.transaction().execute((tx) =>
            rotateTokens(tx, app.config, token, async (memberId) => {
              const row = await members.findById(tx, memberId);
              return row ? subjectOf(row) : null;
            }, now),
          )
        : ({ kind: 'refused' } as const);
      if (result.kind === 'rotated') {
        if (result.retried) await recordSecurityEvent(app, request, 'refresh-retry', result.memberId);
        return answerWith(reply, result.session, now);
      }
      if (result.kind === 'reused') await recordSecurityEvent(app, request, 'refresh-reuse', result.memberId);
      clearRefreshCookie(reply);
      throw unauthorized();
    },
  );

  app.post<{ Body: { refresh_token?: string } | null }>(
    '/api/Login/Logout',
    {
      schema: {
        tags: ['login'],
        summary: 'Sign out: the session ends at once (its access tokens and refresh family stop working)',
        body: refreshBody,
        response: { 200: envelope({ type: 'null' }), ...failures },
      },
    },
    async (request, reply) => {
      const bearer = bearerToken(request);
      const fromAccess = bearer ? await readAccessToken(app.config, bearer) : null;
      const token = givenRefreshToken(request);
      const fromRefresh = token ? await sessionOfRefreshToken(app.db, token) : null;
      const now = new Date();
      for (const session of [fromAccess, fromRefresh]) {
        if (session && (await endSession(app.db, session.sessionId, 'sign-out', now))) {
          await recordSecurityEvent(app, request, 'sign-out', session.memberId);
        }
      }
      clearRefreshCookie(reply);
      return ok(null);
    },
  );
}
