/**
 * Validators compiled ahead for a staff draft (docs/staff.md): the console's preview renders a form nobody gets
 * yet, and the Content-Security-Policy lets the browser compile nothing, so the server checks the draft as a saved
 * draft is checked (checkEdit), compiles it as it compiles a published form (validator-modules.ts) and serves the
 * module from our origin. Modules are kept in memory only (the last 50 drafts), behind the staff session: the
 * browser's module import from our origin sends the staff cookie.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { EngineConfigError, type FormDocument } from '#engine/core/index.ts';
import { badRequest, notFound } from '../errors.ts';
import type { ContentStore } from '../plugins/content.plugin.ts';
import { envelope, failures, ok } from '../route-schemas.ts';
import { checkEdit } from '../services/document-overrides.ts';
import { compileDraft, draftModule } from '../validator-modules.ts';
import { staffCookieSecurity } from './staff-auth.routes.ts';

/** '<SHA-256 of the draft's validated schemas>.js' */
const MODULE_FILE = /^([0-9a-f]{64})\.js$/;

type DraftBody = { document: Record<string, unknown> & { id: string } };

export async function staffValidatorsRoutes(app: FastifyInstance): Promise<void> {
  const base = (app.content as ContentStore).base;
  const viewer = app.requireStaff('viewer');

  app.post<{ Body: DraftBody }>(
    '/api/staff/validators',
    {
      preHandler: viewer,
      schema: {
        tags: ['Staff'],
        summary:
          "Compile the validators of a draft form for the preview: checked as a saved draft is (400 with fieldErrors keyed by JSON pointer into the document), answers the path of their module and the form as checked",
        security: staffCookieSecurity,
        body: {
          type: 'object',
          required: ['document'],
          additionalProperties: false,
          properties: {
            document: {
              type: 'object',
              required: ['id', 'kind'],
              additionalProperties: true,
              properties: {
                id: { type: 'string', pattern: '^[a-z][a-z0-9-]*$', maxLength: 100 },
                kind: { type: 'string', enum: ['form'], description: 'Only a form has validators' },
              },
            },
          },
        },
        response: {
          200: envelope({
            type: 'object',
            required: ['path', 'document'],
            properties: {
              path: { type: 'string', description: '/api/staff/validators/<sha256>.js' },
              document: { type: 'object', additionalProperties: true, description: 'The form the validators are for, as checked (definitions bundled)' },
            },
          }),
          ...failures,
        },
      },
    },
    async (request) => {
      const checked = checkEdit(base, request.body.document.id, request.body.document);
      if (checked.refused) throw badRequest(checked.refused.message, checked.refused.fieldErrors);
      const document = checked.document as FormDocument;
      try {
        return ok({ path: `/api/staff/validators/${await compileDraft(document)}.js`, document });
      } catch (error) {
        // A schema the meta-schema allows but Ajv cannot compile is a fault of the draft, not of the server.
        if (error instanceof EngineConfigError) throw badRequest(`The draft's validators cannot be compiled: ${error.message}`, { '/schema': [error.message] });
        throw error;
      }
    },
  );

  app.get<{ Params: { file: string } }>(
    '/api/staff/validators/:file',
    {
      preHandler: viewer,
      schema: {
        tags: ['Staff'],
        summary: "A draft's validators compiled for the preview: an ES module of Ajv standalone code (immutable); 404 once forgotten",
        security: staffCookieSecurity,
        params: {
          type: 'object',
          required: ['file'],
          properties: { file: { type: 'string', pattern: MODULE_FILE.source, description: '<sha256>.js' } },
        },
        response: { 200: { type: 'string', description: 'JavaScript (text/javascript)' }, ...failures },
      },
    },
    async (request, reply: FastifyReply) => {
      const code = draftModule(MODULE_FILE.exec(request.params.file)![1]!);
      if (code === undefined) throw notFound('These validators are not in memory (any more); compile the draft again.');
      return reply
        .header('Content-Type', 'text/javascript; charset=utf-8')
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .send(code);
    },
  );
}
