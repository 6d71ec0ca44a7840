/**
 * Calls an override may declare, through the staff API (docs/security.md): only the product's own operations
 * (schemas/meta/operations.json) from the steps they are listed for, and no personal data sent where it is not
 * stored for the member. Each refusal is a 400 with the problem at the call's pointer in the document; nothing is
 * stored, and a version stored before the rule is refused at publish.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as overrides from '#db/repositories/employer/document-override.repository.ts';
import type { CallDeclaration, FlowDocument } from '#engine/runtime/index.ts';
import type { ContentStore } from '#server/content/content-store.ts';
import { databases } from './helpers/databases.ts';
import { createEmployer, type TestEmployer } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { putAsRead, signInStaff, type SignedInStaff } from './staff-fixtures.ts';
import { OWN_FORM, OWN_FORM_ID, OWN_STEP_FLOW_PATCH } from '../fixtures/own-step.ts';

describe.each(databases())('calls in staff overrides on $name', (database) => {
  const t = useTestApp(database);
  let implementer: SignedInStaff;
  beforeAll(async () => {
    implementer = await signInStaff(t.app, 'implementer');
  });

  const baseFlow = () => structuredClone((t.app.content as ContentStore).base.flows.get('enrollment')!);
  const url = (employer: TestEmployer, id: string, tail = '') => `/api/staff/employers/${employer.accountid}/content/${id}${tail}`;
  const saveDraft = (employer: TestEmployer, id: string, document: unknown) =>
    putAsRead(t.app, implementer, url(employer, id, '/draft'), { document } as object, url(employer, id));
  const stored = async (employer: TestEmployer) => (await t.db.selectFrom('document_override').select('id').where('accountid', '=', employer.accountid).execute()).length;

  /**
   * The base flow with a step of the employer's own (the profile's own calls are locked, docs/staff.md), showing the
   * profile form, whose one submit call is `call`; and that call's pointer.
   */
  const ownStepWith = (call: Omit<CallDeclaration, 'id'>): { flow: FlowDocument; at: string } => {
    const flow = baseFlow();
    flow.steps = { ...flow.steps, extra: { title: 'Profile Again', order: 1.5, form: 'profile', calls: { submit: [{ id: 'added', ...call }] } } };
    return { flow, at: '/steps/extra/calls/submit/0' };
  };

  it("refuses the profile's data sent to the event log, at the body field; stores nothing", async () => {
    const employer = await createEmployer(t.db);
    // On the profile step itself the calls are locked: refused whole.
    const onProfile = baseFlow();
    onProfile.steps.profile!.calls!.submit!.push({ id: 'added', method: 'POST', path: '/api/LogFact/v2', body: { '/data': '/data' } });
    expect(Object.keys((await saveDraft(employer, 'enrollment', onProfile)).json().fieldErrors)).toEqual(['/steps/profile/calls/submit']);
    // On a step of the employer's own that shows the profile form: refused at the body field.
    const { flow, at } = ownStepWith({ method: 'POST', path: '/api/LogFact/v2', body: { '/title': { value: 'PROFILE SAVED' }, '/data': '/data' } });
    const response = await saveDraft(employer, 'enrollment', flow);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(response.json().fieldErrors).toEqual({
      [`${at}/body/~1data`]: [expect.stringMatching(/^'\/data' is the whole of the step's data \(form 'profile'\), which holds personal data \(SSN, birth date, address, phone\), and POST \/api\/LogFact\/v2 does not store personal data for the person it is about/)],
    });
    expect(await stored(employer)).toBe(0);
  });

  it.each([
    ['another origin', 'GET', '//evil.example/x'],
    ['the DELETE of a member', 'DELETE', '/api/Member/{loaded.member.id}'],
    ['a staff route', 'POST', '/api/staff/users'],
  ] as const)('refuses a call to %s at its path', async (_, method, path) => {
    const employer = await createEmployer(t.db);
    const { flow, at } = ownStepWith({ method, path });
    const response = await saveDraft(employer, 'enrollment', flow);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fieldErrors).toEqual({ [`${at}/path`]: [`${method} ${path} is not one of the product's operations (schemas/meta/operations.json)`] });
    expect(await stored(employer)).toBe(0);
  });

  it("accepts an employer's own step recording its own form's answers; refuses an own form asking for an SSN", async () => {
    const employer = await createEmployer(t.db);
    const asking = await saveDraft(employer, OWN_FORM_ID, { ...OWN_FORM, schema: { ...OWN_FORM.schema, properties: { ...OWN_FORM.schema.properties, additionalid: { type: 'string', maxLength: 11 } } } });
    expect(asking.statusCode, asking.body).toBe(400);
    expect(Object.keys(asking.json().fieldErrors)).toEqual(['/schema/properties/additionalid']);

    const form = await saveDraft(employer, OWN_FORM_ID, OWN_FORM);
    expect(form.statusCode, form.body).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: url(employer, OWN_FORM_ID, '/publish'), headers: implementer.headers, payload: { version: form.json().data.version, etag: form.json().data.etag } })).statusCode).toBe(200);
    const flow = baseFlow();
    flow.steps = { ...flow.steps, ...(structuredClone(OWN_STEP_FLOW_PATCH.steps) as unknown as FlowDocument['steps']) };
    const saved = await saveDraft(employer, 'enrollment', flow);
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('refuses to publish or roll back to an own form stored with an SSN before the check, and serves a published one without it', async () => {
    const employer = await createEmployer(t.db);
    const ref = { accountid: employer.accountid, documentid: OWN_FORM_ID, staffId: null, now: new Date() };
    const withSsn = {
      ...OWN_FORM,
      schema: { ...OWN_FORM.schema, required: ['additionalid'], properties: { ...OWN_FORM.schema.properties, additionalid: { type: 'string', maxLength: 11, title: 'SSN' } } },
      uiSchema: { ...OWN_FORM.uiSchema, 'ui:order': ['additionalid', 'commutemode', 'monthlypass'], additionalid: { 'ui:widget': 'password' } },
      rules: [{ id: 'ssn-digits', assert: { matches: [{ var: 'data.additionalid' }, 'ssn'] }, path: '/additionalid', message: 'choose-commute' }],
    };
    // Versions stored before the rule (written straight to the table): a draft, then one published.
    await overrides.insertVersion(t.db, { ...ref, status: 'draft', patch: withSsn });
    const { etag } = (await t.app.inject({ method: 'GET', url: url(employer, OWN_FORM_ID, ''), headers: implementer.headers })).json().data.draft;
    const publish = await t.app.inject({ method: 'POST', url: url(employer, OWN_FORM_ID, '/publish'), headers: implementer.headers, payload: { version: 1, etag } });
    expect(publish.statusCode, publish.body).toBe(400);
    // Besides asking for an answer, which a form of one's own may not either (docs/staff.md).
    expect(Object.keys(publish.json().fieldErrors)).toContain('/schema/properties/additionalid');
    await t.db.deleteFrom('document_override').where('accountid', '=', employer.accountid).execute();
    await overrides.insertVersion(t.db, { ...ref, status: 'published', patch: withSsn });

    // Employees get the form without the field, its place in the order, its hints and the rule reading it.
    const served = await t.app.inject({ method: 'GET', url: `/api/content/forms/${OWN_FORM_ID}?accountid=${employer.accountid}` });
    expect(served.statusCode, served.body).toBe(200);
    const { document } = served.json().data;
    expect(Object.keys(document.schema.properties)).toEqual(['commutemode', 'monthlypass']);
    expect(document.schema.required).toEqual([]);
    expect(document.uiSchema).toEqual({ 'ui:order': ['commutemode', 'monthlypass'], commutemode: { 'ui:widget': 'radio' } });
    expect(document.rules).toEqual([]);

    // Rolled back to the base (nothing of its own: 404) and then back to that version: refused.
    const content = async () => (await t.app.inject({ method: 'GET', url: url(employer, OWN_FORM_ID, ''), headers: implementer.headers })).json().data;
    const rollBack = async (version: number) =>
      t.app.inject({ method: 'POST', url: url(employer, OWN_FORM_ID, '/rollback'), headers: implementer.headers, payload: { version, etag: (await content()).publishedEtag } });
    await t.db.updateTable('document_override').set({ status: 'retired' }).where('accountid', '=', employer.accountid).execute();
    const refused = await rollBack(1);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(Object.keys(refused.json().fieldErrors)).toContain('/schema/properties/additionalid');
  });

  it('refuses at publish a stored version that sends personal data to the event log: nothing published', async () => {
    const employer = await createEmployer(t.db);
    const { flow } = ownStepWith({ method: 'POST', path: '/api/LogFact/v2', body: { '/title': { value: 'SSN' }, '/data/ssn': '/loaded/member/additionalid' } });
    // A draft stored before the rule (written straight to the table).
    await overrides.insertVersion(t.db, { accountid: employer.accountid, documentid: 'enrollment', status: 'draft', patch: { steps: { extra: flow.steps.extra } }, staffId: null, now: new Date() });
    const { etag } = (await t.app.inject({ method: 'GET', url: url(employer, 'enrollment', ''), headers: implementer.headers })).json().data.draft;
    const response = await t.app.inject({ method: 'POST', url: url(employer, 'enrollment', '/publish'), headers: implementer.headers, payload: { version: 1, etag } });
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toEqual(['/steps/extra/calls/submit/0/body/~1data~1ssn']);
    const published = await t.db.selectFrom('document_override').select('id').where('accountid', '=', employer.accountid).where('status', '=', 'published').execute();
    expect(published).toEqual([]);
  });
});
