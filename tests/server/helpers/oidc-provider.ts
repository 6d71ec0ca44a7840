/**
 * A real OpenID Provider on loopback for the tests (oidc-provider, with its own login and consent pages): one
 * confidential client registered with the portal's redirect and post-logout URIs, PKCE required, RP-initiated
 * logout on. Each account's claims (email, email_verified, names) are the test's to set. A test can have the next
 * token answer's ID token re-signed with other claims (an expired one, another nonce or audience: well signed but
 * wrong) or altered without a new signature (tampered).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider from 'oidc-provider';

/** `groups` is answered for the scope 'groups' (the staff provider's role claim). */
export type AccountClaims = { email: string; email_verified: boolean; given_name?: string; family_name?: string; groups?: string[] };

export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Sets (or replaces) the claims of the account `sub`. */
  setAccount(sub: string, claims: AccountClaims): void;
  /** The next ID token the token endpoint answers is re-signed (with the provider's key) with these claims changed. */
  resignNextIdToken(change: (claims: Record<string, unknown>) => Record<string, unknown>): void;
  /** The next ID token's claims are changed but its signature is kept (so it no longer matches). */
  tamperNextIdToken(): void;
  /** Walks the provider's login and consent pages for `sub` from the authorization URL; answers the redirect back. */
  signIn(authorizationUrl: string, sub: string): Promise<URL>;
  close(): Promise<void>;
};

export type TestProviderOptions = {
  /** The portal's redirect URI(s) and post-logout redirect URI(s) to register for the client. */
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** A fixed port (the browser test); a random one otherwise. */
  port?: number;
};

type Rewrite = { kind: 'resign'; change: (claims: Record<string, unknown>) => Record<string, unknown> } | { kind: 'tamper' };

export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server: Server = createServer((req, res) => handler!(req, res));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingJwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, AccountClaims>();
  let rewrite: Rewrite | null = null;
  const clientId = 'benefit-portal';
  const clientSecret = 'test-client-secret-of-the-portal';

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingJwk] },
    cookies: { keys: ['test-cookie-key-one-two-three'] },
    pkce: { required: () => true },
    // The e-mail in the ID token itself (many providers put it there), not only at the userinfo endpoint.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'], groups: ['groups'] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    findAccount: async (_ctx, sub) => {
      const claims = accounts.get(sub);
      return claims ? { accountId: sub, claims: async () => ({ sub, ...claims }) } : undefined;
    },
  });

  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== '/token' || !rewrite || !body || typeof body !== 'object' || typeof body.id_token !== 'string') return;
    const change = rewrite;
    rewrite = null;
    const [header, , signature] = body.id_token.split('.');
    if (change.kind === 'tamper') {
      const claims = { ...decodeJwt(body.id_token), email: 'someone-else@example.com' };
      ctx.body = { ...body, id_token: [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.') };
      return;
    }
    const claims = change.change({ ...decodeJwt(body.id_token) });
    const resigned = await new SignJWT(claims).setProtectedHeader(decodeProtectedHeader(body.id_token) as { alg: string }).sign(privateKey);
    ctx.body = { ...body, id_token: resigned };
  });

  handler = provider.callback();

  async function signIn(authorizationUrl: string, sub: string): Promise<URL> {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const remember = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    };
    let url = new URL(authorizationUrl);
    let body: URLSearchParams | undefined;
    for (let step = 0; step < 12; step += 1) {
      const response = await fetch(url, {
        method: body ? 'POST' : 'GET',
        headers: { cookie: cookieHeader(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body,
        redirect: 'manual',
      });
      remember(response);
      body = undefined;
      const location = response.headers.get('location');
      if (location) {
        const next = new URL(location, url);
        if (next.origin !== issuer) return next;
        url = next;
        continue;
      }
      const page = await response.text();
      const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      if (!prompt || !action) throw new Error(`The provider answered ${response.status} without a form: ${page.slice(0, 300)}`);
      url = new URL(action.replace(/&amp;/g, '&'), url);
      body = new URLSearchParams(prompt === 'login' ? { prompt, login: sub, password: 'any' } : { prompt });
    }
    throw new Error('The provider did not send the browser back.');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount: (sub, claims) => void accounts.set(sub, claims),
    resignNextIdToken: (change) => void (rewrite = { kind: 'resign', change }),
    tamperNextIdToken: () => void (rewrite = { kind: 'tamper' }),
    signIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
