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
import { DOCUMENT_ID_PATTERN } from '#contracts/document-id.ts';
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
import { envelope, failures, nullable, ok, uuid } from '../../http/route-schemas.ts';
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

const anyDocument = { type: 'object', additionalProperties: true } as const;
const versionSchema = {
  type: 'object',
  properties: {
    version: { type: 'integer' },
    status: { type: 'string', enum: ['draft', 'published', 'retired'] },
    document: anyDocument,
    patch: anyDocument,
    etag: { type: 'string', description: "The version's tag: changes whenever it is saved; publish names it." },
  },
} as const;
const documentParams = {
  type: 'object',
  required: ['accountid', 'documentid'],
  properties: { accountid: uuid, documentid: { type: 'string', pattern: DOCUMENT_ID_PATTERN, maxLength: 100 } },
} as const;
const versionBody = (minimum: number, description: string, etag: string) =>
  ({
    type: 'object',
    required: ['version', 'etag'],
    additionalProperties: false,
    properties: { version: { type: 'integer', minimum, maximum: 1_000_000, description }, etag: { type: 'string', maxLength: 100, description: etag } },
  }) as const;
const versionNumber = { type: 'integer', minimum: 0, maximum: 1_000_000 } as const;
const guardedText = {
  type: 'object',
  properties: {
    pointer: { type: 'string' },
    why: { type: 'string' },
    language: { type: 'string' },
    before: { type: 'string', nullable: true },
    after: { type: 'string', nullable: true },
  },
} as const;
const approvalSchema = {
  type: 'object',
  nullable: true,
  description: "The review of the draft's guarded texts (null: no draft): a draft that changes one is published only once a second staff member approved it as it is.",
  properties: {
    guardedTexts: { type: 'array', items: guardedText, description: 'The guarded texts the draft changes from what employees get now (none: it needs no approval).' },
    savedBy: { type: 'string', nullable: true, description: 'Who saved the draft last: they may not approve it.' },
    savedByYou: { type: 'boolean' },
    approvedBy: { type: 'string', nullable: true, description: 'Who approved the draft as it is now (an approval of an earlier save does not count).' },
    approvedAt: { type: 'string', nullable: true },
  },
} as const;

type DocumentParams = { accountid: string; documentid: string };

export async function staffContentRoutes(app: FastifyInstance): Promise<void> {
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
        response: {
          200: envelope({
            type: 'array',
            items: { type: 'object', properties: { id: { type: 'string' }, kind: { type: 'string', enum: ['form', 'flow'] }, title: { type: 'string' } } },
          }),
          ...failures,
        },
      },
    },
    async () =>
      ok(
        [...base.forms.values(), ...base.flows.values()]
          .map((document) => ({ id: document.id, kind: document.kind, title: document.title ?? document.id }))
          .sort((a, b) => a.id.localeCompare(b.id)),
      ),
  );

  app.get<{ Params: { accountid: string } }>(
    '/api/staff/employers/:accountid/content',
    {
      onRequest: viewer,
      schema: {
        tags: ['Staff'],
        summary: "An employer's documents: the base documents, then the forms of the employer's own (any stored version, a draft too)",
        security: staffCookieSecurity,
        params: { type: 'object', required: ['accountid'], properties: { accountid: uuid } },
        response: {
          200: envelope({
            type: 'array',
            items: {
              type: 'object',
              properties: { id: { type: 'string' }, kind: { type: 'string', enum: ['form', 'flow'] }, title: { type: 'string' }, own: { type: 'boolean' } },
            },
          }),
          ...failures,
        },
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

  app.get<{ Params: DocumentParams }>(
    '/api/staff/employers/:accountid/content/:documentid',
    {
      onRequest: viewer,
      schema: {
        tags: ['Staff'],
        summary: "An employer's document: the base, the published version, the draft and what employees get now, each with its texts in every language (English in place, the others in `translations`)",
        security: staffCookieSecurity,
        params: documentParams,
        response: {
          200: {
            ...envelope({
              type: 'object',
              properties: {
                base: { ...nullable(anyDocument), description: "The base document; null for a form of the employer's own." },
                published: nullable(versionSchema),
                draft: nullable(versionSchema),
                resolved: { ...nullable(anyDocument), description: "What employees get now; null for a form of the employer's own not published yet." },
                publishedEtag: { type: 'string', description: "The tag of what is published now (the base document's when nothing is): what a rollback names." },
                approval: approvalSchema,
              },
            }),
            headers: { ETag: { type: 'string', description: "The draft's tag (absent when there is no draft): what a save names in If-Match." } },
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

  app.put<{ Params: DocumentParams; Body: { document: Record<string, unknown> }; Headers: { 'if-match'?: string; 'if-none-match'?: '*' } }>(
    '/api/staff/employers/:accountid/content/:documentid/draft',
    {
      onRequest: implementer,
      schema: {
        tags: ['Staff'],
        summary:
          'Save the whole edited document as the draft (stored as its merge patch from the base); 400 with fieldErrors keyed by JSON pointer into the document; If-Match: the draft\'s etag as read, or If-None-Match: * when no draft was read (428 PRECONDITION_REQUIRED with neither); 412 DRAFT_CHANGED with data { changedBy, changedAt } when the draft changed since (or one was saved since If-None-Match: *)',
        security: staffCookieSecurity,
        params: documentParams,
        headers: conditionHeaders(true),
        body: { type: 'object', required: ['document'], additionalProperties: false, properties: { document: anyDocument } },
        response: { 200: { ...envelope(versionSchema), headers: etagHeader }, ...failures },
      },
    },
    async (request, reply) => {
      const read = preconditionOf(request.headers, true);
      await target(request.params, 'new own form allowed');
      return answerVersion(reply, await saveDraft(app.db, base, request.params, request.body.document, actor(request.staff!.id), read), 412);
    },
  );

  app.post<{ Params: DocumentParams; Body: { version: number; etag: string } }>(
    '/api/staff/employers/:accountid/content/:documentid/publish',
    {
      onRequest: implementer,
      schema: {
        tags: ['Staff'],
        summary:
          "Publish a draft as it was read: the employer's employees get it from their next page load; the version published before is retired; 409 DRAFT_CHANGED when the draft was saved since its etag; 409 APPROVAL_REQUIRED with data { guardedTexts: [{ pointer, why, language, before, after }] } when it changes a guarded text no second staff member approved as it is; 400 PROOF_FAILED with data { problems: [{ case, cases, step, stepId, field, document, pointer, employee, message, sentence }] } when the publish proof finds that employees would be stopped or misled",
        security: staffCookieSecurity,
        params: documentParams,
        body: versionBody(1, 'The draft version to publish.', "The draft's tag as it was read (GET or the last save)."),
        response: { 200: envelope(versionSchema), ...failures },
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

  app.post<{ Params: DocumentParams; Body: { version: number; etag: string } }>(
    '/api/staff/employers/:accountid/content/:documentid/rollback',
    {
      onRequest: implementer,
      schema: {
        tags: ['Staff'],
        summary:
          'Publish a copy of a retired version (or 0, the base document) as a new version; 409 PUBLISHED_CHANGED when another version was published since publishedEtag was read; 400 PROOF_FAILED as for a publish; 409 APPROVAL_REQUIRED when its guarded texts differ from what employees get now and from the base document and it was never approved as it is',
        security: staffCookieSecurity,
        params: documentParams,
        body: versionBody(0, 'The version to publish again; 0 for the base document.', 'The publishedEtag of the document as it was read.'),
        response: { 200: envelope(versionSchema), ...failures },
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

  app.post<{ Params: DocumentParams; Body: { version: number; etag: string } }>(
    '/api/staff/employers/:accountid/content/:documentid/approve',
    {
      onRequest: implementer,
      schema: {
        tags: ['Staff'],
        summary:
          "A second staff member approves a draft's guarded texts as they were read (four eyes): then it may be published. 403 APPROVER_SAVED_DRAFT for the staff user who saved the draft last; 409 DRAFT_CHANGED when the draft was saved since its etag (an approval holds only for the draft as approved); 409 CONFLICT when the draft changes no guarded text. Recorded in the audit trail (action 'approve')",
        security: staffCookieSecurity,
        params: documentParams,
        body: versionBody(1, 'The draft version to approve.', "The draft's tag as it was read (GET or the last save)."),
        response: { 200: envelope(versionSchema), ...failures },
      },
    },
    async (request, reply) => {
      await target(request.params);
      return answerVersion(reply, await approveDraft(app.db, base, request.params, request.body, actor(request.staff!.id)));
    },
  );

  app.get<{ Params: DocumentParams }>(
    '/api/staff/employers/:accountid/content/:documentid/versions',
    {
      onRequest: viewer,
      schema: {
        tags: ['Staff'],
        summary: 'Every version, newest first, with who made it and who published it',
        security: staffCookieSecurity,
        params: documentParams,
        response: {
          200: envelope({
            type: 'array',
            items: {
              type: 'object',
              properties: {
                version: { type: 'integer' },
                status: { type: 'string' },
                createdon: { type: 'string' },
                publishedon: { type: 'string', nullable: true },
                staffEmail: { type: 'string', nullable: true },
                publishedByEmail: { type: 'string', nullable: true },
                copiedFrom: { type: 'integer', nullable: true },
              },
            },
          }),
          ...failures,
        },
      },
    },
    async (request) => {
      await target(request.params);
      return ok(await overrides.listVersions(app.db, request.params.accountid, request.params.documentid));
    },
  );

  app.get<{ Params: DocumentParams; Querystring: { from: number; to: number } }>(
    '/api/staff/employers/:accountid/content/:documentid/diff',
    {
      onRequest: viewer,
      schema: {
        tags: ['Staff'],
        summary: 'A line diff of two versions as pretty-printed JSON (0 is the base document)',
        security: staffCookieSecurity,
        params: documentParams,
        querystring: { type: 'object', required: ['from', 'to'], additionalProperties: false, properties: { from: versionNumber, to: versionNumber } },
        response: {
          200: envelope({
            type: 'object',
            properties: {
              from: { type: 'integer' },
              to: { type: 'integer' },
              lines: { type: 'array', items: { type: 'object', properties: { op: { type: 'string', enum: [' ', '+', '-'] }, text: { type: 'string' } } } },
            },
          }),
          ...failures,
        },
      },
    },
    async (request) => {
      await target(request.params);
      const { from, to } = request.query;
      const [before, after] = await Promise.all([documentOfVersion(request.params, from), documentOfVersion(request.params, to)]);
      return ok({ from, to, lines: lineDiff(JSON.stringify(before, null, 2), JSON.stringify(after, null, 2)) });
    },
  );

  app.get<{ Params: DocumentParams; Querystring: { version?: number } }>(
    '/api/staff/employers/:accountid/content/:documentid/preview',
    {
      onRequest: viewer,
      schema: {
        tags: ['Staff'],
        summary:
          "The document of a version (default: the draft, else what employees get now; 0 the base) with the employer's other documents as employees get them, to render the employee's screen; 400 if that version is invalid now",
        security: staffCookieSecurity,
        params: documentParams,
        querystring: { type: 'object', additionalProperties: false, properties: { version: versionNumber } },
        response: {
          200: envelope({
            type: 'object',
            properties: {
              documentid: { type: 'string' },
              version: { type: 'integer', nullable: true },
              document: anyDocument,
              etag: { type: 'string' },
              employer: {
                type: 'object',
                properties: { accountid: uuid, accountname: { type: 'string' }, hsaonly: { type: 'integer' }, employeazecustomer: { type: 'integer' } },
              },
              documents: { type: 'object', additionalProperties: anyDocument },
            },
          }),
          ...failures,
        },
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
