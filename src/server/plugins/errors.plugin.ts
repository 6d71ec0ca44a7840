/**
 * One error handler for the whole API, so every failure has the envelope `{ success: false, data, message, code,
 * fieldErrors? }` and no stack trace or internal message ever reaches a client:
 * - AppError: its own code, status and message (a catalogue text worded in the answer's language);
 * - request validation (Fastify schemas): 400 VALIDATION_FAILED with messages keyed by the field's JSON pointer;
 * - Fastify's own client errors (bad JSON, too large, rate limited): their status with a fitting code;
 * - anything else: logged, answered 500 INTERNAL with the catalogue's 'something-wrong' text.
 * An employee's answer is in the request's language (request.language); the staff API's stays English, as the
 * console is.
 * Every refusal is logged at info as a security event (ASVS V7.1.3, V7.2): its code, status, the signed-in
 * member's id when there is one and, for validation, the names of the fields (never their values).
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiFailure, ErrorCode, FieldErrors } from '#contracts/api.ts';
import { DEFAULT_LANGUAGE, type Language } from '#contracts/language.ts';
import { catalogueMessage, catalogueText, inLanguage, type CatalogueText } from '../content/catalogue-messages.ts';
import { AppError } from '../errors.ts';
import { headersLanguage } from './language.plugin.ts';

type ValidationIssue = {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
};

/** The language a failure is answered in: the request's, but English on the staff API (the console is English). */
export const answerLanguage = (request: FastifyRequest): Language =>
  request.url.startsWith('/api/staff') ? DEFAULT_LANGUAGE : request.language;

/** The answer to a failure of ours: the catalogue's text, the same the screens show. */
const internalFailure = (request: FastifyRequest): ApiFailure => ({
  success: false,
  data: null,
  code: 'INTERNAL',
  message: catalogueMessage('something-wrong', {}, answerLanguage(request)),
});

/** The failure envelope as a JSON schema, for routes' 4xx/5xx answers and the OpenAPI document. */
export const failureSchema = {
  $id: 'ApiFailure',
  type: 'object',
  required: ['success', 'data', 'message', 'code'],
  properties: {
    success: { type: 'boolean', const: false },
    data: {},
    message: { type: 'string' },
    code: { type: 'string' },
    fieldErrors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
} as const;

export function sendFailure(reply: FastifyReply, status: number, failure: ApiFailure): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(failure);
}

/** A JSON type's refusal; a union (['string', 'null']) is named by the type a value is expected to have. */
function typeMessage(types: string, language: Language): string {
  const type = types.split(',').find((name) => name !== 'null') ?? 'null';
  switch (type) {
    case 'string':
      return catalogueMessage('request-must-be-text', {}, language);
    case 'number':
      return catalogueMessage('request-must-be-number', {}, language);
    case 'integer':
      return catalogueMessage('request-must-be-whole-number', {}, language);
    case 'boolean':
      return catalogueMessage('request-must-be-true-or-false', {}, language);
    case 'object':
      return catalogueMessage('request-must-be-object', {}, language);
    case 'array':
      return catalogueMessage('request-must-be-list', {}, language);
    case 'null':
      return catalogueMessage('request-must-be-empty', {}, language);
    default:
      return catalogueMessage('request-value-invalid', {}, language);
  }
}

/** A format's refusal: the formats the request schemas use by name, any other by its format name. */
function formatMessage(format: string, language: Language): string {
  switch (format) {
    case 'date':
      return catalogueMessage('request-must-be-date', {}, language);
    case 'email':
      return catalogueMessage('request-must-be-email', {}, language);
    case 'uuid':
      return catalogueMessage('request-must-be-uuid', {}, language);
    default:
      return catalogueMessage('request-must-have-format', { format }, language);
  }
}

function issueMessage(issue: ValidationIssue, language: Language): string {
  const p = issue.params;
  const limit = String(p.limit);
  switch (issue.keyword) {
    case 'required':
      return catalogueMessage('request-field-required', {}, language);
    case 'type':
      return typeMessage(String(p.type), language);
    case 'format':
      return formatMessage(String(p.format), language);
    case 'minLength':
      return p.limit === 1 ? catalogueMessage('request-field-required', {}, language) : catalogueMessage('request-min-length', { limit }, language);
    case 'maxLength':
      return catalogueMessage('request-max-length', { limit }, language);
    case 'minimum':
      return catalogueMessage('request-at-least', { limit }, language);
    case 'maximum':
      return catalogueMessage('request-at-most', { limit }, language);
    case 'exclusiveMinimum':
      return catalogueMessage('request-above', { limit }, language);
    case 'exclusiveMaximum':
      return catalogueMessage('request-below', { limit }, language);
    case 'pattern':
      return catalogueMessage('request-pattern-mismatch', {}, language);
    case 'enum':
      return catalogueMessage('request-one-of', { values: (p.allowedValues as unknown[]).join(', ') }, language);
    case 'additionalProperties':
      return catalogueMessage('request-field-not-allowed', {}, language);
    default:
      // Ajv words its other keywords (minItems, const...) in English only: an English answer keeps its words, a
      // Spanish one says the value is not valid.
      if (language === 'en' && issue.message) return `${issue.message[0]!.toUpperCase()}${issue.message.slice(1)}.`;
      return catalogueMessage('request-value-invalid', {}, language);
  }
}

function issuePointer(issue: ValidationIssue): string {
  if (issue.keyword === 'required') return `${issue.instancePath}/${String(issue.params.missingProperty)}`;
  if (issue.keyword === 'additionalProperties') return `${issue.instancePath}/${String(issue.params.additionalProperty)}`;
  return issue.instancePath;
}

/**
 * Fastify's schema failures as field errors in `language`; pointers outside the body name their part (`params/id`).
 */
export function validationFailure(issues: ValidationIssue[], context: string, language: Language): ApiFailure {
  const fieldErrors: FieldErrors = {};
  for (const issue of issues) {
    const pointer = issuePointer(issue);
    const key = context === 'body' ? pointer : `${context}${pointer || '/'}`;
    (fieldErrors[key] ??= []).push(issueMessage(issue, language));
  }
  const fields = Object.keys(fieldErrors).map((k) => k.replace(/^\//, '') || context);
  const named = { fields: fields.join(', ') };
  return {
    success: false,
    data: null,
    code: 'VALIDATION_FAILED',
    message: fields.length === 1 ? catalogueMessage('request-check-named-field', named, language) : catalogueMessage('request-check-named-fields', named, language),
    fieldErrors,
  };
}

const clientCodes: Record<number, ErrorCode> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'RATE_LIMITED',
};

const clientMessages: Record<string, CatalogueText> = {
  FST_ERR_CTP_INVALID_JSON_BODY: catalogueText('request-body-not-json'),
  FST_ERR_CTP_EMPTY_JSON_BODY: catalogueText('request-body-empty'),
  FST_ERR_CTP_BODY_TOO_LARGE: catalogueText('request-too-large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: catalogueText('request-media-type'),
};

/** The answer to a URL Fastify cannot route (bad percent-encoding, encoded NUL or surrogates, a too long part). */
const frameworkMessages: Record<string, CatalogueText> = {
  FST_ERR_BAD_URL: catalogueText('request-url-invalid'),
  FST_ERR_MAX_PARAM_LENGTH: catalogueText('request-url-part-too-long'),
};

/**
 * Fastify's frameworkErrors: URL faults found before any route or hook runs. They get the envelope and a 400 like
 * every other input fault (and, with no hook to add them, the headers an /api answer always carries). The hook
 * that sets request.language has not run either, so the language is read from the headers here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  request.language = headersLanguage(request);
  const message = frameworkMessages[error.code];
  reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
  if (!message) {
    request.log.error({ code: error.code }, 'request failed before routing');
    return sendFailure(reply, 500, internalFailure(request));
  }
  request.log.info({ code: error.code }, 'client error');
  return sendFailure(reply, 400, { success: false, data: null, code: 'VALIDATION_FAILED', message: inLanguage(message, answerLanguage(request)) });
}

/** What Node's HTTP server reports to the clientErrorHandler, answered on the raw socket. */
const rawFailures: Record<string, { status: number; failure: Pick<ApiFailure, 'code' | 'message'> }> = {
  HPE_HEADER_OVERFLOW: { status: 431, failure: { code: 'VALIDATION_FAILED', message: 'The request headers are too large.' } },
  // REQUEST_TIMEOUT passed before the request had arrived in full (request-time-limits.ts).
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, failure: { code: 'REQUEST_TIMEOUT', message: catalogueMessage('request-timed-out', {}, DEFAULT_LANGUAGE) } },
};
const malformed = { status: 400, failure: { code: 'VALIDATION_FAILED', message: 'The request is not valid HTTP.' } } as const;

/**
 * Node's own test before it answers on a socket (its field, as its default clientError handling reads it): an
 * answer already under way must not have another written into it.
 */
const answerStarted = (socket: Duplex) => (socket as Duplex & { _httpMessage?: { headersSent: boolean } | null })._httpMessage?.headersSent === true;

/**
 * Fastify's clientErrorHandler: a request Node's HTTP parser refuses before Fastify sees it (headers over Node's
 * 16 KB, a malformed request line), or one still arriving when REQUEST_TIMEOUT passed. It gets the envelope on the
 * raw socket, 431, 400 or 408, and the connection closes once the answer is written; a connection already gone
 * (reset by the client) is simply let go: nothing to answer, nothing to log as an error. Its message stays
 * English: the headers that would tell the language may not have been parsed (and no browser sends such a request).
 */
export function clientErrors(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable || answerStarted(socket)) {
    socket.destroy();
    return;
  }
  const { status, failure } = rawFailures[error.code ?? ''] ?? malformed;
  const body = JSON.stringify({ success: false, data: null, ...failure } satisfies ApiFailure);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    // Closed, not half-open: a client that keeps sending is not read any further.
    () => socket.destroy(),
  );
}

export async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.addSchema(failureSchema);

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const memberId = request.member?.memberId;
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error, code: error.code, memberId }, 'request failed');
      else request.log.info({ code: error.code, status: error.statusCode, memberId }, 'refused');
      const language = answerLanguage(request);
      const fieldErrors = error.fieldErrorsIn(language);
      return sendFailure(reply, error.statusCode, {
        success: false,
        data: error.data ?? null,
        message: error.messageIn(language),
        code: error.code,
        ...(fieldErrors ? { fieldErrors } : {}),
      });
    }
    if ('validation' in error && error.validation) {
      const failure = validationFailure(error.validation as ValidationIssue[], error.validationContext ?? 'body', answerLanguage(request));
      request.log.info({ code: failure.code, status: 400, memberId, fields: Object.keys(failure.fieldErrors ?? {}) }, 'refused');
      return sendFailure(reply, 400, failure);
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code, status, memberId }, 'client error');
      const said = clientMessages[error.code] ?? (status === 429 ? catalogueText('error-too-many-attempts') : catalogueText('request-invalid'));
      return sendFailure(reply, status, { success: false, data: null, code: clientCodes[status] ?? 'VALIDATION_FAILED', message: inLanguage(said, answerLanguage(request)) });
    }
    request.log.error({ err: error, memberId }, 'request failed');
    return sendFailure(reply, 500, internalFailure(request));
  });
}
