/**
 * The staff console's employer set-up (docs/staff-employers.md): the account, logo, contacts, ICHRA documents,
 * additional services, contribution rules (drafted, previewed, published and rolled back as versions) and their
 * preview. Viewers read; implementers and admins change. Every change is checked whole first (400, nothing
 * written) and recorded in the staff audit in its own transaction (src/server/services/staff-employers/
 * staff-employers.ts and the staff-employer-*.ts, staff-contribution-rules.ts and staff-contribution-versions.ts
 * beside it).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ContributionPreviewRequestSchema,
  ContributionPreviewSchema,
  ContributionRulesDiffSchema,
  ContributionRulesPreviewSchema,
  ContributionRuleVersionSchema,
  StaffContactAnswerSchema,
  StaffContactSchema,
  StaffContributionRuleAnswerSchema,
  StaffContributionRulesSchema,
  StaffDocumentSchema,
  StaffEmployerInputSchema,
  StaffEmployerSchema,
  StaffEmployerSummarySchema,
  StaffProductAnswerSchema,
  StaffProductSchema,
} from '#contracts/staff/staff-employers.ts';
import { Nullable, Uuid } from '#contracts/wire-schema.ts';
import { failures, envelope, ok } from '../../http/route-schemas.ts';
import { dollarsOnTheWire } from '../../http/money-wire.ts';
import { sendStoredFile } from '../../http/stored-file.ts';
import { staffCookieSecurity } from './staff-auth.routes.ts';
import { conditionHeaders, etagHeader, preconditionOf, representationTag, taggedAnswer } from '../../http/preconditions.ts';
import * as service from '../../services/staff-employers/staff-employers.ts';
import * as contacts from '../../services/staff-employers/staff-employer-contacts.ts';
import * as files from '../../services/staff-employers/staff-employer-files.ts';
import * as offered from '../../services/staff-employers/staff-employer-products.ts';
import * as rules from '../../services/staff-employers/staff-contribution-rules.ts';
import * as versions from '../../services/staff-employers/staff-contribution-versions.ts';
import { base64Length } from '../../services/staff-employers/uploads.ts';
import { storageIn } from '../../infra/storage.ts';
import { visibleEmployers } from '#db/repositories/staff/staff-user.repository.ts';
import { requireEveryEmployer } from '../../plugins/staff-auth.plugin.ts';

const accountParams = Type.Object({ accountid: Uuid });

const documentParams = Type.Object({ accountid: Uuid, name: Type.String({ minLength: 1, maxLength: 200 }) });
const uploadBody = (maxBytes: number, what: string) =>
  Type.Object(
    {
      filename: Type.String({ minLength: 1, maxLength: 200 }),
      contentBase64: Type.String({ minLength: 1, maxLength: base64Length(maxBytes) + 1000, description: `${what}, base64, at most ${maxBytes / 1024} KB` }),
    },
    { additionalProperties: false },
  );
/** A JSON body around a base64 file: the file's base64 length and some room for the rest. */
const uploadBodyLimit = (maxBytes: number) => base64Length(maxBytes) + 64 * 1024;

export async function staffEmployersRoutes(untyped: FastifyInstance): Promise<void> {
  // Bodies and params are typed by their schemas; money is dollars on the wire and cents in the handlers.
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  dollarsOnTheWire(app);
  const storage = storageIn(app.db);
  const viewer = app.requireStaff('viewer');
  const implementer = app.requireStaff('implementer');
  const staffOf = (request: { staff: { id: string } | null }) => request.staff!;
  const read = <E extends object>(summary: string, response: object, extra: E = {} as E) => ({
    onRequest: viewer,
    schema: { tags: ['Staff'], summary, security: staffCookieSecurity, response: { 200: envelope(response), ...failures }, ...extra },
  });
  const change = <E extends object>(summary: string, response: object, extra: E = {} as E) => ({
    onRequest: implementer,
    schema: { tags: ['Staff'], summary, security: staffCookieSecurity, response: { 200: envelope(response), ...failures }, ...extra },
  });
  /** A resource read with its version (the ETag a replace names). */
  const readTagged = <E extends object>(summary: string, response: object, extra: E = {} as E) => ({
    onRequest: viewer,
    schema: { tags: ['Staff'], summary, security: staffCookieSecurity, response: { 200: { ...envelope(response), headers: etagHeader }, ...failures }, ...extra },
  });
  /**
   * A whole-resource replace: If-Match names the version read (428 without it, 412 RESOURCE_CHANGED when stale);
   * where it may create (`mayCreate`), If-None-Match: * says none was read.
   */
  const replace = <E extends object>(summary: string, response: object, extra: E = {} as E, mayCreate = false) => ({
    onRequest: implementer,
    // Before the body's money is read (money-wire.ts), as when the handler named the version first.
    preHandler: async (request: { headers: Parameters<typeof preconditionOf>[0] }) => void preconditionOf(request.headers, mayCreate),
    schema: {
      tags: ['Staff'],
      summary: `${summary}; If-Match: the ETag read${mayCreate ? ', or If-None-Match: * when there was none' : ''} (428 PRECONDITION_REQUIRED without it; 412 RESOURCE_CHANGED with data { changedBy, changedAt } when changed since)`,
      security: staffCookieSecurity,
      headers: conditionHeaders(mayCreate),
      response: { 200: { ...envelope(response), headers: etagHeader }, ...failures },
      ...extra,
    },
  });
  /** A list's answer with its tag. */
  const taggedList = <T>(reply: FastifyReply, list: T[]) => taggedAnswer(reply, list, representationTag(list));

  app.get(
    '/api/staff/employers',
    read('Every employer the staff user may see (docs/staff.md, Staff users) with its employees counted by status', Type.Array(StaffEmployerSummarySchema)),
    async (request) => ok(await service.listEmployers(app.db, await visibleEmployers(app.db, request.staff!))),
  );

  app.post(
    '/api/staff/employers',
    change('Create an employer (account, plan year, team and broker); its registration link works at once; 403 for staff of some employers only', StaffEmployerSchema, { body: StaffEmployerInputSchema }),
    async (request, reply) => {
      await requireEveryEmployer(app.db, request.staff!);
      const employer = await service.createEmployer(app.db, app.config.PUBLIC_URL, staffOf(request), request.body);
      return taggedAnswer(reply, employer, service.employerTag(employer));
    },
  );

  app.get(
    '/api/staff/employers/:accountid',
    readTagged("An employer with its settings, broker, logo and registration link; ETag: the settings' version (not the logo's)", StaffEmployerSchema, { params: accountParams }),
    async (request, reply) => {
      const employer = await service.employerDetails(app.db, app.config.PUBLIC_URL, await service.employerOr404(app.db, request.params.accountid));
      return taggedAnswer(reply, employer, service.employerTag(employer));
    },
  );

  app.put(
    '/api/staff/employers/:accountid',
    replace('Change an employer (the whole record; broker null removes it)', StaffEmployerSchema, { params: accountParams, body: StaffEmployerInputSchema }),
    async (request, reply) => {
      const employer = await service.updateEmployer(app.db, app.config.PUBLIC_URL, staffOf(request), request.params.accountid, request.body, preconditionOf(request.headers, false));
      return taggedAnswer(reply, employer, service.employerTag(employer));
    },
  );

  app.put(
    '/api/staff/employers/:accountid/logo',
    {
      ...replace(
        "Set the logo (JPEG, stored as the base64 mediadata); the condition names the logo read (the employer's logotag, the logo's ETag)",
        StaffEmployerSchema,
        { params: accountParams, body: uploadBody(service.LOGO_MAX_BYTES, 'A JPEG image') },
        true,
      ),
      bodyLimit: uploadBodyLimit(service.LOGO_MAX_BYTES),
    },
    async (request, reply) => {
      const employer = await service.setLogo(app.db, app.config.PUBLIC_URL, staffOf(request), request.params.accountid, request.body.contentBase64, preconditionOf(request.headers, true));
      return taggedAnswer(reply, employer, employer.logotag);
    },
  );

  /** A file the browser shows itself (the logo, a document): no envelope; failures as everywhere. */
  const file = <P extends object>(summary: string, description: string, params: P) => ({
    onRequest: viewer,
    schema: { tags: ['Staff'], summary, security: staffCookieSecurity, params, response: { 200: { description, type: 'string', format: 'binary' }, ...failures } },
  });

  app.get(
    '/api/staff/employers/:accountid/logo',
    file("Open the logo (the stored JPEG, inline); ETag: the logo's version (the employer's logotag)", 'The logo (image/jpeg)', accountParams),
    async (request, reply) => {
      const bytes = await files.readLogo(app.db, request.params.accountid);
      return sendStoredFile(reply.header('ETag', service.logoTag(bytes.toString('base64'))), 'logo.jpg', bytes);
    },
  );

  const contactsAnswer = Type.Array(StaffContactAnswerSchema);
  app.get(
    '/api/staff/employers/:accountid/contacts',
    readTagged("The employer's contacts", contactsAnswer, { params: accountParams }),
    async (request, reply) => {
      await service.employerOr404(app.db, request.params.accountid);
      return taggedList(reply, await contacts.listContacts(app.db, request.params.accountid));
    },
  );

  app.put(
    '/api/staff/employers/:accountid/contacts',
    replace('Replace the contacts (the whole list)', contactsAnswer, {
      params: accountParams,
      body: Type.Object({ contacts: Type.Array(StaffContactSchema, { maxItems: 50 }) }, { additionalProperties: false }),
    }),
    async (request, reply) =>
      taggedList(reply, await contacts.replaceContacts(app.db, staffOf(request), request.params.accountid, request.body.contacts, preconditionOf(request.headers, false))),
  );

  const documentsAnswer = Type.Array(StaffDocumentSchema);
  /** The documents a change left, with their tag. */
  const documentsAnswerOf = <T>(reply: FastifyReply, { documents, tag }: { documents: T[]; tag: string }) => taggedAnswer(reply, documents, tag);
  app.get(
    '/api/staff/employers/:accountid/ichra-documents',
    readTagged("The employer's ICHRA documents (what /api/media/getdocs lists to its employees); ETag: the folder's version", documentsAnswer, { params: accountParams }),
    async (request, reply) => {
      await service.employerOr404(app.db, request.params.accountid);
      return documentsAnswerOf(reply, await files.taggedDocuments(storage, request.params.accountid));
    },
  );

  app.post(
    '/api/staff/employers/:accountid/ichra-documents',
    {
      ...replace("Upload an ICHRA document (PDF; replaces one of the same name); If-Match: the documents' ETag", documentsAnswer, {
        params: accountParams,
        body: uploadBody(files.DOCUMENT_MAX_BYTES, 'A PDF document'),
      }),
      bodyLimit: uploadBodyLimit(files.DOCUMENT_MAX_BYTES),
    },
    async (request, reply) =>
      documentsAnswerOf(
        reply,
        await files.addDocument(app.db, staffOf(request), request.params.accountid, request.body.filename, request.body.contentBase64, preconditionOf(request.headers, false)),
      ),
  );

  app.get(
    '/api/staff/employers/:accountid/ichra-documents/:name',
    file('Open an ICHRA document (the stored PDF, inline)', 'The document (application/pdf)', documentParams),
    async (request, reply) => sendStoredFile(reply, request.params.name, await files.readDocument(app.db, request.params.accountid, request.params.name)),
  );

  app.put(
    '/api/staff/employers/:accountid/ichra-documents/:name/name-es',
    replace("Set an ICHRA document's name in Spanish (null or blank: none); If-Match: the documents' ETag", documentsAnswer, {
      params: documentParams,
      body: Type.Object({ name_es: Nullable(Type.String({ maxLength: 200 })) }, { additionalProperties: false }),
    }),
    async (request, reply) =>
      documentsAnswerOf(
        reply,
        await files.nameDocumentInSpanish(app.db, staffOf(request), request.params.accountid, request.params.name, request.body.name_es, preconditionOf(request.headers, false)),
      ),
  );

  app.delete(
    '/api/staff/employers/:accountid/ichra-documents/:name',
    replace("Delete an ICHRA document; If-Match: the documents' ETag", documentsAnswer, { params: documentParams }),
    async (request, reply) =>
      documentsAnswerOf(reply, await files.removeDocument(app.db, staffOf(request), request.params.accountid, request.params.name, preconditionOf(request.headers, false))),
  );

  const productsAnswer = Type.Array(StaffProductAnswerSchema);
  app.get(
    '/api/staff/employers/:accountid/products',
    readTagged("The employer's own additional services with their price options (dollars a month)", productsAnswer, { params: accountParams }),
    async (request, reply) => {
      await service.employerOr404(app.db, request.params.accountid);
      return taggedList(reply, await offered.listProducts(app.db, request.params.accountid));
    },
  );

  app.put(
    '/api/staff/employers/:accountid/products',
    replace('Replace the additional services (the whole list; one left out is turned off)', productsAnswer, {
      params: accountParams,
      body: Type.Object({ products: Type.Array(StaffProductSchema, { maxItems: 50 }) }, { additionalProperties: false }),
    }),
    async (request, reply) =>
      taggedList(reply, await offered.replaceProducts(app.db, staffOf(request), request.params.accountid, request.body.products, preconditionOf(request.headers, false))),
  );

  const rulesAnswer = Type.Array(StaffContributionRuleAnswerSchema);
  const rulesPath = '/api/staff/employers/:accountid/contribution-rules';
  const now = () => app.now();
  app.get(
    rulesPath,
    readTagged("The employer's contribution rules in force (every class): what employees' contributions are computed by; ETag: their version, what a rollback names", rulesAnswer, { params: accountParams }),
    async (request, reply) => {
      await service.employerOr404(app.db, request.params.accountid);
      return taggedList(reply, await rules.listRules(app.db, request.params.accountid));
    },
  );

  app.put(
    rulesPath,
    replace(
      'Save the draft of the contribution rules (the whole set; nothing changes for employees until it is published; refused with every problem named, e.g. above 3:1 within a class); the ETag names the draft (GET .../draft), or the rules in force while there is none',
      rulesAnswer,
      { params: accountParams, body: Type.Object({ rules: StaffContributionRulesSchema }, { additionalProperties: false }) },
    ),
    async (request, reply) =>
      taggedList(reply, await versions.saveDraft(app.db, staffOf(request), request.params.accountid, request.body.rules, preconditionOf(request.headers, false), now())),
  );

  app.get(
    `${rulesPath}/draft`,
    readTagged('The draft of the contribution rules: the set being edited (the rules in force while no draft is saved); ETag: what a save or a publish names', rulesAnswer, { params: accountParams }),
    async (request, reply) => {
      await service.employerOr404(app.db, request.params.accountid);
      return taggedList(reply, (await versions.draftRules(app.db, request.params.accountid)).map(rules.toWireRule));
    },
  );

  app.delete(
    `${rulesPath}/draft`,
    replace(
      "Discard the draft as it was read (If-Match: the draft's ETag): the rules being edited are the rules in force again, which it answers (ETag: theirs); nothing changes for employees; 404 NOT_FOUND when there is no draft",
      rulesAnswer,
      { params: accountParams },
    ),
    async (request, reply) => taggedList(reply, await versions.discardDraft(app.db, staffOf(request), request.params.accountid, preconditionOf(request.headers, false))),
  );

  app.get(
    `${rulesPath}/draft/preview`,
    read(
      "What publishing the draft would change: each employee's contribution under the rules in force and under the draft on their effective date (the one they chose if they enrolled, else the first offered today), who would get $0.00 or lose more than 10%, and why it may not be published",
      ContributionRulesPreviewSchema,
      { params: accountParams },
    ),
    async (request) => ok(await versions.previewDraft(app.db, await service.employerOr404(app.db, request.params.accountid), now())),
  );

  app.post(
    `${rulesPath}/publish`,
    replace(
      "Publish the draft as it was read (If-Match: the draft's ETag or the preview's draftEtag): employees' contributions follow it from now; 400 naming every class and employee it would leave at $0.00 without a rule saying no contribution",
      rulesAnswer,
      { params: accountParams },
    ),
    async (request, reply) => taggedList(reply, await versions.publishDraft(app.db, staffOf(request), request.params.accountid, preconditionOf(request.headers, false), now())),
  );

  app.post(
    `${rulesPath}/rollback`,
    replace(
      'Publish a copy of an earlier version as a new version (If-Match: the ETag of the rules in force as read); refused as a publish is when it would leave an employee at $0.00',
      rulesAnswer,
      { params: accountParams, body: Type.Object({ version: Type.Integer({ minimum: 1, maximum: 1_000_000 }) }, { additionalProperties: false }) },
    ),
    async (request, reply) =>
      taggedList(reply, await versions.rollBack(app.db, staffOf(request), request.params.accountid, request.body.version, preconditionOf(request.headers, false), now())),
  );

  app.get(
    `${rulesPath}/versions`,
    read('Every version of the contribution rules, newest first, with who made it and who published it', Type.Array(ContributionRuleVersionSchema), { params: accountParams }),
    async (request) => {
      await service.employerOr404(app.db, request.params.accountid);
      return ok(await versions.listVersions(app.db, request.params.accountid));
    },
  );

  const versionNumber = Type.Integer({ minimum: 0, maximum: 1_000_000 });
  app.get(
    `${rulesPath}/diff`,
    read('A line diff of two versions of the contribution rules, one rule a line (0: no rules)', ContributionRulesDiffSchema, {
      params: accountParams,
      querystring: Type.Object({ from: versionNumber, to: versionNumber }, { additionalProperties: false }),
    }),
    async (request) => {
      await service.employerOr404(app.db, request.params.accountid);
      return ok(await versions.diffVersions(app.db, request.params.accountid, request.query.from, request.query.to));
    },
  );

  app.post(
    '/api/staff/employers/:accountid/contribution-preview',
    {
      ...read('What the rules (stored, or the draft sent as rules) pay a person of an age, ZIP and family', ContributionPreviewSchema, {
        params: accountParams,
        body: ContributionPreviewRequestSchema,
      }),
      // An unknown employer is a 404 before the draft's amounts are read (money-wire.ts), as it always was.
      preHandler: async (request: { params: { accountid: string } }) => void (await service.employerOr404(app.db, request.params.accountid)),
    },
    async (request) => ok(await rules.previewContribution(app.db, await service.employerOr404(app.db, request.params.accountid), request.body)),
  );
}
