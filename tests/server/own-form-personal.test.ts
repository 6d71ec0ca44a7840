/**
 * Personal data stays personal (issue 33; docs/decisions/046-personal-data-by-wording-or-shape.md): an employer's own
 * form asking for personal data by its wording or shape, whatever its key, is refused at save and at publish with
 * the field, the wording or shape and what to do named at the field's pointer; nothing is written. A version
 * stored before the check is served without the field. A question the employer rightly asks still reaches the
 * event log as before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as overrides from '#db/repositories/employer/document-override.repository.ts';
import { fillCall, type CallDeclaration, type FlowDocument } from '#engine/runtime/index.ts';
import type { ContentStore } from '#server/content/content-store.ts';
import { databases } from './helpers/databases.ts';
import { createEmployer, registerMember, type TestEmployer } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { putAsRead, signInStaff, type SignedInStaff } from './staff-fixtures.ts';
import { OWN_FORM, OWN_FORM_ID, OWN_STEP_EVENT, OWN_STEP_FLOW_PATCH } from '../fixtures/own-step.ts';

/** The own form of tests/fixtures/own-step.ts with one more field (and its Spanish texts, when given). */
function asking(name: string, field: Record<string, unknown>, spanish: Record<string, string> = {}) {
  return {
    ...OWN_FORM,
    schema: { ...OWN_FORM.schema, properties: { ...OWN_FORM.schema.properties, [name]: field } },
    ...(Object.keys(spanish).length > 0 ? { translations: { es: spanish } } : {}),
  };
}

const REFUSED: Array<[string, string, ReturnType<typeof asking>, RegExp]> = [
  [
    "'taxNumber' titled Social Security Number (for our records)",
    'taxNumber',
    asking('taxNumber', { type: 'string', maxLength: 20, title: 'Social Security Number (for our records)' }),
    /^the field 'taxNumber' asks for a Social Security Number, ITIN or other tax or identity number: its title "Social Security Number \(for our records\)" says "social security"\. .*event log, which every staff viewer reads\. Remove the field and use the product's own instead: the profile's own SSN field/,
  ],
  ["'bornOn', a date without a title", 'bornOn', asking('bornOn', { type: 'string', format: 'date', maxLength: 10 }), /^the field 'bornOn' asks for a date of birth or an age: its key "born On" says "born"\./],
  [
    "'numeroFiscal' titled Número de Seguro Social (para nuestros registros)",
    'numeroFiscal',
    asking('numeroFiscal', { type: 'string', maxLength: 20, title: 'Número de Seguro Social (para nuestros registros)' }),
    /^the field 'numeroFiscal' asks for a Social Security Number.*: its title "Número de Seguro Social \(para nuestros registros\)" says "seguro social"\./,
  ],
  [
    "'reference' titled Reference in English, Número de seguro social in Spanish",
    'reference',
    asking('reference', { type: 'string', maxLength: 20, title: 'Reference' }, { '/schema/properties/reference/title': 'Número de seguro social' }),
    /^the field 'reference' asks for a Social Security Number.*: its Spanish title "Número de seguro social" says "seguro social"\./,
  ],
  [
    "'nacidoEl' titled Fecha de nacimiento",
    'nacidoEl',
    asking('nacidoEl', { type: 'string', format: 'date', maxLength: 10, title: 'Fecha de nacimiento' }),
    /^the field 'nacidoEl' asks for a date of birth or an age: its title "Fecha de nacimiento" says "nacimiento"\./,
  ],
  ["'code', nine digits", 'code', asking('code', { type: 'string', maxLength: 9, pattern: '^[0-9]{9}$', title: 'Code' }), /^the field 'code' asks for a Social Security Number.*: its pattern '\^\[0-9\]\{9\}\$' with its maxLength 9 takes nine digits and nothing longer/],
];

describe.each(databases())("personal data in an employer's own form on $name", (database) => {
  const t = useTestApp(database);
  let implementer: SignedInStaff;
  let viewer: SignedInStaff;
  beforeAll(async () => {
    [implementer, viewer] = await Promise.all([signInStaff(t.app, 'implementer'), signInStaff(t.app, 'viewer')]);
  });

  const url = (employer: TestEmployer, id: string, tail = '') => `/api/staff/employers/${employer.accountid}/content/${id}${tail}`;
  const saveDraft = (employer: TestEmployer, id: string, document: unknown) => putAsRead(t.app, implementer, url(employer, id, '/draft'), { document } as object, url(employer, id));
  const publish = (employer: TestEmployer, id: string, draft: { version: number; etag: string }) =>
    t.app.inject({ method: 'POST', url: url(employer, id, '/publish'), headers: implementer.headers, payload: { version: draft.version, etag: draft.etag } });
  const stored = async (employer: TestEmployer, status?: 'published') =>
    (await t.db.selectFrom('document_override').select('id').where('accountid', '=', employer.accountid).$if(status !== undefined, (query) => query.where('status', '=', status!)).execute()).length;

  it.each(REFUSED)('refuses at save an own form asking for %s, at the field, with why and what to do; stores nothing', async (_, name, form, reason) => {
    const employer = await createEmployer(t.db);
    const response = await saveDraft(employer, OWN_FORM_ID, form);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    const { fieldErrors } = response.json();
    expect(Object.keys(fieldErrors)).toEqual([`/schema/properties/${name}`]);
    expect(fieldErrors[`/schema/properties/${name}`]).toEqual([expect.stringMatching(reason)]);
    expect(await stored(employer)).toBe(0);
  });

  it.each(REFUSED)('refuses at publish a version stored before the check asking for %s; publishes nothing and serves the form without it', async (_, name, form) => {
    const employer = await createEmployer(t.db);
    const ref = { accountid: employer.accountid, documentid: OWN_FORM_ID, staffId: null, now: new Date() };
    await overrides.insertVersion(t.db, { ...ref, status: 'draft', patch: form });
    const { etag } = (await t.app.inject({ method: 'GET', url: url(employer, OWN_FORM_ID), headers: implementer.headers })).json().data.draft;
    const refused = await publish(employer, OWN_FORM_ID, { version: 1, etag });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(Object.keys(refused.json().fieldErrors)).toEqual([`/schema/properties/${name}`]);
    expect(await stored(employer, 'published')).toBe(0);

    // One published before the check: employees get the form without the field.
    await t.db.deleteFrom('document_override').where('accountid', '=', employer.accountid).execute();
    await overrides.insertVersion(t.db, { ...ref, status: 'published', patch: form });
    const served = await t.app.inject({ method: 'GET', url: `/api/content/forms/${OWN_FORM_ID}?accountid=${employer.accountid}` });
    expect(served.statusCode, served.body).toBe(200);
    expect(Object.keys(served.json().data.document.schema.properties).sort()).toEqual(['commutemode', 'monthlypass']);
  });

  it("publishes an own form asking the employer's own questions, and its step's answers reach the event log as before", async () => {
    const employer = await createEmployer(t.db);
    const form = {
      ...OWN_FORM,
      schema: {
        ...OWN_FORM.schema,
        properties: {
          ...OWN_FORM.schema.properties,
          employeeId: { type: 'string', maxLength: 20, pattern: '^[A-Za-z0-9][A-Za-z0-9-]*$', title: 'Employee ID' },
          shirtSize: { type: 'string', enum: ['S', 'M', 'L', 'XL'], maxLength: 2, title: 'T-shirt size' },
          teamName: { type: 'string', maxLength: 100, title: 'Team name' },
        },
      },
      translations: { es: { '/schema/properties/shirtSize/title': 'Talla de camiseta', '/schema/properties/teamName/title': 'Nombre del equipo' } },
    };
    const draft = await saveDraft(employer, OWN_FORM_ID, form);
    expect(draft.statusCode, draft.body).toBe(200);
    expect((await publish(employer, OWN_FORM_ID, draft.json().data)).statusCode).toBe(200);
    const flow = structuredClone((t.app.content as ContentStore).base.flows.get('enrollment')!) as FlowDocument;
    flow.steps = { ...flow.steps, ...(structuredClone(OWN_STEP_FLOW_PATCH.steps) as unknown as FlowDocument['steps']) };
    const flowDraft = await saveDraft(employer, 'enrollment', flow);
    expect(flowDraft.statusCode, flowDraft.body).toBe(200);
    expect((await publish(employer, 'enrollment', flowDraft.json().data)).statusCode).toBe(200);

    // The employee gets every field, and the step's call as the served flow declares it records the answers.
    const member = await registerMember(t.app, employer);
    const servedForm = (await t.app.inject({ method: 'GET', url: `/api/content/forms/${OWN_FORM_ID}?accountid=${employer.accountid}`, headers: member.auth })).json().data.document;
    expect(Object.keys(servedForm.schema.properties).sort()).toEqual(['commutemode', 'employeeId', 'monthlypass', 'shirtSize', 'teamName']);
    const servedFlow = (await t.app.inject({ method: 'GET', url: `/api/content/flows/enrollment?accountid=${employer.accountid}`, headers: member.auth })).json().data.document as FlowDocument;
    const call = servedFlow.steps[OWN_FORM_ID]!.calls!.submit![0] as CallDeclaration;
    const answers = { commutemode: 'Bicycle', employeeId: 'E-1042', shirtSize: 'M', teamName: 'Payroll' };
    const filled = fillCall(call, { data: answers });
    const logged = await t.app.inject({ method: filled.method, url: filled.path, headers: member.auth, payload: filled.body as object });
    expect(logged.statusCode, logged.body).toBe(200);
    const events = (await t.app.inject({ method: 'GET', url: `/api/staff/events?accountid=${employer.accountid}`, headers: viewer.headers })).json().data as { action: string; data: unknown }[];
    // The server adds who answered (User), as it does for every event.
    expect(events.filter((event) => event.action === OWN_STEP_EVENT)).toEqual([expect.objectContaining({ data: { ...answers, User: member.email } })]);
  });
});
