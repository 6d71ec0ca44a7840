/**
 * Implementation staff change what one employer sees without code: an override is a JSON Merge Patch of one
 * document, created as a draft, previewed, then published (the previous published version is retired) or
 * retired. A patch over the size or depth limits is refused before anything merges it; a draft is refused (and
 * preview and publish answer 400) unless the resolved document passes every content check. Every route needs
 * the `x-staff-key` header to equal STAFF_API_KEY. A document id that is no base document's is a form of the
 * employer's own: its override is the whole form, and the employer's flow may name it once it is published.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as employers from '#db/repositories/employer.repository.ts';
import * as overrides from '#db/repositories/document-override.repository.ts';
import { AppError, badRequest, notFound, unauthorized } from '../errors.ts';
import { applyOverride, etagOf, overrideLimitProblem, type ContentStore } from '../plugins/content.plugin.ts';
import { envelope, failures, ok, uuid } from '../route-schemas.ts';
import { precompileForPublish } from '../validator-modules.ts';

const overrideSchema = {
  type: 'object',
  properties: {
    id: uuid,
    accountid: uuid,
    documentid: { type: 'string' },
    version: { type: 'integer' },
    status: { type: 'string', enum: ['draft', 'published', 'retired'] },
    patch: { type: 'object', additionalProperties: true },
    createdon: { type: 'string' },
    publishedon: { type: 'string', nullable: true },
  },
} as const;

const idParams = { type: 'object', required: ['id'], properties: { id: uuid } } as const;
const staffKey = [{ staffKey: [] }];

function sameKey(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function staffOverridesRoutes(app: FastifyInstance): Promise<void> {
  const store = app.content as ContentStore;

  const requireStaff = async (request: FastifyRequest) => {
    if (!sameKey(request.headers['x-staff-key'], app.config.STAFF_API_KEY)) throw unauthorized('A valid staff key is required.');
  };
  /** The forms the employer has published of its own (documents no base document is), which its flow may name. */
  const ownForms = async (accountid: string) => {
    const published = await overrides.list(app.db, { accountid });
    const isBase = (id: string) => store.base.forms.has(id) || store.base.flows.has(id);
    return new Set(published.filter((row) => row.status === 'published' && !isBase(row.documentid)).map((row) => row.documentid));
  };
  /** The resolved document, or a 400 naming why the override may not be stored, previewed or published. */
  const resolved = async (accountid: string, documentId: string, patch: unknown, verb: 'would make' | 'makes') => {
    const limit = overrideLimitProblem(patch);
    if (limit !== null) throw badRequest(`The override is refused: ${limit}.`, { '/patch': [limit] });
    const { document, problems } = applyOverride(store.base, documentId, patch, await ownForms(accountid));
    if (problems.length > 0) throw badRequest(`The override ${verb} an invalid document: ${problems.join('; ')}`, { '/patch': problems });
    return document;
  };
  const load = async (id: string) => {
    const row = await overrides.findById(app.db, id);
    if (!row) throw notFound('There is no such override.');
    return row;
  };

  app.get<{ Querystring: { accountid?: string; documentid?: string } }>(
    '/api/staff/overrides',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['Staff'],
        summary: 'Overrides, by employer and document',
        security: staffKey,
        querystring: { type: 'object', properties: { accountid: uuid, documentid: { type: 'string' } } },
        response: { 200: envelope({ type: 'array', items: overrideSchema }), ...failures },
      },
    },
    async (request) => ok((await overrides.list(app.db, request.query)).map(overrides.toWire)),
  );

  app.post<{ Body: { accountid: string; documentid: string; patch: Record<string, unknown> } }>(
    '/api/staff/overrides',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['Staff'],
        summary: 'Create a draft override (refused unless the merged document passes every content check)',
        security: staffKey,
        body: store.base.overrideSchema,
        response: { 201: envelope(overrideSchema), ...failures },
      },
    },
    async (request, reply) => {
      const { accountid, documentid, patch } = request.body;
      await resolved(accountid, documentid, patch, 'would make');
      if (!(await employers.findById(app.db, accountid))) throw notFound('There is no such employer.');
      const row = await overrides.insertDraft(app.db, { accountid, documentid, patch });
      return reply.code(201).send(ok(overrides.toWire(row)));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/staff/overrides/:id/preview',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['Staff'],
        summary: 'The document as the employer would see it with this override (nothing is published)',
        security: staffKey,
        params: idParams,
        response: {
          200: envelope({
            type: 'object',
            properties: { document: { type: 'object', additionalProperties: true }, etag: { type: 'string' } },
          }),
          ...failures,
        },
      },
    },
    async (request) => {
      const row = await load(request.params.id);
      const document = await resolved(row.accountid, row.documentid, row.patch, 'makes');
      return ok({ document, etag: etagOf(document) });
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/staff/overrides/:id/publish',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['Staff'],
        summary: 'Publish a draft: employees see it from now on; the version published before is retired',
        security: staffKey,
        params: idParams,
        response: { 200: envelope(overrideSchema), ...failures },
      },
    },
    async (request) => {
      const row = await load(request.params.id);
      if (row.status !== 'draft') throw new AppError('CONFLICT', 409, `Only a draft can be published; this one is ${row.status}.`);
      // Base content may have changed since the draft was made: check again before anyone sees it.
      await resolved(row.accountid, row.documentid, row.patch, 'makes');
      const published = await overrides.publish(app.db, row);
      store.invalidate(row.accountid, row.documentid);
      await precompileForPublish(app, row.accountid, row.documentid);
      return ok(overrides.toWire(published));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/staff/overrides/:id/retire',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['Staff'],
        summary: 'Retire an override: employees no longer see it',
        security: staffKey,
        params: idParams,
        response: { 200: envelope(overrideSchema), ...failures },
      },
    },
    async (request) => {
      const row = await load(request.params.id);
      if (row.status === 'retired') throw new AppError('CONFLICT', 409, 'This override is already retired.');
      const retired = await overrides.retire(app.db, row.id);
      store.invalidate(row.accountid, row.documentid);
      return ok(overrides.toWire(retired));
    },
  );
}
