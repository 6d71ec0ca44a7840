/**
 * The portal as an OpenID Connect relying party of an employer's provider, by openid-client (a certified RP
 * library): discovery, the Authorization Code flow with PKCE (S256), state and nonce, and the token exchange. The
 * ID token is checked as OpenID Connect Core 3.1.3.7 says: openid-client checks iss, aud (and azp), exp, iat and
 * the nonce, and `enableNonRepudiationChecks` makes it also verify the signature with the provider's JWKS (it
 * would skip that for a token received over TLS otherwise). docs/security.md, "Employees' sign-in through their
 * employer's provider".
 */
import * as client from 'openid-client';
import { providerFetch, type ProviderPolicy } from './provider-fetch.ts';

export const SCOPE = 'openid email profile';

export type ProviderConnection = { issuer: string; clientId: string; clientSecret: string };

/** Why the provider's answer was refused: a security event's reason (never a token or an e-mail). */
export type ExchangeRefusal =
  | 'id-token-expired'
  | 'nonce-mismatch'
  | 'audience-mismatch'
  | 'issuer-mismatch'
  | 'id-token-invalid'
  | 'code-refused'
  | 'provider-unreachable';

/** Discovery of the provider (its metadata, under the fetch policy) as openid-client's configuration. */
export async function discover(connection: ProviderConnection, policy: ProviderPolicy): Promise<client.Configuration> {
  const fetch = providerFetch(policy);
  const execute = policy.allowHttpLoopback && new URL(connection.issuer).protocol === 'http:' ? [client.allowInsecureRequests] : [];
  const config = await client.discovery(new URL(connection.issuer), connection.clientId, undefined, client.ClientSecretBasic(connection.clientSecret), {
    [client.customFetch]: fetch,
    execute: [...execute, client.enableNonRepudiationChecks],
    timeout: 5,
  });
  return config;
}

export type AuthorizationStart = { url: URL; state: string; nonce: string; codeVerifier: string };

export async function startAuthorization(config: client.Configuration, redirectUri: string, scope = SCOPE): Promise<AuthorizationStart> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url, state, nonce, codeVerifier };
}

export type Exchanged = { claims: Record<string, unknown>; idToken: string };

/** Exchanges the callback's code; every check of the ID token passed, or the refusal says which did not. */
export async function exchangeCode(
  config: client.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<Exchanged | { refused: ExchangeRefusal }> {
  try {
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims || !tokens.id_token) return { refused: 'id-token-invalid' };
    return { claims: { ...claims }, idToken: tokens.id_token };
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

/** The provider's sign-out page for this ID token, when the provider offers RP-initiated logout; null otherwise. */
export function endSessionUrl(config: client.Configuration, idToken: string, postLogoutRedirectUri: string): URL | null {
  if (!config.serverMetadata().end_session_endpoint) return null;
  return client.buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: postLogoutRedirectUri });
}

/** The connection test: discovery, then the provider's keys (how many it publishes for signatures). */
export async function testConnection(connection: ProviderConnection, policy: ProviderPolicy): Promise<{ issuer: string; keys: number }> {
  const config = await discover(connection, policy);
  const metadata = config.serverMetadata();
  if (!metadata.jwks_uri) throw new Error('The provider publishes no keys (jwks_uri).');
  const answer = await providerFetch(policy)(metadata.jwks_uri, { method: 'GET', headers: { accept: 'application/json' }, body: undefined, redirect: 'manual' });
  if (!answer.ok) throw new Error(`The provider's keys answered ${answer.status}.`);
  const jwks = (await answer.json()) as { keys?: { use?: string }[] };
  const keys = (jwks.keys ?? []).filter((key) => key.use === undefined || key.use === 'sig').length;
  if (keys === 0) throw new Error('The provider publishes no signing keys.');
  return { issuer: metadata.issuer, keys };
}
