/**
 * Validators compiled ahead for a staff draft (docs/staff.md): the console's preview renders a form nobody gets
 * yet, and the Content-Security-Policy lets the browser compile nothing, so the server checks the draft as a saved
 * draft is checked (checkEdit), compiles it as it compiles a published form (validator-modules.ts) and serves the
 * module from our origin. Modules are kept in memory only (the latest 50 drafts' and 8 MB at most:
 * DRAFT_MODULES_LIMIT), behind the staff session: the browser's module import from our origin sends the staff
 * cookie. Compiling is for those who may change documents (implementers and admins) and limited per staff user,
 * since each compile costs the server time and memory; reading a module compiled already is for any staff user.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DraftValidatorsBodySchema, DraftValidatorsSchema } from '#contracts/staff/staff-validators.ts';
import { EngineConfigError, type FormDocument } from '#engine/runtime/index.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import type { ContentStore } from '../../content/content-store.ts';
import { envelope, failures, ok } from '../../http/route-schemas.ts';
import { checkEdit } from '../../services/staff-employers/document-overrides.ts';
import { compileDraft, DRAFT_MODULES_LIMIT, draftModule } from '../../content/validator-modules.ts';
import { staffCookieSecurity } from './staff-auth.routes.ts';

/** '<SHA-256 of the draft's validated schemas>.js' */
const MODULE_FILE = /^([0-9a-f]{64})\.js$/;

/** Draft compiles a staff user may ask for in a minute, refused or not (the editor compiles once it is still). */
export const DRAFT_COMPILES_PER_MINUTE = 60;

export async function staffValidatorsRoutes(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const base = (app.content as ContentStore).base;
  const viewer = app.requireStaff('viewer');
  const implementer = app.requireStaff('implementer');

  app.post(
    '/api/staff/validators',
    {
      onRequest: implementer,
      // Counted once the role (onRequest) and the body passed (preHandler), per staff user, in the database like every limit.
      config: {
        rateLimit: {
          max: DRAFT_COMPILES_PER_MINUTE,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `staff:${request.staff!.id}`,
          errorResponseBuilder: () =>
            new AppError('RATE_LIMITED', 429, `At most ${DRAFT_COMPILES_PER_MINUTE} previews a minute can be compiled for one staff user. Please wait a minute and try again.`),
        },
      },
      schema: {
        tags: ['Staff'],
        summary:
          `Compile the validators of a draft form for the preview (implementer or admin; at most ${DRAFT_COMPILES_PER_MINUTE} a minute per staff user, then 429): checked as a saved draft is (400 with fieldErrors keyed by JSON pointer into the document), answers the path of their module and the form as checked`,
        security: staffCookieSecurity,
        body: DraftValidatorsBodySchema,
        response: { 200: envelope(DraftValidatorsSchema), ...failures },
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

  app.get(
    '/api/staff/validators/:file',
    {
      onRequest: viewer,
      schema: {
        tags: ['Staff'],
        summary: `A draft's validators compiled for the preview: an ES module of Ajv standalone code (immutable); 404 once forgotten (the latest ${DRAFT_MODULES_LIMIT.count} drafts' are kept, ${DRAFT_MODULES_LIMIT.bytes / 1024 / 1024} MB at most)`,
        security: staffCookieSecurity,
        params: Type.Object({ file: Type.String({ pattern: MODULE_FILE.source, description: '<sha256>.js' }) }),
        response: { 200: Type.String({ description: 'JavaScript (text/javascript)' }), ...failures },
      },
    },
    async (request, reply) => {
      const code = draftModule(MODULE_FILE.exec(request.params.file)![1]!);
      if (code === undefined) throw notFound('These validators are not in memory (any more); compile the draft again.');
      return reply
        .header('Content-Type', 'text/javascript; charset=utf-8')
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .send(code);
    },
  );
}
