/**
 * Staff sign-in to the console through the identity provider set by STAFF_OIDC_* (docs/security.md, "Staff sign-in
 * through the staff identity provider"), by the same relying party as employees' (oidc/relying-party.ts: the
 * Authorization Code flow with PKCE S256, state and nonce; openid-client checks the ID token). The state is stored
 * only as its SHA-256 (a sign-in with no employer), a cookie binds it to this browser, and it is taken once. The
 * e-mail is used only when the provider says it is verified; services/staff-access/staff-single-sign-on.ts says who gets in with
 * which role. The session is the one a password sign-in opens (the bp_staff cookie, its idle and absolute limits);
 * the provider is the second factor, so no TOTP is asked. A refusal writes nothing but its security event and goes
 * back to the console's sign-in page with a reason the page words.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as providers from '#db/repositories/sign-in/identity-provider.repository.ts';
import { clearCookie, readCookie, setCookie, type CookieScope } from '../../security/cookies.ts';
import { openSignInSecret, sealSignInSecret, sha256 } from '../../security/crypto.ts';
import { notFound } from '../../errors.ts';
import { discover, exchangeCode, relyingPartyPolicyOf, startAuthorization } from '../../oidc/relying-party.ts';
import type { StaffSignInRefusal } from '#contracts/sign-in-refusal.ts';
import { Redirect, StaffIdentityProviderNameSchema } from '#contracts/staff/staff-oidc.ts';
import { providerCallbackQuery, staffCallbackPath, staffRedirectUriOf, staffSignInPageOf } from '../../oidc/urls.ts';
import { setStaffCookie, startStaffSession } from '../../plugins/staff-auth.plugin.ts';
import { authRateLimit, envelope, failures, ok } from '../../http/route-schemas.ts';
import { recordProviderEvent } from '../../security/security-events.ts';
import { admission, admittedStaffUser } from '../../services/staff-access/staff-single-sign-on.ts';
import { LOGIN_STATE_MINUTES } from '../../security/sign-in-limits.ts';

const STATE_COOKIE = 'bp_staff_oidc_state';
const STATE_COOKIE_SCOPE: CookieScope = { path: '/api/staff/oidc', sameSite: 'lax' };
const EMAIL_MAX_LENGTH = 254;

export async function staffOidcRoutes(app: FastifyInstance): Promise<void> {
  const oidc = app.config.STAFF_OIDC;
  const policy = relyingPartyPolicyOf(app.config);
  const redirectUri = staffRedirectUriOf(app.config.PUBLIC_URL);
  const notSetUp = () => notFound('Staff single sign-on is not set up.');

  app.get(
    '/api/staff/oidc',
    {
      schema: {
        tags: ['Staff'],
        summary: "The staff identity provider as the console's sign-in page names it (null: none set up)",
        response: { 200: envelope(StaffIdentityProviderNameSchema), ...failures },
      },
    },
    async () => ok(oidc ? { displayName: oidc.displayName } : null),
  );

  app.get(
    '/api/staff/oidc/start',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['Staff'],
        summary: 'Staff sign-in through the staff identity provider: 302 to the provider (Authorization Code flow, PKCE S256, state, nonce)',
        response: { 302: Redirect("To the provider's authorization endpoint, or back to the sign-in page when it cannot be reached"), ...failures },
      },
    },
    async (request, reply) => {
      if (!oidc) throw notSetUp();
      reply.header('cache-control', 'no-store');
      let start;
      try {
        start = await startAuthorization(await discover(oidc, policy), redirectUri, oidc.scope);
      } catch (error) {
        request.log.warn({ err: error }, 'staff identity provider discovery failed');
        await recordProviderEvent(app, request, { kind: 'sign-in-failed', memberId: null, issuer: oidc.issuer, reason: 'provider-unreachable' });
        return reply.redirect(staffSignInPageOf(app.config.PUBLIC_URL, 'failed'));
      }
      const now = new Date();
      await providers.insertLoginState(app.db, {
        state_hash: sha256(start.state),
        accountid: null,
        nonce: start.nonce,
        code_verifier_sealed: sealSignInSecret(start.codeVerifier, app.config.SSN_KEY),
        expires_at: new Date(now.getTime() + LOGIN_STATE_MINUTES * 60_000),
      }, now);
      setCookie(reply, STATE_COOKIE, start.state, LOGIN_STATE_MINUTES * 60, STATE_COOKIE_SCOPE);
      return reply.redirect(start.url.href);
    },
  );

  app.get<{ Querystring: Record<string, string> }>(
    staffCallbackPath,
    {
      config: authRateLimit(app),
      schema: {
        tags: ['Staff'],
        summary: "The staff provider's answer: on success the staff session is open (bp_staff) and 302 to the console; otherwise 302 to its sign-in page with sso_error",
        querystring: providerCallbackQuery,
        response: { 302: Redirect("To the console signed in, or to the console's sign-in page with sso_error"), ...failures },
      },
    },
    async (request, reply: FastifyReply) => {
      if (!oidc) throw notSetUp();
      reply.header('cache-control', 'no-store');
      clearCookie(reply, STATE_COOKIE, STATE_COOKIE_SCOPE);
      const refuse = async (reason: string, said: StaffSignInRefusal = 'failed') => {
        await recordProviderEvent(app, request, { kind: 'sign-in-failed', memberId: null, issuer: oidc.issuer, reason });
        return reply.redirect(staffSignInPageOf(app.config.PUBLIC_URL, said));
      };

      const state = request.query.state ?? '';
      // The state must come back to the browser that started the sign-in: another's link signs nobody in here.
      if (!state || readCookie(request, STATE_COOKIE) !== state) return refuse('state-not-this-browser');
      const now = new Date();
      const taken = await providers.takeLoginState(app.db, sha256(state), now, 'staff');
      if (taken === 'used') return refuse('callback-replayed');
      if (!taken) return refuse('state-unknown-or-expired');
      if (request.query.error) return refuse('provider-error');

      const callbackUrl = new URL(redirectUri);
      callbackUrl.search = new URL(request.url, 'http://callback').search;
      let exchanged;
      try {
        exchanged = await exchangeCode(await discover(oidc, policy), callbackUrl, {
          state,
          nonce: taken.nonce,
          codeVerifier: openSignInSecret(taken.code_verifier_sealed, app.config.SSN_KEY),
        });
      } catch (error) {
        request.log.warn({ err: error }, 'staff identity provider discovery failed');
        exchanged = { refused: 'provider-unreachable' } as const;
      }
      if ('refused' in exchanged) return refuse(exchanged.refused);

      const { claims } = exchanged;
      const email = typeof claims.email === 'string' && claims.email.length <= EMAIL_MAX_LENGTH ? claims.email.trim().toLowerCase() : '';
      if (!email.includes('@') || claims.email_verified !== true) return refuse('email-unverified', 'email-unverified');
      const admitted = await admission(app.db, oidc, email, claims);
      if (admitted.kind === 'refused') return refuse(admitted.reason, admitted.reason === 'not-staff' ? 'not-staff' : 'disabled');

      const token = await app.db.transaction().execute(async (tx) => {
        const user = await admittedStaffUser(tx, email, admitted, oidc.issuer);
        const session = await startStaffSession(tx, user.id, now);
        await providers.insertStaffSession(tx, session.sessionId);
        await recordProviderEvent(app, request, { kind: 'sign-in', memberId: null, staffUserId: user.id, issuer: oidc.issuer }, tx);
        return session.token;
      });
      setStaffCookie(reply, token);
      return reply.redirect(`${app.config.PUBLIC_URL}/staff`);
    },
  );
}
