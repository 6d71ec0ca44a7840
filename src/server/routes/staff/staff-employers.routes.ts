/**
 * The staff console's employer set-up (docs/staff-employers.md): the account, logo, contacts, ICHRA documents,
 * additional services, contribution rules and their preview. Viewers read; implementers and admins change. Every
 * change is checked whole first (400, nothing written) and recorded in the staff audit in its own transaction
 * (src/server/services/staff-employers/staff-employers.ts and the staff-employer-*.ts and staff-contribution-rules.ts beside it).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ContributionPreviewRequest, StaffContact, StaffContributionRule, StaffEmployerInput, StaffProduct } from '#contracts/staff-employers.ts';
import { FAMILY_TIERS } from '#domain/enrollment/contribution.ts';
import { failures, envelope, isoDate, nullable, nullableString, ok, uuid } from '../../http/route-schemas.ts';
import { staffCookieSecurity } from './staff-auth.routes.ts';
import { conditionHeaders, etagHeader, preconditionOf, representationTag, taggedAnswer } from '../../http/preconditions.ts';
import * as service from '../../services/staff-employers/staff-employers.ts';
import * as contacts from '../../services/staff-employers/staff-employer-contacts.ts';
import * as files from '../../services/staff-employers/staff-employer-files.ts';
import * as offered from '../../services/staff-employers/staff-employer-products.ts';
import * as rules from '../../services/staff-employers/staff-contribution-rules.ts';
import { base64Length } from '../../services/staff-employers/uploads.ts';
import { storageIn } from '../../infra/storage.ts';
import { visibleEmployers } from '#db/repositories/staff/staff-user.repository.ts';
import { requireEveryEmployer } from '../../plugins/staff-auth.plugin.ts';
import { sendStoredFile } from '../documents/media.routes.ts';

const accountParams = { type: 'object', required: ['accountid'], properties: { accountid: uuid } } as const;
const name = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '\\S' }) as const;
const email = { type: 'string', maxLength: 254, format: 'email' } as const;
const phone = { type: 'string', maxLength: 40 } as const;
/** A price or amount: its sign and cents are the service's to refuse, on the field, in words a person can act on. */
const dollars = { type: 'number', minimum: -1_000_000, maximum: 1_000_000, description: 'Dollars a month, at most two decimals, not negative' } as const;
const countsSchema = {
  type: 'object',
  properties: { invited: { type: 'integer' }, registered: { type: 'integer' }, enrolled: { type: 'integer' }, waived: { type: 'integer' }, total: { type: 'integer' } },
} as const;

const brokerSchema = {
  type: 'object',
  required: ['firstname', 'lastname', 'emailaddress', 'phonenumber'],
  additionalProperties: false,
  properties: { firstname: name(100), lastname: name(100), emailaddress: nullable(email), phonenumber: nullable(phone) },
} as const;

const employerInputSchema = {
  type: 'object',
  required: ['name', 'email', 'planyear', 'employeazecustomer', 'hsaonly', 'edoc_period', 'broker'],
  additionalProperties: false,
  properties: {
    name: name(200),
    email: nullable(email),
    planyear: { type: 'integer', minimum: 2000, maximum: 2100 },
    planyearstart: { ...isoDate, description: 'The 1st of a month in planyear; January 1 when absent' },
    employeazecustomer: { type: 'integer', enum: [0, 1, 2] },
    hsaonly: { type: 'integer', enum: [0, 1] },
    edoc_period: nullable({ type: 'integer', minimum: 0, maximum: 365 }),
    hsaadministrator: { ...nullable(name(200)), description: "The company that holds the employees' HSA accounts (an HSA order's vendorname); null: none. None when absent on create, unchanged when absent on update" },
    teamid: uuid,
    broker: nullable(brokerSchema),
  },
} as const;

const employerSchema = {
  type: 'object',
  properties: {
    accountid: uuid,
    name: { type: 'string' },
    email: nullableString,
    planyear: { type: 'integer' },
    planyearstart: isoDate,
    planyearend: isoDate,
    employeazecustomer: { type: 'integer' },
    hsaonly: { type: 'integer' },
    edoc_period: nullable({ type: 'integer' }),
    hsaadministrator: nullableString,
    teamid: uuid,
    broker: nullable({ type: 'object', properties: brokerSchema.properties }),
    mediadata: { ...nullableString, description: 'The logo, base64 JPEG' },
    logotag: { ...nullableString, description: "The logo's version: what PUT .../logo names in If-Match (null: no logo, If-None-Match: *)" },
    registrationlink: { type: 'string' },
  },
} as const;

const contactSchema = {
  type: 'object',
  required: ['contacttype', 'displaytoemployee', 'firstname', 'middlename', 'lastname', 'emailaddress', 'phonenumber'],
  additionalProperties: false,
  properties: {
    id: uuid,
    contacttype: { type: 'integer', enum: [1, 2, 3, 4, 5], description: '1 Insurance Broker, 2 Premium Payments/Banking, 3 HR, 4 Billing/Accounting, 5 Support' },
    displaytoemployee: { type: 'boolean' },
    firstname: name(100),
    middlename: nullable({ type: 'string', maxLength: 100 }),
    lastname: name(100),
    emailaddress: nullable(email),
    phonenumber: nullable(phone),
  },
} as const;

const productSchema = {
  type: 'object',
  required: ['productname', 'vendorname', 'description', 'subcategory', 'taxstatus', 'active', 'options'],
  additionalProperties: false,
  properties: {
    id: uuid,
    productname: name(200),
    vendorname: name(200),
    description: { type: 'string', maxLength: 2000 },
    description_es: { ...nullable({ type: 'string', maxLength: 2000 }), description: 'The description in Spanish; null, blank or absent: none (employees reading Spanish get the English)' },
    subcategory: nullable({ type: 'string', maxLength: 100 }),
    taxstatus: { type: 'string', enum: ['Pre-Tax', 'Post-Tax', null], nullable: true },
    active: { type: 'boolean' },
    options: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      items: {
        type: 'object',
        required: ['option', 'cost'],
        additionalProperties: false,
        properties: {
          id: uuid,
          option: name(100),
          option_es: { ...nullable({ type: 'string', maxLength: 100 }), description: "The option's name in Spanish; null, blank or absent: none" },
          cost: dollars,
        },
      },
    },
  },
} as const;

const ruleSchema = {
  type: 'object',
  required: ['contributionclass', 'ageMin', 'ageMax', 'tier', 'state', 'ratingArea', 'amount'],
  additionalProperties: false,
  properties: {
    contributionclass: { type: 'string', minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9][A-Za-z0-9 _.-]*$' },
    ageMin: { type: 'integer', minimum: 0, maximum: 150 },
    ageMax: { type: 'integer', minimum: 0, maximum: 150 },
    tier: { type: 'string', enum: [...FAMILY_TIERS] },
    state: nullable({ type: 'string', pattern: '^[A-Z]{2}$' }),
    ratingArea: nullable({ type: 'integer', minimum: 1, maximum: 100 }),
    amount: dollars,
  },
} as const;
const rulesArray = { type: 'array', maxItems: 2000, items: ruleSchema } as const;

const documentParams = { type: 'object', required: ['accountid', 'name'], properties: { accountid: uuid, name: { type: 'string', minLength: 1, maxLength: 200 } } } as const;
const documentSchema = {
  type: 'object',
  properties: {
    filename: { type: 'string' },
    size: { type: 'integer' },
    name_es: { ...nullableString, description: 'The name employees reading Spanish get; null: the file name without .pdf, marked as English' },
  },
} as const;
const uploadBody = (maxBytes: number, what: string) =>
  ({
    type: 'object',
    required: ['filename', 'contentBase64'],
    additionalProperties: false,
    properties: {
      filename: { type: 'string', minLength: 1, maxLength: 200 },
      contentBase64: { type: 'string', minLength: 1, maxLength: base64Length(maxBytes) + 1000, description: `${what}, base64, at most ${maxBytes / 1024} KB` },
    },
  }) as const;
/** A JSON body around a base64 file: the file's base64 length and some room for the rest. */
const uploadBodyLimit = (maxBytes: number) => base64Length(maxBytes) + 64 * 1024;

export async function staffEmployersRoutes(app: FastifyInstance): Promise<void> {
  const storage = storageIn(app.db);
  const viewer = app.requireStaff('viewer');
  const implementer = app.requireStaff('implementer');
  const staffOf = (request: { staff: { id: string } | null }) => request.staff!;
  const read = (summary: string, response: object, extra: object = {}) => ({
    onRequest: viewer,
    schema: { tags: ['Staff'], summary, security: staffCookieSecurity, response: { 200: envelope(response), ...failures }, ...extra },
  });
  const change = (summary: string, response: object, extra: object = {}) => ({
    onRequest: implementer,
    schema: { tags: ['Staff'], summary, security: staffCookieSecurity, response: { 200: envelope(response), ...failures }, ...extra },
  });
  /** A resource read with its version (the ETag a replace names). */
  const readTagged = (summary: string, response: object, extra: object = {}) => ({
    onRequest: viewer,
    schema: { tags: ['Staff'], summary, security: staffCookieSecurity, response: { 200: { ...envelope(response), headers: etagHeader }, ...failures }, ...extra },
  });
  /**
   * A whole-resource replace: If-Match names the version read (428 without it, 412 RESOURCE_CHANGED when stale);
   * where it may create (`mayCreate`), If-None-Match: * says none was read.
   */
  const replace = (summary: string, response: object, extra: object = {}, mayCreate = false) => ({
    onRequest: implementer,
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
    read('Every employer the staff user may see (docs/staff.md, Staff users) with its employees counted by status', {
      type: 'array',
      items: { type: 'object', properties: { accountid: uuid, name: { type: 'string' }, email: nullableString, planyear: { type: 'integer' }, employees: countsSchema } },
    }),
    async (request) => ok(await service.listEmployers(app.db, await visibleEmployers(app.db, request.staff!))),
  );

  app.post<{ Body: StaffEmployerInput }>(
    '/api/staff/employers',
    change('Create an employer (account, plan year, team and broker); its registration link works at once; 403 for staff of some employers only', employerSchema, {
      body: employerInputSchema,
    }),
    async (request, reply) => {
      await requireEveryEmployer(app.db, request.staff!);
      const employer = await service.createEmployer(app.db, app.config.PUBLIC_URL, staffOf(request), request.body);
      return taggedAnswer(reply, employer, service.employerTag(employer));
    },
  );

  app.get<{ Params: { accountid: string } }>(
    '/api/staff/employers/:accountid',
    readTagged("An employer with its settings, broker, logo and registration link; ETag: the settings' version (not the logo's)", employerSchema, { params: accountParams }),
    async (request, reply) => {
      const employer = await service.employerDetails(app.db, app.config.PUBLIC_URL, await service.employerOr404(app.db, request.params.accountid));
      return taggedAnswer(reply, employer, service.employerTag(employer));
    },
  );

  app.put<{ Params: { accountid: string }; Body: StaffEmployerInput }>(
    '/api/staff/employers/:accountid',
    replace('Change an employer (the whole record; broker null removes it)', employerSchema, { params: accountParams, body: employerInputSchema }),
    async (request, reply) => {
      const employer = await service.updateEmployer(app.db, app.config.PUBLIC_URL, staffOf(request), request.params.accountid, request.body, preconditionOf(request.headers, false));
      return taggedAnswer(reply, employer, service.employerTag(employer));
    },
  );

  app.put<{ Params: { accountid: string }; Body: { filename: string; contentBase64: string } }>(
    '/api/staff/employers/:accountid/logo',
    {
      ...replace(
        "Set the logo (JPEG, stored as the base64 mediadata); the condition names the logo read (the employer's logotag, the logo's ETag)",
        employerSchema,
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
  const file = (summary: string, description: string, params: object) => ({
    onRequest: viewer,
    schema: { tags: ['Staff'], summary, security: staffCookieSecurity, params, response: { 200: { description, type: 'string', format: 'binary' }, ...failures } },
  });

  app.get<{ Params: { accountid: string } }>(
    '/api/staff/employers/:accountid/logo',
    file("Open the logo (the stored JPEG, inline); ETag: the logo's version (the employer's logotag)", 'The logo (image/jpeg)', accountParams),
    async (request, reply) => {
      const bytes = await files.readLogo(app.db, request.params.accountid);
      return sendStoredFile(reply.header('ETag', service.logoTag(bytes.toString('base64'))), 'logo.jpg', bytes);
    },
  );

  const contactsAnswer = { type: 'array', items: { type: 'object', properties: { ...contactSchema.properties, id: uuid } } } as const;
  app.get<{ Params: { accountid: string } }>(
    '/api/staff/employers/:accountid/contacts',
    readTagged("The employer's contacts", contactsAnswer, { params: accountParams }),
    async (request, reply) => {
      await service.employerOr404(app.db, request.params.accountid);
      return taggedList(reply, await contacts.listContacts(app.db, request.params.accountid));
    },
  );

  app.put<{ Params: { accountid: string }; Body: { contacts: StaffContact[] } }>(
    '/api/staff/employers/:accountid/contacts',
    replace('Replace the contacts (the whole list)', contactsAnswer, {
      params: accountParams,
      body: { type: 'object', required: ['contacts'], additionalProperties: false, properties: { contacts: { type: 'array', maxItems: 50, items: contactSchema } } },
    }),
    async (request, reply) =>
      taggedList(reply, await contacts.replaceContacts(app.db, staffOf(request), request.params.accountid, request.body.contacts, preconditionOf(request.headers, false))),
  );

  const documentsAnswer = { type: 'array', items: documentSchema } as const;
  /** The documents a change left, with their tag. */
  const documentsAnswerOf = <T>(reply: FastifyReply, { documents, tag }: { documents: T[]; tag: string }) => taggedAnswer(reply, documents, tag);
  app.get<{ Params: { accountid: string } }>(
    '/api/staff/employers/:accountid/ichra-documents',
    readTagged("The employer's ICHRA documents (what /api/media/getdocs lists to its employees); ETag: the folder's version", documentsAnswer, { params: accountParams }),
    async (request, reply) => {
      await service.employerOr404(app.db, request.params.accountid);
      return documentsAnswerOf(reply, await files.taggedDocuments(storage, request.params.accountid));
    },
  );

  app.post<{ Params: { accountid: string }; Body: { filename: string; contentBase64: string } }>(
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

  app.get<{ Params: { accountid: string; name: string } }>(
    '/api/staff/employers/:accountid/ichra-documents/:name',
    file('Open an ICHRA document (the stored PDF, inline)', 'The document (application/pdf)', documentParams),
    async (request, reply) => sendStoredFile(reply, request.params.name, await files.readDocument(app.db, request.params.accountid, request.params.name)),
  );

  app.put<{ Params: { accountid: string; name: string }; Body: { name_es: string | null } }>(
    '/api/staff/employers/:accountid/ichra-documents/:name/name-es',
    replace("Set an ICHRA document's name in Spanish (null or blank: none); If-Match: the documents' ETag", documentsAnswer, {
      params: documentParams,
      body: { type: 'object', required: ['name_es'], additionalProperties: false, properties: { name_es: nullable({ type: 'string', maxLength: 200 }) } },
    }),
    async (request, reply) =>
      documentsAnswerOf(
        reply,
        await files.nameDocumentInSpanish(app.db, staffOf(request), request.params.accountid, request.params.name, request.body.name_es, preconditionOf(request.headers, false)),
      ),
  );

  app.delete<{ Params: { accountid: string; name: string } }>(
    '/api/staff/employers/:accountid/ichra-documents/:name',
    replace("Delete an ICHRA document; If-Match: the documents' ETag", documentsAnswer, { params: documentParams }),
    async (request, reply) =>
      documentsAnswerOf(reply, await files.removeDocument(app.db, staffOf(request), request.params.accountid, request.params.name, preconditionOf(request.headers, false))),
  );

  const productsAnswer = {
    type: 'array',
    items: {
      type: 'object',
      properties: {
        ...productSchema.properties,
        id: uuid,
        options: {
          type: 'array',
          items: { type: 'object', properties: { id: uuid, option: { type: 'string' }, option_es: nullableString, cost: { type: 'number' } } },
        },
      },
    },
  } as const;
  app.get<{ Params: { accountid: string } }>(
    '/api/staff/employers/:accountid/products',
    readTagged("The employer's own additional services with their price options (dollars a month)", productsAnswer, { params: accountParams }),
    async (request, reply) => {
      await service.employerOr404(app.db, request.params.accountid);
      return taggedList(reply, await offered.listProducts(app.db, request.params.accountid));
    },
  );

  app.put<{ Params: { accountid: string }; Body: { products: StaffProduct[] } }>(
    '/api/staff/employers/:accountid/products',
    replace('Replace the additional services (the whole list; one left out is turned off)', productsAnswer, {
      params: accountParams,
      body: { type: 'object', required: ['products'], additionalProperties: false, properties: { products: { type: 'array', maxItems: 50, items: productSchema } } },
    }),
    async (request, reply) =>
      taggedList(reply, await offered.replaceProducts(app.db, staffOf(request), request.params.accountid, request.body.products, preconditionOf(request.headers, false))),
  );

  const rulesAnswer = { type: 'array', items: { type: 'object', properties: { ...ruleSchema.properties, state: nullableString, contributionclass: { type: 'string' } } } } as const;
  app.get<{ Params: { accountid: string } }>(
    '/api/staff/employers/:accountid/contribution-rules',
    readTagged("The employer's contribution rules (every class)", rulesAnswer, { params: accountParams }),
    async (request, reply) => {
      await service.employerOr404(app.db, request.params.accountid);
      return taggedList(reply, await rules.listRules(app.db, request.params.accountid));
    },
  );

  app.put<{ Params: { accountid: string }; Body: { rules: StaffContributionRule[] } }>(
    '/api/staff/employers/:accountid/contribution-rules',
    replace('Replace the contribution rules (the whole set; refused with every problem named, e.g. above 3:1 within a class)', rulesAnswer, {
      params: accountParams,
      body: { type: 'object', required: ['rules'], additionalProperties: false, properties: { rules: rulesArray } },
    }),
    async (request, reply) =>
      taggedList(reply, await rules.replaceRules(app.db, staffOf(request), request.params.accountid, request.body.rules, preconditionOf(request.headers, false))),
  );

  app.post<{ Params: { accountid: string }; Body: ContributionPreviewRequest }>(
    '/api/staff/employers/:accountid/contribution-preview',
    read(
      'What the rules (stored, or the draft sent as rules) pay a person of an age, ZIP and family',
      {
        type: 'object',
        properties: {
          amount: { type: 'number' },
          text: { type: 'string' },
          state: nullableString,
          ratingArea: nullable({ type: 'integer' }),
          tier: { type: 'string' },
        },
      },
      {
        params: accountParams,
        body: {
          type: 'object',
          required: ['age', 'zip', 'spouse', 'children'],
          additionalProperties: false,
          properties: {
            class: { type: 'string', maxLength: 50 },
            age: { type: 'integer', minimum: 0, maximum: 120 },
            zip: { type: 'string', pattern: '^\\d{5}$' },
            spouse: { type: 'boolean' },
            children: { type: 'integer', minimum: 0, maximum: 20 },
            rules: rulesArray,
          },
        },
      },
    ),
    async (request) => ok(await rules.previewContribution(app.db, await service.employerOr404(app.db, request.params.accountid), request.body)),
  );
}
