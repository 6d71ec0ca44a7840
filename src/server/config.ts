/**
 * The one place that reads the environment. Validated once at start; the result is frozen. Secrets that are not
 * set are generated on first start into DATA_DIR/secrets.json so restarts keep sessions and SSNs.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { JSONSchemaType } from 'ajv';
import { envSchema } from 'env-schema';
import packageJson from '../../package.json' with { type: 'json' };
import type { StaffRole } from '#db/database.ts';
import { checkProviderUrl, ProviderAddressError } from './oidc/provider-fetch.ts';
import { STAFF_ROLES } from '#contracts/staff/staff-roles.ts';

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

/**
 * The settings that are one value each, as a JSON Schema env-schema checks (with the Ajv the product uses):
 * its type coerced from the text, its default, its range. `description` finishes the sentence a person reads when
 * the value is wrong: 'PORT must be a port number, not 'abc'.'. The settings that depend on each other (TRUST_PROXY,
 * PUBLIC_URL, the secrets, staff single sign-on) are checked by the code below.
 */
const SETTINGS_SCHEMA = {
  type: 'object',
  properties: {
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 3000, description: 'a port number' },
    HOST: { type: 'string', default: '0.0.0.0', description: 'an address to listen on' },
    DATA_DIR: { type: 'string', default: './.data', description: 'a folder' },
    NODE_ENV: { type: 'string', default: 'development', description: 'the name of an environment' },
    AUTH_RATE_LIMIT: { type: 'integer', minimum: 1, default: 20, description: 'a positive whole number' },
    SHUTDOWN_TIMEOUT: { type: 'integer', minimum: 1, default: 10, description: 'a positive whole number of seconds' },
    // The largest upload (an ICHRA document, about 7 MB of JSON) arrives in 7 s at 1 MB/s: 30 s leaves room for
    // slower links, and a body trickled in is cut off well within a minute (docs/operations.md, "Slow clients").
    REQUEST_TIMEOUT: { type: 'integer', minimum: 1, default: 30, description: 'a positive whole number of seconds' },
    BODY_IDLE_TIMEOUT: { type: 'integer', minimum: 1, default: 10, description: 'a positive whole number of seconds' },
    DATABASE_POOL_SIZE: { type: 'integer', minimum: 1, default: 10, description: 'a positive whole number' },
    OIDC_ALLOW_HTTP_LOOPBACK: { type: 'boolean', default: false, description: 'true or false' },
    OIDC_CLOCK_TOLERANCE: {
      type: 'integer',
      minimum: 0,
      maximum: MAX_OIDC_CLOCK_TOLERANCE,
      default: 30,
      description: `a whole number of seconds from 0 to ${MAX_OIDC_CLOCK_TOLERANCE}`,
    },
    DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://', description: 'a URL that starts with postgres://' },
    SMTP_URL: { type: 'string', pattern: '^smtps?://', description: 'a URL that starts with smtp:// or smtps://' },
  },
} as const;

type SettingName = keyof typeof SETTINGS_SCHEMA.properties;
type SettingProperty = (typeof SETTINGS_SCHEMA.properties)[SettingName];
type ValueOf<Property extends SettingProperty> = Property extends { type: 'integer' } ? number : Property extends { type: 'boolean' } ? boolean : string;
/** The settings as the schema types them: one without a default may be missing. */
type Settings = {
  [Name in SettingName]: (typeof SETTINGS_SCHEMA.properties)[Name] extends { default: unknown }
    ? ValueOf<(typeof SETTINGS_SCHEMA.properties)[Name]>
    : ValueOf<(typeof SETTINGS_SCHEMA.properties)[Name]> | undefined;
};

function settingsOf(texts: Record<string, string>): Settings {
  // Copies: env-schema writes the coerced values and the defaults into the schema's data, and marks the schema.
  return envSchema<Settings>({ schema: structuredClone(SETTINGS_SCHEMA) as unknown as JSONSchemaType<Settings>, data: { ...texts }, env: false });
}

/**
 * The settings of `texts` (trimmed, empty ones left out) checked and typed. A wrong one is a problem (one per
 * setting), and the rest of the checks go on with its default, so that every problem is told at once.
 */
function checkedSettings(texts: Record<string, string>, problems: string[]): Settings {
  try {
    return settingsOf(texts);
  } catch (error) {
    const faults = (error as { errors?: Array<{ instancePath: string }> }).errors;
    if (!faults) throw error;
    const wrong = new Set(faults.map((fault) => fault.instancePath.slice(1) as SettingName));
    for (const name of wrong) problems.push(`${name} must be ${SETTINGS_SCHEMA.properties[name].description}, not '${texts[name]}'.`);
    return settingsOf(Object.fromEntries(Object.entries(texts).filter(([name]) => !wrong.has(name as SettingName))));
  }
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const problems: string[] = [];
  const texts = Object.fromEntries(
    Object.entries(env)
      .map(([name, text]) => [name, text?.trim() ?? ''] as const)
      .filter(([, text]) => text !== ''),
  );
  const value = (name: string): string | null => texts[name] ?? null;

  const settings = checkedSettings(texts, problems);
  const { PORT, HOST, NODE_ENV, AUTH_RATE_LIMIT, SHUTDOWN_TIMEOUT, REQUEST_TIMEOUT, BODY_IDLE_TIMEOUT, DATABASE_POOL_SIZE, OIDC_ALLOW_HTTP_LOOPBACK, OIDC_CLOCK_TOLERANCE } = settings;
  const DATA_DIR = path.resolve(settings.DATA_DIR);
  const DATABASE_URL = settings.DATABASE_URL ?? null;
  const SMTP_URL = settings.SMTP_URL ?? null;

  const TRUST_PROXY = trustProxy(value('TRUST_PROXY'), problems);
  if (OIDC_ALLOW_HTTP_LOOPBACK && NODE_ENV === 'production') problems.push('OIDC_ALLOW_HTTP_LOOPBACK is for tests and development: not in production.');

  const STAFF_OIDC = staffOidc(value, { allowHttpLoopback: OIDC_ALLOW_HTTP_LOOPBACK }, problems);

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
