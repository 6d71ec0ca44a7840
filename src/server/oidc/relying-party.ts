/**
 * The portal as an OpenID Connect relying party of an employer's provider, by openid-client (a certified RP
 * library): discovery, the Authorization Code flow with PKCE (S256), state and nonce, and the token exchange. The
 * ID token is checked as OpenID Connect Core 3.1.3.7 says: openid-client checks iss, aud (and azp), exp (within
 * the clock tolerance) and the nonce, and `enableNonRepudiationChecks` makes it also verify the signature with the
 * provider's JWKS (it would skip that for a token received over TLS otherwise); it checks only that iat is a
 * number, so exchangeCode refuses an iat later than now plus the tolerance. docs/security.md, "Employees' sign-in
 * through their employer's provider".
 */
import * as client from 'openid-client';
import type { Config } from '../config.ts';
import { providerFetch, type ProviderPolicy } from './provider-fetch.ts';

export const SCOPE = 'openid email profile';

/** How the portal asks providers, and how far (seconds) a provider's clock may be off its own. */
export type RelyingPartyPolicy = ProviderPolicy & { clockTolerance: number };

export const relyingPartyPolicyOf = (config: Config): RelyingPartyPolicy => ({
  allowHttpLoopback: config.OIDC_ALLOW_HTTP_LOOPBACK,
  clockTolerance: config.OIDC_CLOCK_TOLERANCE,
});

/** A discovered provider: openid-client's configuration and the clock tolerance its tokens are checked with. */
export type DiscoveredProvider = { configuration: client.Configuration; clockTolerance: number };

export type ProviderConnection = { issuer: string; clientId: string; clientSecret: string };

/** Why the provider's answer was refused: a security event's reason (never a token or an e-mail). */
export type ExchangeRefusal =
  | 'id-token-expired'
  | 'id-token-issued-in-future'
  | 'nonce-mismatch'
  | 'audience-mismatch'
  | 'issuer-mismatch'
  | 'id-token-invalid'
  | 'code-refused'
  | 'provider-unreachable';

/** Discovery of the provider (its metadata, under the fetch policy), its tokens to be checked with the policy's tolerance. */
export async function discover(connection: ProviderConnection, policy: RelyingPartyPolicy): Promise<DiscoveredProvider> {
  const fetch = providerFetch(policy);
  const execute = policy.allowHttpLoopback && new URL(connection.issuer).protocol === 'http:' ? [client.allowInsecureRequests] : [];
  const configuration = await client.discovery(
    new URL(connection.issuer),
    connection.clientId,
    { [client.clockTolerance]: policy.clockTolerance },
    client.ClientSecretBasic(connection.clientSecret),
    { [client.customFetch]: fetch, execute: [...execute, client.enableNonRepudiationChecks], timeout: 5 },
  );
  return { configuration, clockTolerance: policy.clockTolerance };
}

export type AuthorizationStart = { url: URL; state: string; nonce: string; codeVerifier: string };

export async function startAuthorization(provider: DiscoveredProvider, redirectUri: string, scope = SCOPE): Promise<AuthorizationStart> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(provider.configuration, {
    redirect_uri: redirectUri,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url, state, nonce, codeVerifier };
}

/**
 * The ID token's claims once every check passed. The token itself is not answered: nothing after the sign-in needs
 * it (the provider's sign-out is asked by client id).
 */
export type Exchanged = { claims: Record<string, unknown> };

/** Exchanges the callback's code; every check of the ID token passed, or the refusal says which did not. */
export async function exchangeCode(
  provider: DiscoveredProvider,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<Exchanged | { refused: ExchangeRefusal }> {
  try {
    const tokens = await client.authorizationCodeGrant(provider.configuration, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) return { refused: 'id-token-invalid' };
    if (claims.iat > Math.floor(Date.now() / 1000) + provider.clockTolerance) return { refused: 'id-token-issued-in-future' };
    return { claims: { ...claims } };
  } catch (error) {
    return { refused: refusalOf(error) };
  }
}

/** The errors an error wraps (openid-client wraps oauth4webapi's, whose cause names the claim), outermost first. */
function causes(error: unknown): Record<string, unknown>[] {
  const chain: Record<string, unknown>[] = [];
  for (let at = error; at && typeof at === 'object' && chain.length < 5; at = (at as { cause?: unknown }).cause) chain.push(at as Record<string, unknown>);
  return chain;
}

/** The message a person can act on: the innermost error's that says something (openid-client's outer one may not). */
export function problemOf(error: unknown): string {
  const said = causes(error).map((e) => e.message).filter((m): m is string => typeof m === 'string' && m !== 'something went wrong');
  return said.at(-1) ?? 'something went wrong';
}

function refusalOf(error: unknown): ExchangeRefusal {
  const chain = causes(error);
  const code = chain.map((e) => e.code).find((c) => typeof c === 'string');
  const claim = chain.map((e) => e.claim).find((c) => typeof c === 'string');
  if (error instanceof client.ResponseBodyError) return 'code-refused';
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED' && claim === 'exp') return 'id-token-expired';
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && claim === 'nonce') return 'nonce-mismatch';
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && (claim === 'aud' || claim === 'azp')) return 'audience-mismatch';
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && claim === 'iss') return 'issuer-mismatch';
  if (error instanceof TypeError || (error as Error).name === 'AbortError' || (error as Error).name === 'TimeoutError') return 'provider-unreachable';
  return 'id-token-invalid';
}

/**
 * The provider's sign-out page, when it offers RP-initiated logout; null otherwise. The browser goes there, so it
 * names the portal by client_id (added by openid-client) and carries no id_token_hint (RP-Initiated Logout 1.0
 * allows either with post_logout_redirect_uri); the provider ends the session its own cookie names and may ask the
 * person to confirm. No logout_hint: its meaning is each provider's own, and discovery does not say which.
 */
export function endSessionUrl(provider: DiscoveredProvider, postLogoutRedirectUri: string): URL | null {
  if (!provider.configuration.serverMetadata().end_session_endpoint) return null;
  return client.buildEndSessionUrl(provider.configuration, { post_logout_redirect_uri: postLogoutRedirectUri });
}

/** The connection test: discovery, then the provider's keys (how many it publishes for signatures). */
export async function testConnection(connection: ProviderConnection, policy: RelyingPartyPolicy): Promise<{ issuer: string; keys: number }> {
  const { configuration } = await discover(connection, policy);
  const metadata = configuration.serverMetadata();
  if (!metadata.jwks_uri) throw new Error('The provider publishes no keys (jwks_uri).');
  const answer = await providerFetch(policy)(metadata.jwks_uri, { method: 'GET', headers: { accept: 'application/json' }, body: undefined, redirect: 'manual' });
  if (!answer.ok) throw new Error(`The provider's keys answered ${answer.status}.`);
  const jwks = (await answer.json()) as { keys?: { use?: string }[] };
  const keys = (jwks.keys ?? []).filter((key) => key.use === undefined || key.use === 'sig').length;
  if (keys === 0) throw new Error('The provider publishes no signing keys.');
  return { issuer: metadata.issuer, keys };
}
