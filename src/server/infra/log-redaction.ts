/**
 * What the logs may carry (ASVS 4.0 V7.1, docs/security.md): no personal data and no secrets. Three layers:
 * - `redact` paths censor the fields that hold secrets (SSNs, passwords, tokens, the bearer header) in any
 *   logged object, to a depth of four;
 * - the `err` serializer writes an error as its type, code, a scrubbed message and stack and, for a database
 *   error, the SQLSTATE and the constraint, table and column it names, and nothing else: the driver's `params`,
 *   `query`, `detail` (`Key (email)=(ada@...)`), `where` and `hint` carry the values of the statement and are
 *   dropped, and the values PostgreSQL quotes into its messages (`invalid input syntax for type uuid: "..."`)
 *   are blanked;
 * - every line is scrubbed last, as it is written (pino's streamWrite hook): e-mail addresses, SSNs, dates (birth
 *   dates travel in some paths), JWTs, bearer and query-string tokens, the event log's employee filter and the
 *   employee list's search (a name) and long opaque tokens become ***.
 */
const SECRET_FIELDS = ['additionalid', 'password', 'token', 'refresh_token', 'access_token', 'id_token', 'authorization', 'cookie'];

export const logRedaction = {
  paths: SECRET_FIELDS.flatMap((field) => {
    const key = /^\w+$/.test(field) ? field : `[${JSON.stringify(field)}]`;
    const last = key.startsWith('[') ? key : `.${key}`;
    return [key, ...[1, 2, 3, 4].map((depth) => `${Array(depth).fill('*').join('.')}${last}`)];
  }),
  censor: '***',
};

const CENSOR = '***';
const SCRUBS: RegExp[] = [
  // e-mail addresses, also URL-encoded (%40)
  /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g,
  // JWTs (access and id tokens)
  /\beyJ[\w-]*\.[\w-]*\.[\w-]*/g,
  // Authorization values and tokens in query strings; the name or e-mail a staff user types to find an employee
  // (the event log's employee, the employee list's search)
  /\b(?:Bearer|Basic)\s+[^\s"',]+/gi,
  /(?<=[?&](?:token|refresh_token|access_token|code|key|employee|search)=)[^&\s"#]*/gi,
  // dates: 2026-01-31, 01/31/2026 (also %2F-encoded)
  /\b\d{4}-\d{2}-\d{2}(?!\d)/g,
  /\b\d{1,2}(?:\/|%2F)\d{1,2}(?:\/|%2F)\d{4}\b/gi,
  // SSNs: 123-45-6789, 123 45 6789, 123456789
  /(?<![\w.-])\d{3}[- ]?\d{2}[- ]?\d{4}(?![\w.-])/g,
  // long opaque tokens (refresh tokens, set-password tokens, keys): 40 or more URL-safe characters
  /(?<![\w-])[A-Za-z0-9_-]{40,}(?![\w-])/g,
];

/** A text with every personal value and token the patterns know replaced by ***. */
export function scrub(text: string): string {
  let out = text;
  for (const pattern of SCRUBS) out = out.replace(pattern, CENSOR);
  return out;
}

/** PostgreSQL quotes the offending value into its messages; identifiers are quoted the same way, so both go. */
const blankQuoted = (text: string) => text.replace(/"(?:[^"\\]|\\.)*"/g, `"${CENSOR}"`);

type LoggedError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  cause?: LoggedError;
};

/** A database driver's error (pg, PGlite): it has a SQLSTATE and a severity. */
const isDatabaseError = (error: Record<string, unknown>) =>
  typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && typeof error.severity === 'string';

/** The `err` serializer (see the file comment). */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: CENSOR, stack: CENSOR };
  const fields = error as unknown as Record<string, unknown>;
  const database = isDatabaseError(fields);
  const clean = (text: string) => scrub(database ? blankQuoted(text) : text);
  const type = database ? 'DatabaseError' : error.constructor?.name || error.name || 'Error';
  const message = clean(error.message ?? '');
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const logged: LoggedError = { type, message, stack: [`${type}: ${message}`, ...frames.map(clean)].join('\n') };
  if (typeof fields.code === 'string') logged.code = fields.code;
  if (typeof fields.statusCode === 'number') logged.statusCode = fields.statusCode;
  if (database) {
    for (const key of ['constraint', 'table', 'column', 'routine'] as const) {
      if (typeof fields[key] === 'string') logged[key] = fields[key] as string;
    }
  }
  if (error.cause !== undefined && depth < 3) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/** Request lines carry method and URL only (never bodies or headers); the URL is scrubbed with the line. */
export const logSerializers = {
  req: (request: { method: string; url: string }) => ({ method: request.method, url: request.url }),
  err: (error: unknown) => serializeError(error),
};

/** pino options that apply all three layers. */
export const safeLogOptions = {
  serializers: logSerializers,
  redact: logRedaction,
  hooks: { streamWrite: scrub },
};

/** A fatal error for the console (start-up failures): the same serializer, one readable text. */
export function describeError(error: unknown): string {
  const logged = serializeError(error);
  return [logged.stack, logged.code ? `code ${logged.code}` : ''].filter(Boolean).join('\n');
}
