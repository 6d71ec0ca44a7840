/**
 * The staff console's document editor (docs/staff.md): every base document, an employer's document as base,
 * published version, draft and what employees get now; saving a whole edited document as the draft (errors keyed
 * by JSON pointer into the document); publishing; rolling back to any earlier version; the versions with who made
 * and published them; a line diff between versions; a preview with the employer's other documents. Viewers read;
 * implementers and admins change (services/staff-employers/document-overrides.ts). Every version answers its tag (etag); a save
 * names the draft it read (If-Match, or If-None-Match: * for none), a publish the draft's tag and a rollback the
 * published tag it read, so a change made on a state someone changed since answers 409 naming who and when.
 * Staff get every document with its texts in every language: English in place, the others in `translations`
 * (which an override may change too, each text checked against the document it makes). A draft that changes a
 * guarded text is published only once a second staff member approved it (POST .../approve; guarded-approvals.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ContentSummarySchema,
  DocumentParamsSchema,
  DocumentPreviewQuerySchema,
  DocumentPreviewSchema,
  DocumentVersionSchema,
  DraftBodySchema,
  EmployerContentSchema,
  EmployerContentSummarySchema,
  VersionChoiceSchema,
  VersionDiffQuerySchema,
  VersionDiffSchema,
  VersionRowSchema,
  type DocumentParams,
} from '#contracts/staff/staff-content.ts';
import { Uuid } from '#contracts/wire-schema.ts';
import { todayUtc } from '#domain/values/dates.ts';
import * as employers from '#db/repositories/employer/employer.repository.ts';
import * as overrides from '#db/repositories/employer/document-override.repository.ts';
import type { FlowDocument, FormDocument } from '#engine/runtime/index.ts';
import { lineDiff } from '#engine/authoring/line-diff.ts';
import { catalogueText } from '../../content/catalogue-messages.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { applyOverride } from '../../content/apply-override.ts';
import { etagOf, type ContentStore } from '../../content/content-store.ts';
import { conditionHeaders, etagHeader, preconditionOf } from '../../http/preconditions.ts';
import { envelope, failures, ok } from '../../http/route-schemas.ts';
import { precompileForPublish } from '../../content/validator-modules.ts';
import { draftApproval } from '../../services/staff-employers/guarded-approvals.ts';
import {
  approveDraft,
  ownForms,
  patchProblems,
  publishDraft,
  publishedTag,
  rollBack,
  saveDraft,
  stored,
  type OverrideOutcome,
} from '../../services/staff-employers/document-overrides.ts';
import { staffCookieSecurity } from './staff-auth.routes.ts';

export async function staffContentRoutes(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const store = app.content as ContentStore;
  const base = store.base;
  const viewer = app.requireStaff('viewer');
  const implementer = app.requireStaff('implementer');
  const baseDocument = (id: string) => base.forms.get(id) ?? base.flows.get(id);

  /**
   * The base document of a request (null: an id no base document has, which names a form of the employer's own,
   * docs/decisions/020-an-employers-own-form-step-by-override-only.md), or a 404 when there is no such employer, or no such document of either kind.
   */
  const target = async ({ accountid, documentid }: DocumentParams, ownForm?: 'new own form allowed') => {
    if (!(await employers.findById(app.db, accountid))) throw notFound('There is no such employer.');
    const original = baseDocument(documentid) ?? null;
    if (!original && !ownForm && !(await overrides.listByEmployer(app.db, accountid)).some((row) => row.documentid === documentid)) throw notFound(catalogueText('content-no-document', { id: documentid }));
    return original;
  };
  /** The document of a version number (0: the base document), or a 404. */
  const documentOfVersion = async ({ accountid, documentid }: DocumentParams, version: number) => {
    if (version === 0) {
      const original = baseDocument(documentid);
      if (!original) throw notFound(`'${documentid}' is a form of the employer's own: it has no base version.`);
      return original;
    }
    const row = await overrides.findVersion(app.db, accountid, documentid, version);
    if (!row) throw notFound(`There is no version ${version} of this document.`);
    return applyOverride(base, documentid, row.patch).document;
  };
  /**
   * An outcome's answer. A state changed since it was read is 412 when a header named what was read (a draft save's
   * If-Match, RFC 9110), 409 when the body did (a publish's or rollback's etag).
   */
  const answer = (outcome: OverrideOutcome, changedStatus: 409 | 412 = 409) => {
    if (outcome.kind === 'invalid') throw badRequest(outcome.message, outcome.fieldErrors);
    if (outcome.kind === 'unproven') throw new AppError('PROOF_FAILED', 400, outcome.message, outcome.fieldErrors, { problems: outcome.problems });
    if (outcome.kind === 'not-found') throw notFound(outcome.message);
    if (outcome.kind === 'conflict') throw new AppError('CONFLICT', 409, outcome.message);
    if (outcome.kind === 'unapproved') throw new AppError('APPROVAL_REQUIRED', 409, outcome.message, undefined, { guardedTexts: outcome.guardedTexts });
    if (outcome.kind === 'forbidden') throw new AppError(outcome.code, 403, outcome.message);
    if (outcome.kind === 'changed') throw new AppError(outcome.code, changedStatus, outcome.message, undefined, outcome.change);
    return ok(outcome.version);
  };
  /** A stored version's answer, with its tag also as the ETag header. */
  const answerVersion = (reply: FastifyReply, outcome: OverrideOutcome, changedStatus: 409 | 412 = 409) => {
    const answered = answer(outcome, changedStatus);
    reply.header('ETag', answered.data.etag);
    return answered;
  };
  // The publish proof walks the wizard on the app's today (the day employees would meet the change).
  const actor = (staffId: string) => ({ staffId, now: new Date(), today: todayUtc(app.now()) });

  app.get(
    '/api/staff/content',
    {
      onRequest: viewer,
      schema: {
        tags: ['Staff'],
        summary: 'The base documents (forms and flows) an employer may override',
        security: staffCookieSecurity,
        response: { 200: envelope(Type.Array(ContentSummarySchema)), ...failures },
      },
    },
    async () =>
      ok(
        [...base.forms.values(), ...base.flows.values()]
          .map((document) => ({ id: document.id, kind: document.kind, title: document.title ?? document.id }))
          .sort((a, b) => a.id.localeCompare(b.id)),
      ),
  );

  app.get(
    '/api/staff/employers/:accountid/content',
    {
      onRequest: viewer,
      schema: {
        tags: ['Staff'],
        summary: "An employer's documents: the base documents, then the forms of the employer's own (any stored version, a draft too)",
        security: staffCookieSecurity,
        params: Type.Object({ accountid: Uuid }),
        response: { 200: envelope(Type.Array(EmployerContentSummarySchema)), ...failures },
      },
    },
    async (request) => {
      const { accountid } = request.params;
      if (!(await employers.findById(app.db, accountid))) throw notFound('There is no such employer.');
      const bases = [...base.forms.values(), ...base.flows.values()]
        .map((document) => ({ id: document.id, kind: document.kind, title: document.title ?? document.id, own: false }))
        .sort((a, b) => a.id.localeCompare(b.id));
      // An own form is stored whole: its newest version (listed in version order) holds its title.
      const newest = new Map<string, unknown>();
      for (const row of await overrides.listByEmployer(app.db, accountid)) if (!baseDocument(row.documentid)) newest.set(row.documentid, row.patch);
      const owns = [...newest].map(([id, document]) => {
        const title = (document as { title?: unknown } | null)?.title;
        return { id, kind: 'form' as const, title: typeof title === 'string' && title !== '' ? title : id, own: true };
      });
      return ok([...bases, ...owns]);
    },
  );

  app.get(
    '/api/staff/employers/:accountid/content/:documentid',
    {
      onRequest: viewer,
      schema: {
        tags: ['Staff'],
        summary: "An employer's document: the base, the published version, the draft and what employees get now, each with its texts in every language (English in place, the others in `translations`)",
        security: staffCookieSecurity,
        params: DocumentParamsSchema,
        response: {
          200: {
            ...envelope(EmployerContentSchema),
            headers: { ETag: Type.String({ description: "The draft's tag (absent when there is no draft): what a save names in If-Match." }) },
          },
          ...failures,
        },
      },
    },
    async (request, reply) => {
      const { accountid, documentid } = request.params;
      const original = await target(request.params);
      const [published, draft] = await Promise.all([overrides.findPublished(app.db, accountid, documentid), overrides.findDraft(app.db, accountid, documentid)]);
      const draftVersion = draft ? stored(base, draft) : null;
      // The draft's tag, as a save's If-Match and a publish name it.
      if (draftVersion) reply.header('ETag', draftVersion.etag);
      return ok({
        base: original,
        published: published ? stored(base, published) : null,
        draft: draftVersion,
        resolved: original || published ? (await store.resolveWithTranslations(documentid, accountid)).document : null,
        publishedEtag: publishedTag(published),
        approval: draft && draftVersion ? await draftApproval(app.db, base, draft, published, draftVersion.etag, request.staff!.id) : null,
      });
    },
  );

  app.put(
    '/api/staff/employers/:accountid/content/:documentid/draft',
    {
      onRequest: implementer,
      schema: {
        tags: ['Staff'],
        summary:
          'Save the whole edited document as the draft (stored as its merge patch from the base); 400 with fieldErrors keyed by JSON pointer into the document; If-Match: the draft\'s etag as read, or If-None-Match: * when no draft was read (428 PRECONDITION_REQUIRED with neither); 412 DRAFT_CHANGED with data { changedBy, changedAt } when the draft changed since (or one was saved since If-None-Match: *)',
        security: staffCookieSecurity,
        params: DocumentParamsSchema,
        headers: conditionHeaders(true),
        body: DraftBodySchema,
        response: { 200: { ...envelope(DocumentVersionSchema), headers: etagHeader }, ...failures },
      },
    },
    async (request, reply) => {
      const read = preconditionOf(request.headers, true);
      await target(request.params, 'new own form allowed');
      return answerVersion(reply, await saveDraft(app.db, base, request.params, request.body.document, actor(request.staff!.id), read), 412);
    },
  );

  app.post(
    '/api/staff/employers/:accountid/content/:documentid/publish',
    {
      onRequest: implementer,
      schema: {
        tags: ['Staff'],
        summary:
          "Publish a draft as it was read: the employer's employees get it from their next page load; the version published before is retired; 409 DRAFT_CHANGED when the draft was saved since its etag; 409 APPROVAL_REQUIRED with data { guardedTexts: [{ pointer, why, language, before, after }] } when it changes a guarded text no second staff member approved as it is; 400 PROOF_FAILED with data { problems: [{ case, cases, step, stepId, field, document, pointer, employee, message, sentence }] } when the publish proof finds that employees would be stopped or misled",
        security: staffCookieSecurity,
        params: DocumentParamsSchema,
        body: VersionChoiceSchema(1, 'The draft version to publish.', "The draft's tag as it was read (GET or the last save)."),
        response: { 200: envelope(DocumentVersionSchema), ...failures },
      },
    },
    async (request, reply) => {
      await target(request.params);
      const outcome = await publishDraft(app.db, base, request.params, request.body, actor(request.staff!.id));
      // The employer's validators are compiled now, not on an employee's first request.
      if (outcome.kind === 'done') await precompileForPublish(app, request.params.accountid, request.params.documentid);
      return answerVersion(reply, outcome);
    },
  );

  app.post(
    '/api/staff/employers/:accountid/content/:documentid/rollback',
    {
      onRequest: implementer,
      schema: {
        tags: ['Staff'],
        summary:
          'Publish a copy of a retired version (or 0, the base document) as a new version; 409 PUBLISHED_CHANGED when another version was published since publishedEtag was read; 400 PROOF_FAILED as for a publish; 409 APPROVAL_REQUIRED when its guarded texts differ from what employees get now and from the base document and it was never approved as it is',
        security: staffCookieSecurity,
        params: DocumentParamsSchema,
        body: VersionChoiceSchema(0, 'The version to publish again; 0 for the base document.', 'The publishedEtag of the document as it was read.'),
        response: { 200: envelope(DocumentVersionSchema), ...failures },
      },
    },
    async (request, reply) => {
      await target(request.params);
      const outcome = await rollBack(app.db, base, request.params, request.body, actor(request.staff!.id));
      // The employer's validators are compiled now, not on an employee's first request.
      if (outcome.kind === 'done') await precompileForPublish(app, request.params.accountid, request.params.documentid);
      return answerVersion(reply, outcome);
    },
  );

  app.post(
    '/api/staff/employers/:accountid/content/:documentid/approve',
    {
      onRequest: implementer,
      schema: {
        tags: ['Staff'],
        summary:
          "A second staff member approves a draft's guarded texts as they were read (four eyes): then it may be published. 403 APPROVER_SAVED_DRAFT for the staff user who saved the draft last; 409 DRAFT_CHANGED when the draft was saved since its etag (an approval holds only for the draft as approved); 409 CONFLICT when the draft changes no guarded text. Recorded in the audit trail (action 'approve')",
        security: staffCookieSecurity,
        params: DocumentParamsSchema,
        body: VersionChoiceSchema(1, 'The draft version to approve.', "The draft's tag as it was read (GET or the last save)."),
        response: { 200: envelope(DocumentVersionSchema), ...failures },
      },
    },
    async (request, reply) => {
      await target(request.params);
      return answerVersion(reply, await approveDraft(app.db, base, request.params, request.body, actor(request.staff!.id)));
    },
  );

  app.get(
    '/api/staff/employers/:accountid/content/:documentid/versions',
    {
      onRequest: viewer,
      schema: {
        tags: ['Staff'],
        summary: 'Every version, newest first, with who made it and who published it',
        security: staffCookieSecurity,
        params: DocumentParamsSchema,
        response: { 200: envelope(Type.Array(VersionRowSchema)), ...failures },
      },
    },
    async (request) => {
      await target(request.params);
      return ok(await overrides.listVersions(app.db, request.params.accountid, request.params.documentid));
    },
  );

  app.get(
    '/api/staff/employers/:accountid/content/:documentid/diff',
    {
      onRequest: viewer,
      schema: {
        tags: ['Staff'],
        summary: 'A line diff of two versions as pretty-printed JSON (0 is the base document)',
        security: staffCookieSecurity,
        params: DocumentParamsSchema,
        querystring: VersionDiffQuerySchema,
        response: { 200: envelope(VersionDiffSchema), ...failures },
      },
    },
    async (request) => {
      await target(request.params);
      const { from, to } = request.query;
      const [before, after] = await Promise.all([documentOfVersion(request.params, from), documentOfVersion(request.params, to)]);
      return ok({ from, to, lines: lineDiff(JSON.stringify(before, null, 2), JSON.stringify(after, null, 2)) });
    },
  );

  app.get(
    '/api/staff/employers/:accountid/content/:documentid/preview',
    {
      onRequest: viewer,
      schema: {
        tags: ['Staff'],
        summary:
          "The document of a version (default: the draft, else what employees get now; 0 the base) with the employer's other documents as employees get them, to render the employee's screen; 400 if that version is invalid now",
        security: staffCookieSecurity,
        params: DocumentParamsSchema,
        querystring: DocumentPreviewQuerySchema,
        response: { 200: envelope(DocumentPreviewSchema), ...failures },
      },
    },
    async (request) => {
      const { accountid, documentid } = request.params;
      await target(request.params);
      const employer = (await employers.findById(app.db, accountid))!;
      let version: number | null = request.query.version ?? null;
      let document: FormDocument | FlowDocument;
      if (version === null) {
        const draft = await overrides.findDraft(app.db, accountid, documentid);
        version = draft?.version ?? null;
        document = draft ? applyOverride(base, documentid, draft.patch).document : ((await store.resolveWithTranslations(documentid, accountid)).document as FormDocument | FlowDocument);
      } else {
        const row = version === 0 ? undefined : await overrides.findVersion(app.db, accountid, documentid, version);
        if (version !== 0 && !row) throw notFound(`There is no version ${version} of this document.`);
        const refused = row ? patchProblems(base, documentid, row.patch, await ownForms(app.db, base, accountid)) : null;
        if (refused) throw badRequest(refused.message, refused.fieldErrors);
        document = await documentOfVersion(request.params, version);
      }
      const others = await Promise.all(
        [...base.forms.keys(), ...base.flows.keys()].filter((id) => id !== documentid).map(async (id) => [id, (await store.resolveWithTranslations(id, accountid)).document] as const),
      );
      return ok({
        documentid,
        version,
        document,
        etag: etagOf(document),
        employer: { accountid, accountname: employer.accountname, hsaonly: employer.hsaonly, employeazecustomer: employer.employeazecustomer },
        documents: Object.fromEntries([...others, [documentid, document]]),
      });
    },
  );
}
