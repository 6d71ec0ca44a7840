/**
 * Employees' sign-in through their employer's OpenID Provider (docs/security.md, "Employees' sign-in through their
 * employer's provider"). /api/oidc/start sends the browser to the provider with a fresh state, nonce and PKCE
 * challenge; the state is stored only as its SHA-256 beside the nonce and the sealed verifier, and a cookie binds it
 * to this browser. /api/oidc/callback takes the state once, exchanges the code (relying-party.ts checks the ID
 * token), then wants a verified e-mail of an allowed domain belonging to this employer's member (or, when the
 * employer lets unknown people register through its provider, to nobody yet). It then opens the product's own
 * session exactly as the password sign-in does (startSession, the refresh cookie) and goes to /profile. A refusal
 * writes nothing but its security event and goes back to the employer's sign-in page with a reason the page words.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SignInRefusal } from '#contracts/sign-in-refusal.ts';
import * as providers from '#db/repositories/sign-in/identity-provider.repository.ts';
import * as members from '#db/repositories/member/member.repository.ts';
import { clearCookie, readCookie, setCookie, type CookieScope } from '../../security/cookies.ts';
import { openClientSecret, openSignInSecret, sealSignInSecret, sha256 } from '../../security/crypto.ts';
import { authRateLimit, bearer, envelope, failures, nullable, ok, uuid } from '../../http/route-schemas.ts';
import { recordProviderEvent } from '../../security/security-events.ts';
import { setRefreshCookie } from '../../security/session-cookie.ts';
import { startSession } from '../../security/tokens.ts';
import { discover, endSessionUrl, exchangeCode, relyingPartyPolicyOf, startAuthorization } from '../../oidc/relying-party.ts';
import { callbackPath, providerCallbackQuery, redirectUriOf, signInPageOf } from '../../oidc/urls.ts';
import { LOGIN_STATE_MINUTES } from '../../security/sign-in-limits.ts';
import { subjectOf } from './login.routes.ts';

const STATE_COOKIE = 'bp_oidc_state';
const STATE_COOKIE_SCOPE: CookieScope = { path: '/api/oidc', sameSite: 'lax' };

const stringClaim = (value: unknown, maxLength: number) => (typeof value === 'string' && value.length <= maxLength ? value.trim() : '');

export async function oidcRoutes(app: FastifyInstance): Promise<void> {
  const policy = relyingPartyPolicyOf(app.config);
  const redirectUri = redirectUriOf(app.config.PUBLIC_URL);
  const connectionOf = (row: providers.IdentityProviderRow) => ({
    issuer: row.issuer,
    clientId: row.client_id,
    clientSecret: openClientSecret(row.client_secret_sealed, app.config.SSN_KEY),
  });

  const setStateCookie = (reply: FastifyReply, state: string) =>
    setCookie(reply, STATE_COOKIE, state, LOGIN_STATE_MINUTES * 60, STATE_COOKIE_SCOPE);
  const clearStateCookie = (reply: FastifyReply) =>
    clearCookie(reply, STATE_COOKIE, STATE_COOKIE_SCOPE);

  app.get<{ Params: { accountid: string } }>(
    '/api/oidc/employers/:accountid',
    {
      schema: {
        tags: ['login'],
        summary: "The employer's identity provider as the sign-in page names it (null: none configured)",
        params: { type: 'object', required: ['accountid'], properties: { accountid: uuid } },
        response: { 200: envelope(nullable({ type: 'object', properties: { displayName: { type: 'string' } } })), ...failures },
      },
    },
    async (request) => {
      const row = await providers.findByAccount(app.db, request.params.accountid);
      return ok(row ? { displayName: row.display_name } : null);
    },
  );

  app.get<{ Querystring: { employer_id: string } }>(
    '/api/oidc/start',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['login'],
        summary: "Sign-in through the employer's identity provider: 302 to the provider (Authorization Code flow, PKCE S256, state, nonce)",
        querystring: { type: 'object', required: ['employer_id'], properties: { employer_id: uuid } },
        response: { 302: { description: "To the provider's authorization endpoint, or back to the sign-in page when it cannot be reached", type: 'null' }, ...failures },
      },
    },
    async (request, reply) => {
      const accountid = request.query.employer_id;
      const row = await providers.findByAccount(app.db, accountid);
      if (!row) return reply.redirect(signInPageOf(app.config.PUBLIC_URL, accountid, 'failed'));
      let start;
      try {
        start = await startAuthorization(await discover(connectionOf(row), policy), redirectUri);
      } catch (error) {
        request.log.warn({ err: error, accountid }, 'identity provider discovery failed');
        await recordProviderEvent(app, request, { kind: 'sign-in-failed', memberId: null, issuer: row.issuer, reason: 'provider-unreachable' });
        return reply.redirect(signInPageOf(app.config.PUBLIC_URL, accountid, 'failed'));
      }
      const now = new Date();
      await providers.insertLoginState(app.db, {
        state_hash: sha256(start.state),
        accountid,
        nonce: start.nonce,
        code_verifier_sealed: sealSignInSecret(start.codeVerifier, app.config.SSN_KEY),
        expires_at: new Date(now.getTime() + LOGIN_STATE_MINUTES * 60_000),
      }, now);
      setStateCookie(reply, start.state);
      reply.header('cache-control', 'no-store');
      return reply.redirect(start.url.href);
    },
  );

  app.get<{ Querystring: Record<string, string> }>(
    callbackPath,
    {
      config: authRateLimit(app),
      schema: {
        tags: ['login'],
        summary: "The provider's answer: on success the session is open (refresh cookie) and 302 to /profile; otherwise 302 to the sign-in page with sso_error",
        querystring: providerCallbackQuery,
        response: { 302: { description: 'To /profile signed in, or to the sign-in page with sso_error', type: 'null' }, ...failures },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      clearStateCookie(reply);
      const refuse = async (
        accountid: string | null,
        event: { issuer: string | null; reason: string; memberId?: string | null },
        said: SignInRefusal = 'failed',
      ) => {
        await recordProviderEvent(app, request, { kind: 'sign-in-failed', memberId: event.memberId ?? null, issuer: event.issuer, reason: event.reason });
        return reply.redirect(signInPageOf(app.config.PUBLIC_URL, accountid, said));
      };

      const state = request.query.state ?? '';
      // The state must come back to the browser that started the sign-in: another's link signs nobody in here.
      if (!state || readCookie(request, STATE_COOKIE) !== state) return refuse(null, { issuer: null, reason: 'state-not-this-browser' });
      const now = new Date();
      const taken = await providers.takeLoginState(app.db, sha256(state), now, 'employee');
      if (taken === 'used') return refuse(null, { issuer: null, reason: 'callback-replayed' });
      if (!taken) return refuse(null, { issuer: null, reason: 'state-unknown-or-expired' });
      const row = await providers.findByAccount(app.db, taken.accountid);
      if (!row) return refuse(taken.accountid, { issuer: null, reason: 'provider-removed' });
      if (request.query.error) return refuse(taken.accountid, { issuer: row.issuer, reason: 'provider-error' });

      const callbackUrl = new URL(redirectUri);
      callbackUrl.search = new URL(request.url, 'http://callback').search;
      let exchanged;
      try {
        exchanged = await exchangeCode(await discover(connectionOf(row), policy), callbackUrl, {
          state,
          nonce: taken.nonce,
          codeVerifier: openSignInSecret(taken.code_verifier_sealed, app.config.SSN_KEY),
        });
      } catch (error) {
        request.log.warn({ err: error }, 'identity provider discovery failed');
        exchanged = { refused: 'provider-unreachable' } as const;
      }
      if ('refused' in exchanged) return refuse(row.accountid, { issuer: row.issuer, reason: exchanged.refused });

      const { claims } = exchanged;
      const email = stringClaim(claims[row.email_claim], 254).toLowerCase();
      if (!email || claims.email_verified !== true) return refuse(row.accountid, { issuer: row.issuer, reason: 'email-unverified' }, 'email-unverified');
      const domain = email.slice(email.lastIndexOf('@') + 1);
      if (!email.includes('@') || !row.allowed_domains.includes(domain)) return refuse(row.accountid, { issuer: row.issuer, reason: 'domain-not-allowed' }, 'domain-not-allowed');
      const existing = await members.findByEmail(app.db, email);
      if (existing && existing.accountid !== row.accountid) {
        return refuse(row.accountid, { issuer: row.issuer, reason: 'member-of-another-employer' }, 'not-an-employee');
      }
      // Nobody is registered without accepting the terms (the registration document): a person the employer lets
      // register ('open') does so with its link first, then signs in here; one who must be on the census asks HR.
      if (!existing) {
        const said = row.registration === 'open' ? 'register-first' : 'not-an-employee';
        return refuse(row.accountid, { issuer: row.issuer, reason: row.registration === 'open' ? 'not-registered' : 'not-on-census' }, said);
      }
      const member = existing;

      const session = await app.db.transaction().execute(async (tx) => {
        const opened = await startSession(tx, app.config, subjectOf(member), now);
        await providers.insertSession(tx, { session_id: opened.sessionId, accountid: row.accountid });
        await recordProviderEvent(app, request, { kind: 'sign-in', memberId: member.id, issuer: row.issuer }, tx);
        return opened;
      });
      setRefreshCookie(reply, session.refreshToken, session.expiresAt, now);
      return reply.redirect(`${app.config.PUBLIC_URL}/profile`);
    },
  );

  app.get(
    '/api/oidc/sign-out',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['login'],
        security: bearer,
        summary: "Where Sign Out goes after ending the session: the provider's sign-out page when the session was opened through a provider that offers RP-initiated logout; null otherwise",
        response: { 200: envelope(nullable({ type: 'object', properties: { url: { type: 'string' } } })), ...failures },
      },
    },
    async (request: FastifyRequest) => {
      const signedIn = await providers.findSession(app.db, request.member!.sessionId);
      const row = signedIn ? await providers.findByAccount(app.db, signedIn.accountid) : undefined;
      if (!signedIn || !row) return ok(null);
      try {
        const url = endSessionUrl(await discover(connectionOf(row), policy), signInPageOf(app.config.PUBLIC_URL, row.accountid));
        return ok(url ? { url: url.href } : null);
      } catch (error) {
        request.log.warn({ err: error }, 'identity provider discovery failed');
        return ok(null);
      }
    },
  );
}
