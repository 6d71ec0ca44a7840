/**
 * The resolved content documents (base plus the employer's published override) the web app renders. No sign-in:
 * the register and set-password pages need their forms before anyone is signed in. Answers carry an ETag; a
 * matching If-None-Match answers 304 so browsers keep their copy.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors.ts';
import { envelope, failures, ok, uuid } from '../route-schemas.ts';

type ContentRequest = FastifyRequest<{ Params: { id: string }; Querystring: { accountid?: string } }>;

const params = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[a-z][a-z0-9-]*$', description: 'The document id' } },
} as const;
const querystring = {
  type: 'object',
  properties: { accountid: { ...uuid, description: "The employer whose override applies; none: the base document" } },
} as const;
const answer = envelope({
  type: 'object',
  required: ['document', 'etag'],
  properties: { document: { type: 'object', additionalProperties: true }, etag: { type: 'string' } },
});

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
    const { document, etag } = await app.content.resolve(request.params.id, request.query.accountid ?? null);
    if ((document as { kind?: string }).kind !== kind) throw notFound(`There is no ${kind} '${request.params.id}'.`);
    reply.header('ETag', etag).header('Cache-Control', 'no-cache');
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return ok({ document, etag });
  };

  app.get(
    '/api/content/forms/:id',
    {
      schema: {
        tags: ['Content'],
        summary: 'A form document as the employer sees it (304 when If-None-Match holds its etag)',
        params,
        querystring,
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
        summary: 'A flow document as the employer sees it (304 when If-None-Match holds its etag)',
        params,
        querystring,
        response: { 200: answer, ...failures },
      },
    },
    serve('flow'),
  );
}
