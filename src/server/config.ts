/**
 * The one place that reads the environment. Validated once at start; the result is frozen. Secrets that are not
 * set are generated on first start into DATA_DIR/secrets.json so restarts keep sessions and SSNs.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import packageJson from '../../package.json' with { type: 'json' };
import type { StaffRole } from '#db/database.ts';
import { checkProviderUrl, ProviderAddressError } from './oidc/provider-fetch.ts';
import { STAFF_ROLES } from './plugins/staff-auth.plugin.ts';

/**
 * The identity provider staff sign in to the console with (STAFF_OIDC_*; docs/staff.md, "Staff single sign-on"):
 * the role comes from `roleClaim` through `roleMap` (a claim value to a role), else from the console's staff user
 * of the verified e-mail.
 */
export type StaffOidcConfig = Readonly<{
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The button's name: 'Sign in with <displayName>'. */
  displayName: string;
  scope: string;
  roleClaim: string | null;
  roleMap: Readonly<Record<string, StaffRole>>;
}>;

export type Config = Readonly<{
  PORT: number;
  HOST: string;
  DATA_DIR: string;
  DATABASE_URL: string | null;
  SMTP_URL: string | null;
  PUBLIC_URL: string;
  /** HS256 key for access and id tokens (at least 32 bytes). */
  TOKEN_SECRET: string;
  /** AES-256 key for SSNs: 32 bytes, base64. */
  SSN_KEY: string;
  APP_VERSION: string;
  /** Attempts per minute and client address on Login, Register, changepassword and ResendInvitation. */
  AUTH_RATE_LIMIT: number;
  /** 'production' refuses to generate secrets: they must be set. */
  NODE_ENV: string;
  /**
   * Which proxies' X-Forwarded-For names the client (rate limits count per client): false (none, the default),
   * true (any), a number of hops, or addresses and CIDR ranges separated by commas.
   */
  TRUST_PROXY: boolean | number | string;
  /** Connections each instance keeps to PostgreSQL at most. */
  DATABASE_POOL_SIZE: number;
  /** Seconds SIGTERM waits for requests in flight before closing anyway. */
  SHUTDOWN_TIMEOUT: number;
  /** Seconds a request (its headers and body) has to arrive in full; then it is answered 408 (request-time-limits.ts). */
  REQUEST_TIMEOUT: number;
  /** Seconds a request's body may go without a byte arriving; then it is answered 408 (request-time-limits.ts). */
  BODY_IDLE_TIMEOUT: number;
  /**
   * Employers' identity providers may be plain-http issuers on a loopback address (127.0.0.1, ::1, localhost):
   * for tests and development only; refused in production. Otherwise issuers must be https.
   */
  OIDC_ALLOW_HTTP_LOOPBACK: boolean;
  /**
   * Seconds an identity provider's clock may differ from the server's when an ID token's times are checked: exp may
   * be this far past, iat and nbf this far ahead.
   */
  OIDC_CLOCK_TOLERANCE: number;
  /** Staff sign-in through an identity provider; null when STAFF_OIDC_ISSUER is not set. */
  STAFF_OIDC: StaffOidcConfig | null;
}>;

/** Beyond five minutes a skewed clock is a fault to fix at the host (NTP), not one to tolerate. */
const MAX_OIDC_CLOCK_TOLERANCE = 300;

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n- ${problems.join('\n- ')}`);
    this.name = 'ConfigError';
  }
}

type Secrets = { TOKEN_SECRET: string; SSN_KEY: string };

const generators: Record<keyof Secrets, () => string> = {
  TOKEN_SECRET: () => randomBytes(48).toString('base64url'),
  SSN_KEY: () => randomBytes(32).toString('base64'),
};

export function loadConfig(env: Record<string, string | undefined>): Config {
  const problems: string[] = [];
  const value = (name: string) => {
    const v = env[name]?.trim();
    return v ? v : null;
  };

  const portText = value('PORT') ?? '3000';
  const PORT = Number(portText);
  if (!Number.isInteger(PORT) || PORT < 0 || PORT > 65535) problems.push(`PORT must be a port number, not '${portText}'.`);

  const limitText = value('AUTH_RATE_LIMIT') ?? '20';
  const AUTH_RATE_LIMIT = Number(limitText);
  if (!Number.isInteger(AUTH_RATE_LIMIT) || AUTH_RATE_LIMIT < 1) problems.push(`AUTH_RATE_LIMIT must be a positive whole number, not '${limitText}'.`);

  const seconds = (name: string, fallback: number) => {
    const text = value(name) ?? String(fallback);
    const count = Number(text);
    if (!Number.isInteger(count) || count < 1) problems.push(`${name} must be a positive whole number of seconds, not '${text}'.`);
    return count;
  };
  const SHUTDOWN_TIMEOUT = seconds('SHUTDOWN_TIMEOUT', 10);
  // The largest upload (an ICHRA document, about 7 MB of JSON) arrives in 7 s at 1 MB/s: 30 s leaves room for
  // slower links, and a body trickled in is cut off well within a minute (docs/operations.md, "Slow clients").
  const REQUEST_TIMEOUT = seconds('REQUEST_TIMEOUT', 30);
  const BODY_IDLE_TIMEOUT = seconds('BODY_IDLE_TIMEOUT', 10);

  const poolText = value('DATABASE_POOL_SIZE') ?? '10';
  const DATABASE_POOL_SIZE = Number(poolText);
  if (!Number.isInteger(DATABASE_POOL_SIZE) || DATABASE_POOL_SIZE < 1) problems.push(`DATABASE_POOL_SIZE must be a positive whole number, not '${poolText}'.`);

  const TRUST_PROXY = trustProxy(value('TRUST_PROXY'), problems);

  const HOST = value('HOST') ?? '0.0.0.0';
  const DATA_DIR = path.resolve(value('DATA_DIR') ?? './.data');
  const NODE_ENV = value('NODE_ENV') ?? 'development';

  const loopbackText = value('OIDC_ALLOW_HTTP_LOOPBACK') ?? 'false';
  if (loopbackText !== 'true' && loopbackText !== 'false') problems.push(`OIDC_ALLOW_HTTP_LOOPBACK must be true or false, not '${loopbackText}'.`);
  const OIDC_ALLOW_HTTP_LOOPBACK = loopbackText === 'true';
  if (OIDC_ALLOW_HTTP_LOOPBACK && NODE_ENV === 'production') problems.push('OIDC_ALLOW_HTTP_LOOPBACK is for tests and development: not in production.');

  const toleranceText = value('OIDC_CLOCK_TOLERANCE') ?? '30';
  const OIDC_CLOCK_TOLERANCE = Number(toleranceText);
  if (!Number.isInteger(OIDC_CLOCK_TOLERANCE) || OIDC_CLOCK_TOLERANCE < 0 || OIDC_CLOCK_TOLERANCE > MAX_OIDC_CLOCK_TOLERANCE) {
    problems.push(`OIDC_CLOCK_TOLERANCE must be a whole number of seconds from 0 to ${MAX_OIDC_CLOCK_TOLERANCE}, not '${toleranceText}'.`);
  }

  const STAFF_OIDC = staffOidc(value, { allowHttpLoopback: OIDC_ALLOW_HTTP_LOOPBACK }, problems);

  const DATABASE_URL = value('DATABASE_URL');
  if (DATABASE_URL && !/^postgres(ql)?:\/\//.test(DATABASE_URL)) problems.push('DATABASE_URL must start with postgres://.');
  const SMTP_URL = value('SMTP_URL');
  if (SMTP_URL && !/^smtps?:\/\//.test(SMTP_URL)) problems.push('SMTP_URL must start with smtp:// or smtps://.');

  const PUBLIC_URL = (value('PUBLIC_URL') ?? `http://localhost:${PORT}`).replace(/\/+$/, '');
  if (!isHttpUrl(PUBLIC_URL)) problems.push(`PUBLIC_URL must be an http(s) URL, not '${PUBLIC_URL}'.`);

  const given: Partial<Secrets> = {};
  for (const name of Object.keys(generators) as (keyof Secrets)[]) {
    const v = value(name);
    if (v) given[name] = v;
  }
  if (given.TOKEN_SECRET && Buffer.byteLength(given.TOKEN_SECRET) < 32) problems.push('TOKEN_SECRET must be at least 32 characters.');
  if (given.SSN_KEY && Buffer.from(given.SSN_KEY, 'base64').length !== 32) problems.push('SSN_KEY must be 32 bytes, base64-encoded.');
  const missing = (Object.keys(generators) as (keyof Secrets)[]).filter((name) => !given[name]);
  if (NODE_ENV === 'production' && missing.length > 0) problems.push(`In production set ${missing.join(', ')}.`);

  if (problems.length > 0) throw new ConfigError(problems);

  const secrets = missing.length > 0 ? { ...storedSecrets(DATA_DIR, missing), ...given } : (given as Secrets);

  return Object.freeze({
    PORT,
    HOST,
    DATA_DIR,
    DATABASE_URL,
    SMTP_URL,
    PUBLIC_URL,
    TOKEN_SECRET: secrets.TOKEN_SECRET,
    SSN_KEY: secrets.SSN_KEY,
    APP_VERSION: packageJson.version,
    AUTH_RATE_LIMIT,
    NODE_ENV,
    TRUST_PROXY,
    SHUTDOWN_TIMEOUT,
    REQUEST_TIMEOUT,
    BODY_IDLE_TIMEOUT,
    DATABASE_POOL_SIZE,
    OIDC_ALLOW_HTTP_LOOPBACK,
    OIDC_CLOCK_TOLERANCE,
    STAFF_OIDC,
  });
}

/**
 * STAFF_OIDC_ISSUER, _CLIENT_ID and _CLIENT_SECRET together or none; _ROLE_CLAIM and _ROLE_MAP
 * ('bp-admins=admin,bp-viewers=viewer') together or none; _NAME and _SCOPE optional.
 */
function staffOidc(value: (name: string) => string | null, policy: { allowHttpLoopback: boolean }, problems: string[]): StaffOidcConfig | null {
  const [issuer, clientId, clientSecret] = ['STAFF_OIDC_ISSUER', 'STAFF_OIDC_CLIENT_ID', 'STAFF_OIDC_CLIENT_SECRET'].map(value);
  const roleClaim = value('STAFF_OIDC_ROLE_CLAIM');
  const roleMapText = value('STAFF_OIDC_ROLE_MAP');
  if (!issuer && !clientId && !clientSecret) {
    if (roleClaim || roleMapText) problems.push('STAFF_OIDC_ROLE_CLAIM and STAFF_OIDC_ROLE_MAP need STAFF_OIDC_ISSUER, STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET.');
    return null;
  }
  if (!issuer || !clientId || !clientSecret) {
    problems.push('Staff single sign-on needs STAFF_OIDC_ISSUER, STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET together.');
    return null;
  }
  try {
    checkProviderUrl(issuer, policy);
  } catch (error) {
    if (!(error instanceof ProviderAddressError)) throw error;
    problems.push(`STAFF_OIDC_ISSUER: ${error.message}`);
  }
  if (Boolean(roleClaim) !== Boolean(roleMapText)) problems.push('STAFF_OIDC_ROLE_CLAIM and STAFF_OIDC_ROLE_MAP go together: the claim, and its values mapped to roles.');
  const roleMap: Record<string, StaffRole> = {};
  for (const entry of roleMapText ? roleMapText.split(',') : []) {
    const at = entry.lastIndexOf('=');
    const claimValue = entry.slice(0, at).trim();
    const role = entry.slice(at + 1).trim() as StaffRole;
    if (at < 1 || !claimValue || !STAFF_ROLES.includes(role)) {
      problems.push(`STAFF_OIDC_ROLE_MAP maps claim values to ${STAFF_ROLES.join(', ')} ('bp-admins=admin,bp-viewers=viewer'), not '${entry.trim()}'.`);
    } else roleMap[claimValue] = role;
  }
  const scope = value('STAFF_OIDC_SCOPE') ?? 'openid email profile';
  if (!scope.split(/\s+/).includes('openid')) problems.push(`STAFF_OIDC_SCOPE must include openid, not '${scope}'.`);
  return Object.freeze({
    issuer,
    clientId,
    clientSecret,
    displayName: value('STAFF_OIDC_NAME') ?? 'Single Sign-On',
    scope,
    roleClaim,
    roleMap: Object.freeze(roleMap),
  });
}

function trustProxy(text: string | null, problems: string[]): boolean | number | string {
  if (text === null || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every((entry) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(entry) || ['loopback', 'linklocal', 'uniquelocal'].includes(entry))) {
    return entries.join(',');
  }
  problems.push(`TRUST_PROXY must be true, false, a number of hops or addresses/CIDR ranges separated by commas, not '${text}'.`);
  return false;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Reads DATA_DIR/secrets.json, adding (and saving) any secret it lacks. */
function storedSecrets(dataDir: string, needed: (keyof Secrets)[]): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  const stored: Partial<Secrets> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  let changed = false;
  for (const name of needed) {
    if (!stored[name]) {
      stored[name] = generators[name]();
      changed = true;
    }
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  return stored as Secrets;
}
