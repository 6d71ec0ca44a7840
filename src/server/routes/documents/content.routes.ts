/**
 * The resolved content documents (base plus the employer's published override) the web app renders. No sign-in:
 * the register and set-password pages need their forms before anyone is signed in. A document is served in the
 * request's language (request.language: the language cookie, else Accept-Language), or the one `lang` asks for,
 * and says which (Content-Language; Vary names what chose it). Answers carry an ETag (another for each language);
 * a matching If-None-Match answers 304 so browsers keep their copy. A form's answer names its validators compiled
 * ahead (validator-modules.ts), a JavaScript module at a content-addressed URL, cached as immutable: one module
 * for every language, since it is compiled from the schemas without their texts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DOCUMENT_ID_PATTERN } from '#contracts/document-id.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#contracts/language.ts';
import type { FormDocument } from '#engine/runtime/types.ts';
import { catalogueText } from '../../content/catalogue-messages.ts';
import { notFound } from '../../errors.ts';
import { envelope, failures, ok, uuid } from '../../http/route-schemas.ts';
import { validatorModule, validatorsHash, validatorsPath } from '../../content/validator-modules.ts';

type ContentRequest = FastifyRequest<{ Params: { id: string }; Querystring: { accountid?: string; lang?: Language } }>;

const params = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: DOCUMENT_ID_PATTERN, description: 'The document id' } },
} as const;
const accountid = { ...uuid, description: "The employer whose override applies; none: the base document" };
const querystring = { type: 'object', properties: { accountid } } as const;
const documentQuerystring = {
  type: 'object',
  properties: {
    accountid,
    lang: { type: 'string', enum: [...LANGUAGES], description: "The language of the texts; none: the request's (the language cookie, else Accept-Language)" },
  },
} as const;
const answer = envelope({
  type: 'object',
  required: ['document', 'etag'],
  properties: {
    document: { type: 'object', additionalProperties: true },
    etag: { type: 'string' },
    version: { type: 'integer', description: "The employer's published override version in force; 0: the base document" },
    validators: { type: 'string', description: "A form's validators compiled ahead: the path of their JavaScript module" },
  },
});

/** '<document id>.<SHA-256 of its validated schemas>.js' */
const VALIDATORS_FILE = /^([a-z][a-z0-9-]*)\.([0-9a-f]{64})\.js$/;
const validatorParams = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', pattern: VALIDATORS_FILE.source, description: '<form id>.<sha256>.js' } },
} as const;

/** True when the request's If-None-Match names this etag (or '*'). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const serve = (kind: 'form' | 'flow') => async (request: ContentRequest, reply: FastifyReply) => {
    const language = request.query.lang ?? request.language;
    const { document, etag, version } = await app.content.resolve(request.params.id, request.query.accountid ?? null, language);
    if ((document as { kind?: string }).kind !== kind) throw notFound(kind === 'form' ? catalogueText('content-no-form', { id: request.params.id }) : catalogueText('content-no-flow', { id: request.params.id }));
    reply.header('ETag', etag).header('Cache-Control', 'no-cache').header('Content-Language', language).header('Vary', 'Cookie, Accept-Language');
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    if (kind === 'flow') return ok({ document, etag, version });
    return ok({ document, etag, version, validators: await validatorsPath(document as FormDocument, request.query.accountid ?? null) });
  };

  // Compiled from the document the employer sees now; a hash that is no longer it (an override published since
  // the form was read) answers 404, and the browser reads the form again.
  app.get(
    '/api/content/validators/:file',
    {
      schema: {
        tags: ['Content'],
        summary: "A form's validators compiled ahead: an ES module of Ajv standalone code (immutable)",
        params: validatorParams,
        querystring,
        response: { 200: { type: 'string', description: 'JavaScript (text/javascript)' }, ...failures },
      },
    },
    async (request: FastifyRequest<{ Params: { file: string }; Querystring: { accountid?: string } }>, reply: FastifyReply) => {
      const [, id, hash] = VALIDATORS_FILE.exec(request.params.file)!;
      // The module is the same in every language (compiled from the schemas without their texts).
      const { document } = await app.content.resolve(id!, request.query.accountid ?? null, DEFAULT_LANGUAGE);
      const form = document as FormDocument;
      if (form.kind !== 'form' || (await validatorsHash(form)) !== hash) {
        throw notFound(catalogueText('content-validators-stale'));
      }
      return reply
        .header('Content-Type', 'text/javascript; charset=utf-8')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(await validatorModule(form, app.validatorsRoot));
    },
  );

  app.get(
    '/api/content/forms/:id',
    {
      schema: {
        tags: ['Content'],
        summary: "A form document as the employer sees it, in the request's language or `lang` (304 when If-None-Match holds its etag)",
        params,
        querystring: documentQuerystring,
        response: { 200: answer, ...failures },
      },
    },
    serve('form'),
  );

  app.get(
    '/api/content/flows/:id',
    {
      schema: {
        tags: ['Content'],
        summary: "A flow document as the employer sees it, in the request's language or `lang` (304 when If-None-Match holds its etag)",
        params,
        querystring: documentQuerystring,
        response: { 200: answer, ...failures },
      },
    },
    serve('flow'),
  );
}
