/**
 * The staff document editor's API (docs/staff.md): an employer's documents edited whole and stored as merge
 * patches, validated with errors at the JSON pointer of the document, published to that employer only, rolled back
 * to any earlier version, diffed, previewed, audited; roles enforced; exactly one published version however many
 * publish at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as overrides from '#db/repositories/employer/document-override.repository.ts';
import { mergeDocument } from '#engine/documents/index.ts';
import { evaluateFlow, translatedDocument, type FlowDocument, type FormDocument } from '#engine/runtime/index.ts';
import type { ContentStore } from '#server/content/content-store.ts';
import { versionTag } from '#server/services/staff-employers/document-overrides.ts';
import { databases } from './helpers/databases.ts';
import { createEmployer, registerMember, type TestEmployer } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { putAsRead, signInStaff, type SignedInStaff } from './staff-fixtures.ts';
import { OWN_FORM, OWN_FORM_ID, OWN_STEP_FLOW_PATCH } from '../fixtures/own-step.ts';

const waiveContext = { employer: { hsaonly: 0, employeazecustomer: 1 }, choice: { option: 'waive' } };
const NEW_REASON_TEXT = 'Choose why you are waiving coverage.';
const BASE_REASON_TEXT = 'Please select a waiver reason';

describe.each(databases())('staff content routes on $name', (database) => {
  const t = useTestApp(database);
  let implementer: SignedInStaff;
  let viewer: SignedInStaff;
  beforeAll(async () => {
    implementer = await signInStaff(t.app, 'implementer');
    viewer = await signInStaff(t.app, 'viewer');
  });

  const base = () => (t.app.content as ContentStore).base;
  /** A copy of a base form or of the flow, as the editor starts from. */
  const baseOf = (id: string) => structuredClone(base().forms.get(id)!);
  const baseFlow = () => structuredClone(base().flows.get('enrollment')!);
  /** The base document with a merge patch applied the way the server applies it: what the editor would send. */
  const editedWith = (id: string, patch: unknown) => {
    const original = id === 'enrollment' ? baseFlow() : baseOf(id);
    return mergeDocument(original, patch, original.kind === 'form' ? base().meta.form : base().meta.flow) as Record<string, unknown>;
  };
  const url = (employer: TestEmployer, id: string, tail = '') => `/api/staff/employers/${employer.accountid}/content/${id}${tail}`;
  const saveDraft = (employer: TestEmployer, id: string, document: unknown, staff = implementer) =>
    putAsRead(t.app, staff, url(employer, id, '/draft'), { document } as object, url(employer, id));
  const read = (path: string, staff = viewer) => t.app.inject({ method: 'GET', url: path, headers: staff.headers });
  /** The document as the editor reads it: its draft's and its published version's tags among the rest. */
  const view = async (employer: TestEmployer, id: string) =>
    (await read(url(employer, id))).json().data as { draft: { version: number; etag: string } | null; published: { version: number; etag: string } | null; publishedEtag: string };
  /** Publishes a version naming the tag given, else the tag the version has now (as a person who just read it). */
  const publish = async (employer: TestEmployer, id: string, version: number, staff = implementer, etag?: string) => {
    const tag = etag ?? (await t.db.selectFrom('document_override').selectAll().where('accountid', '=', employer.accountid).where('documentid', '=', id).where('version', '=', version).executeTakeFirst());
    return t.app.inject({ method: 'POST', url: url(employer, id, '/publish'), headers: staff.headers, payload: { version, etag: typeof tag === 'string' ? tag : tag ? versionTag(tag) : 'none' } });
  };
  /** Rolls back naming the published tag given, else the one the document has now. */
  const rollback = async (employer: TestEmployer, id: string, version: number, staff = implementer, etag?: string) =>
    t.app.inject({ method: 'POST', url: url(employer, id, '/rollback'), headers: staff.headers, payload: { version, etag: etag ?? (await view(employer, id)).publishedEtag } });
  const served = async (id: string, employer: TestEmployer) => {
    return (await t.app.inject({ method: 'GET', url: `/api/content/forms/${id}?accountid=${employer.accountid}` })).json().data as { document: FormDocument; etag: string };
  };
  const servedFlow = async (employer: TestEmployer) => {
    return (await t.app.inject({ method: 'GET', url: `/api/content/flows/enrollment?accountid=${employer.accountid}` })).json().data as { document: FlowDocument; etag: string };
  };
  const stored = async (employer: TestEmployer) => (await t.db.selectFrom('document_override').select('id').where('accountid', '=', employer.accountid).execute()).length;
  const audits = async () => (await t.db.selectFrom('staff_audit').select('id').execute()).length;
  const published = async (employer: TestEmployer, id: string) =>
    t.db.selectFrom('document_override').select(['version']).where('accountid', '=', employer.accountid).where('documentid', '=', id).where('status', '=', 'published').execute();

  it('lists every base document with its kind and title', async () => {
    const response = await read('/api/staff/content');
    expect(response.statusCode).toBe(200);
    const list = response.json().data as { id: string; kind: string; title: string }[];
    expect(list).toContainEqual({ id: 'enrollment', kind: 'flow', title: expect.any(String) });
    expect(list).toContainEqual({ id: 'profile', kind: 'form', title: expect.any(String) });
    expect(list.map((d) => d.id)).toEqual([...base().forms.keys(), ...base().flows.keys()].sort());
  });

  it("adds a form of one employer's own and a step that shows it, for that employer only", async () => {
    const own = await createEmployer(t.db, { accountname: 'Own Step Employer' });
    const other = await createEmployer(t.db, { accountname: 'Other Employer' });
    const context = { employer: { hsaonly: 0, employeazecustomer: 1 }, choice: { option: 'buy' } };
    const withOwnStep = editedWith('enrollment', OWN_STEP_FLOW_PATCH);

    // The flow may name the form only once the employer has published it.
    const early = await saveDraft(own, 'enrollment', withOwnStep);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toContain(`step '${OWN_FORM_ID}' names form '${OWN_FORM_ID}', which does not exist`);

    // The form is checked like any: a misnamed id or an unknown message key is refused.
    expect((await saveDraft(own, OWN_FORM_ID, { ...OWN_FORM, id: 'commuter' })).statusCode).toBe(400);
    const badKey = await saveDraft(own, OWN_FORM_ID, { ...OWN_FORM, errorMessages: { '/commutemode': { '*': 'no-such-message' } } });
    expect(badKey.statusCode).toBe(400);

    const formDraft = await saveDraft(own, OWN_FORM_ID, OWN_FORM);
    expect(formDraft.statusCode, formDraft.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/content/forms/${OWN_FORM_ID}?accountid=${own.accountid}` })).statusCode).toBe(404);
    expect((await publish(own, OWN_FORM_ID, formDraft.json().data.version)).statusCode).toBe(200);
    const flowDraft = await saveDraft(own, 'enrollment', withOwnStep);
    expect(flowDraft.statusCode, flowDraft.body).toBe(200);
    expect((await publish(own, 'enrollment', flowDraft.json().data.version)).statusCode).toBe(200);

    expect((await served(OWN_FORM_ID, own)).document).toMatchObject({ id: OWN_FORM_ID, kind: 'form', title: 'Commuter Benefits' });
    const ownSteps = evaluateFlow((await servedFlow(own)).document, context);
    expect(ownSteps.map((step) => step.id)).toEqual([OWN_FORM_ID, 'profile', 'contributions', 'enroll']);
    expect(ownSteps[0]).toMatchObject({ form: OWN_FORM_ID, calls: OWN_STEP_FLOW_PATCH.steps[OWN_FORM_ID].calls });
    expect(ownSteps[0]!.screen).toBeUndefined();

    // Another employer, and anyone without an employer, has neither the form nor the step; nor may its flow name it.
    for (const path of [`/api/content/forms/${OWN_FORM_ID}?accountid=${other.accountid}`, `/api/content/forms/${OWN_FORM_ID}`]) {
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    }
    expect(evaluateFlow((await servedFlow(other)).document, context).map((step) => step.id)).toEqual(['profile', 'contributions', 'enroll']);
    expect((await saveDraft(other, 'enrollment', withOwnStep)).statusCode).toBe(400);
  });

  it("changes only employer A's documents, and only once published; employer B keeps the base", async () => {
    const a = await createEmployer(t.db, { accountname: 'Employer A' });
    const b = await createEmployer(t.db, { accountname: 'Employer B' });
    const before = await served('waiver', a);

    const waiver = baseOf('waiver');
    waiver.messages['select-waiver-reason'] = NEW_REASON_TEXT;
    const draft = await saveDraft(a, 'waiver', waiver);
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().data).toMatchObject({ version: 1, status: 'draft', patch: { messages: { 'select-waiver-reason': NEW_REASON_TEXT } } });
    expect(draft.json().data.document.messages['select-waiver-reason']).toBe(NEW_REASON_TEXT);

    // Saving again replaces the draft (still version 1), whoever saves it.
    waiver.title = 'Waive coverage (Employer A)';
    const again = await saveDraft(a, 'waiver', waiver);
    expect(again.json().data).toMatchObject({ version: 1, patch: { title: 'Waive coverage (Employer A)' } });

    const flow = editedWith('enrollment', { steps: { 'additional-services': { when: false } } });
    const flowDraft = await saveDraft(a, 'enrollment', flow);
    expect(flowDraft.json().data).toMatchObject({ version: 1, patch: { steps: { 'additional-services': { when: false } } } });

    // A draft is not served, but the view and the preview show it.
    expect((await served('waiver', a)).document.messages['select-waiver-reason']).toBe(BASE_REASON_TEXT);
    const view = (await read(url(a, 'waiver'))).json().data;
    expect(view.published).toBeNull();
    expect(view.draft).toMatchObject({ version: 1, status: 'draft' });
    expect(view.resolved.messages['select-waiver-reason']).toBe(BASE_REASON_TEXT);
    expect(view.base).toEqual(baseOf('waiver'));
    const preview = (await read(url(a, 'waiver', '/preview'))).json().data;
    expect(preview).toMatchObject({ documentid: 'waiver', version: 1, employer: { accountid: a.accountid, accountname: 'Employer A' } });
    expect(preview.document.messages['select-waiver-reason']).toBe(NEW_REASON_TEXT);
    expect(preview.documents.waiver.messages['select-waiver-reason']).toBe(NEW_REASON_TEXT);
    expect(Object.keys(preview.documents).sort()).toEqual([...base().forms.keys(), ...base().flows.keys()].sort());

    expect((await publish(a, 'waiver', 1)).json().data).toMatchObject({ version: 1, status: 'published' });
    expect((await publish(a, 'enrollment', 1)).statusCode).toBe(200);

    // On the next page load, employer A's employees get it.
    const after = await served('waiver', a);
    expect(after.document.messages['select-waiver-reason']).toBe(NEW_REASON_TEXT);
    expect(after.etag).not.toBe(before.etag);
    expect(evaluateFlow((await servedFlow(a)).document, waiveContext)[2]!.tabs!.map((s) => s.title)).toEqual(['Contributions', 'Your Cart']);
    await expect(t.app.content.validate('waiver', a.accountid, {}, { language: 'en' })).rejects.toMatchObject({ message: NEW_REASON_TEXT });

    expect((await served('waiver', b)).document.messages['select-waiver-reason']).toBe(BASE_REASON_TEXT);
    expect(evaluateFlow((await servedFlow(b)).document, waiveContext)[2]!.tabs!.map((s) => s.title)).toEqual(['Contributions', 'Additional Services', 'Your Cart']);

    const versions = (await read(url(a, 'waiver', '/versions'))).json().data;
    expect(versions).toEqual([
      { version: 1, status: 'published', createdon: expect.any(String), publishedon: expect.any(String), staffEmail: implementer.email, publishedByEmail: implementer.email, copiedFrom: null },
    ]);
  });

  it('publishes a draft only as it was read: A saves, B saves over, A publishes with A\'s tag and gets 409 naming B; a save naming A\'s tag gets 412', async () => {
    const n = await createEmployer(t.db);
    const other = await signInStaff(t.app, 'implementer');
    const withText = (text: string) => {
      const waiver = baseOf('waiver');
      waiver.messages['select-waiver-reason'] = text;
      return waiver;
    };
    const saved = await saveDraft(n, 'waiver', withText("A's text"));
    expect(saved.statusCode, saved.body).toBe(200);
    const aTag = saved.json().data.etag as string;
    expect(aTag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(saved.headers.etag).toBe(aTag);
    expect((await view(n, 'waiver')).draft!.etag).toBe(aTag);
    expect((await read(url(n, 'waiver'))).headers.etag).toBe(aTag);

    // B reads A's draft and saves over it: the tag changes.
    const bSaved = await saveDraft(n, 'waiver', withText("B's text"), other);
    expect(bSaved.statusCode, bSaved.body).toBe(200);
    const bTag = bSaved.json().data.etag as string;
    expect(bTag).not.toBe(aTag);

    const refused = await publish(n, 'waiver', 1, implementer, aTag);
    expect(refused.statusCode).toBe(409);
    const changedAt = (await t.db.selectFrom('document_override').select('updatedon').where('accountid', '=', n.accountid).executeTakeFirstOrThrow()).updatedon;
    const minute = `${new Date(changedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    expect(refused.json()).toEqual({
      success: false,
      code: 'DRAFT_CHANGED',
      message: `${other.email} changed this draft at ${minute} since you read it; review their change and publish again.`,
      data: { changedBy: other.email, changedAt: new Date(changedAt).toISOString() },
    });
    expect(await published(n, 'waiver')).toEqual([]);
    expect((await served('waiver', n)).document.messages['select-waiver-reason']).toBe(BASE_REASON_TEXT);

    // Saving over B's draft with the tag A read is refused the same way; so is saving as if there were no draft.
    const staleSave = await t.app.inject({ method: 'PUT', url: url(n, 'waiver', '/draft'), headers: { ...implementer.headers, 'if-match': aTag }, payload: { document: withText("A's again") } });
    expect(staleSave.statusCode).toBe(412);
    expect(staleSave.json()).toMatchObject({ code: 'DRAFT_CHANGED', message: expect.stringMatching(new RegExp(`^${other.email} changed this draft at .* UTC since you read it; review their change and save again\\.$`)) });
    const blindSave = await t.app.inject({ method: 'PUT', url: url(n, 'waiver', '/draft'), headers: { ...implementer.headers, 'if-none-match': '*' }, payload: { document: withText("A's again") } });
    expect(blindSave.statusCode).toBe(412);
    expect(blindSave.json()).toMatchObject({ code: 'DRAFT_CHANGED', data: { changedBy: other.email }, message: expect.stringContaining(`${other.email} saved a draft of this document at `) });
    expect((await view(n, 'waiver')).draft!.etag).toBe(bTag);

    // With the tag of the draft as it is now, A publishes B's text knowingly.
    const current = await publish(n, 'waiver', 1, implementer, bTag);
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json().data).toMatchObject({ version: 1, status: 'published', etag: bTag });
    expect((await served('waiver', n)).document.messages['select-waiver-reason']).toBe("B's text");
    expect((await publish(n, 'waiver', 1, implementer, bTag)).json()).toMatchObject({ code: 'CONFLICT', message: 'Version 1 is published already.' });

    // The draft A read is gone (published): a save naming it is refused, naming who published it.
    const gone = await t.app.inject({ method: 'PUT', url: url(n, 'waiver', '/draft'), headers: { ...implementer.headers, 'if-match': bTag }, payload: { document: withText("A's again") } });
    expect(gone.statusCode).toBe(412);
    expect(gone.json()).toMatchObject({ code: 'DRAFT_CHANGED', data: { changedBy: implementer.email }, message: expect.stringContaining('published this document at ') });
    const fresh = await t.app.inject({ method: 'PUT', url: url(n, 'waiver', '/draft'), headers: { ...implementer.headers, 'if-none-match': '*' }, payload: { document: withText("A's again") } });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().data.version).toBe(2);

    // A publish must name a tag.
    expect((await t.app.inject({ method: 'POST', url: url(n, 'waiver', '/publish'), headers: implementer.headers, payload: { version: 2 } })).statusCode).toBe(400);
  });

  it('rolls back only what was read: a version published since answers 409 naming who published it; a draft is published, not rolled back', async () => {
    const p = await createEmployer(t.db);
    const other = await signInStaff(t.app, 'implementer');
    const readBefore = await view(p, 'waiver');
    expect(readBefore.published).toBeNull();
    const waiver = baseOf('waiver');
    waiver.messages['select-waiver-reason'] = NEW_REASON_TEXT;
    await saveDraft(p, 'waiver', waiver, other);
    expect((await publish(p, 'waiver', 1, other)).statusCode).toBe(200);
    const refused = await rollback(p, 'waiver', 0, implementer, readBefore.publishedEtag);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'PUBLISHED_CHANGED',
      message: expect.stringMatching(new RegExp(`^${other.email} published version 1 at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC since you read this document; review what employees get now and roll back again\\.$`)),
      data: { changedBy: other.email, changedAt: expect.any(String) },
    });
    expect((await served('waiver', p)).document.messages['select-waiver-reason']).toBe(NEW_REASON_TEXT);
    const readNow = await view(p, 'waiver');
    expect(readNow.publishedEtag).toBe(readNow.published!.etag);
    expect((await rollback(p, 'waiver', 0, implementer, readNow.publishedEtag)).statusCode).toBe(200);

    await saveDraft(p, 'waiver', waiver);
    expect((await rollback(p, 'waiver', 3)).json()).toMatchObject({ code: 'CONFLICT', message: 'Version 3 is the draft: publish it instead.' });
    expect((await t.app.inject({ method: 'POST', url: url(p, 'waiver', '/rollback'), headers: implementer.headers, payload: { version: 0 } })).statusCode).toBe(400);
  });

  it('replaces a changed condition whole: == changed to != is !=, not an object of both', async () => {
    const c = await createEmployer(t.db);
    const condition = { '!=': [{ var: 'employer.employeazecustomer' }, 1] };
    const flow = baseFlow();
    flow.steps['additional-services']!.when = condition;
    const draft = await saveDraft(c, 'enrollment', flow);
    expect(draft.json().data.patch).toEqual({ steps: { 'additional-services': { when: condition } } });
    expect((await publish(c, 'enrollment', 1)).statusCode).toBe(200);
    const document = (await servedFlow(c)).document;
    expect(document.steps['additional-services']!.when).toEqual(condition);
    const substeps = (employeazecustomer: number) =>
      evaluateFlow(document, { employer: { hsaonly: 0, employeazecustomer }, choice: { option: 'buy' } })[2]!.substeps.map((step) => step.id);
    expect(substeps(1)).not.toContain('additional-services');
    expect(substeps(2)).toContain('additional-services');
  });

  it('refuses an invalid document with 400 and fieldErrors at the JSON pointer into the document; stores and audits nothing', async () => {
    const c = await createEmployer(t.db);
    const [storedBefore, auditsBefore] = [await stored(c), await audits()];
    const refused = async (id: string, document: unknown) => {
      const response = await saveDraft(c, id, document);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      return response.json().fieldErrors as Record<string, string[]>;
    };
    const profile = baseOf('profile');
    profile.messages['dob-rnage'] = 'DOB must be after 1950.';
    expect(await refused('profile', profile)).toEqual({ '/messages/dob-rnage': ['messages.dob-rnage is not a message of profile'] });

    expect(await refused('enrollment', editedWith('enrollment', { steps: { cart: { when: { log: 1 } } } }))).toEqual({ '/steps/cart/when': [expect.stringContaining('operation not allowed: log')] });
    expect(await refused('enrollment', editedWith('enrollment', { steps: { cart: { when: { '==': [{ var: 'choice.option' }] } } } }))).toEqual({
      '/steps/cart/when': ["'==' takes 2 arguments, not 1"],
    });
    expect(await refused('profile', editedWith('profile', { rules: [{ id: 'r', assert: true, path: '/birthdate', message: 'dob-rnage' }] }))).toEqual({
      '/rules/0/message': ["no message 'dob-rnage'"],
    });
    expect(Object.keys(await refused('waiver', editedWith('waiver', { rules: [{ id: 'r', assert: true, path: '/x', message: 'select-waiver-reason', severity: 'high' }] })))).toEqual(['/rules/0']);
    expect(await refused('waiver', { ...baseOf('waiver'), kind: 'flow' })).toHaveProperty('/kind');
    const nulled = baseOf('waiver') as unknown as { messages: Record<string, unknown> };
    nulled.messages['select-waiver-reason'] = null;
    expect(await refused('waiver', nulled)).toEqual({ '/messages/select-waiver-reason': [expect.stringContaining('null cannot be a value here')] });
    const huge = baseOf('waiver');
    huge.messages['select-waiver-reason'] = 'x'.repeat(65 * 1024);
    expect(await refused('waiver', huge)).toEqual({ '': [expect.stringMatching(/^the patch is \d+ bytes; at most 65536 are allowed$/)] });

    // An id no base document has names a form of the employer's own: {} is no form.
    expect((await saveDraft(c, 'nope', {})).statusCode).toBe(400);
    expect((await saveDraft({ ...c, accountid: '00000000-0000-4000-8000-000000000001' }, 'waiver', baseOf('waiver'))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: url(c, 'waiver', '/draft'), headers: implementer.headers, payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: url(c, 'Bad_Id', '/draft'), headers: implementer.headers, payload: { document: {} } })).statusCode).toBe(400);
    expect([await stored(c), await audits()]).toEqual([storedBefore, auditsBefore]);
  });

  it('refuses a change to what the base documents lock, at its pointer and with why; stores nothing', async () => {
    const e = await createEmployer(t.db);
    const [storedBefore, auditsBefore] = [await stored(e), await audits()];
    const refused = async (id: string, document: unknown) => {
      const response = await saveDraft(e, id, document);
      expect(response.statusCode, response.body).toBe(400);
      return response.json().fieldErrors as Record<string, string[]>;
    };
    // The ICHRA acknowledgment switched off: the line of its condition is named, with the base document's why.
    const ichraOff = baseFlow();
    ichraOff.steps['ichra-acknowledgment']!.when = false;
    expect(await refused('enrollment', ichraOff)).toEqual({ '/steps/ichra-acknowledgment/when': [expect.stringContaining('The ICHRA rules require')] });
    expect(await refused('enrollment', editedWith('enrollment', { steps: { cart: { calls: null } } }))).toEqual({ '/steps/cart/calls': [expect.stringContaining('authorize call')] });
    // A computed variable path, which could read any flag.
    expect(await refused('enrollment', editedWith('enrollment', { steps: { 'additional-services': { when: { '==': [{ var: { cat: ['employer.', 'hsaonly'] } }, 1] } } } }))).toEqual({
      '/steps/additional-services/when/==/0/var': ["'var' takes a path written as text, not computed"],
    });
    // Date of birth made optional, ZIP hidden, gender retyped.
    const profile = baseOf('profile');
    profile.schema.required = (profile.schema.required as string[]).filter((name) => name !== 'birthdate');
    expect(await refused('profile', profile)).toEqual({ '/schema/required': [expect.stringContaining("'birthdate' is required by the base document")] });
    expect(Object.keys(await refused('profile', editedWith('profile', { uiSchema: { postalcode: { 'ui:widget': 'hidden' } } })))).toEqual(['/uiSchema/postalcode/ui:widget']);
    expect(await refused('profile', editedWith('profile', { schema: { properties: { gender: { enum: ['Male', 'Female', 'Other'] } } } }))).toEqual({
      '/schema/properties/gender/enum': [expect.stringContaining('The carriers price')],
    });
    // A person's name loosened (its rule replaced, or the shared definition's first-character rule or letter dropped),
    // in the profile, a dependent and registration: refused with the why.
    const nameWhy = expect.stringContaining("A person's name is checked as a name");
    const refusedWithWhy = async (id: string, edit: object) => expect(Object.values(await refused(id, editedWith(id, edit))).flat()).toContainEqual(nameWhy);
    await refusedWithWhy('profile', { schema: { properties: { firstname: { $ref: null, type: 'string', maxLength: 100 } } } });
    await refusedWithWhy('profile', { schema: { definitions: { 'person-name': { not: null } } } });
    await refusedWithWhy('dependent', { schema: { definitions: { 'person-name': { pattern: '.' } } } });
    await refusedWithWhy('registration', { schema: { properties: { lastname: { $ref: null, type: 'string', maxLength: 100 } } } });
    // An $id inside a schema, twice with different content: refused before the shared compiler sees either.
    for (const maxLength of [10, 20]) {
      expect(await refused('profile', editedWith('profile', { schema: { properties: { employeeid: { $id: 'urn:employee-id', type: 'string', maxLength } } } }))).toEqual({
        '/schema/properties/employeeid/$id': ["a form's schema may not have $id or $schema"],
      });
    }
    expect(await refused('profile', editedWith('profile', { schema: { properties: { employeeid: { type: 'string' } } } }))).toEqual({
      '/schema/properties/employeeid': ['a string field needs a maxLength'],
    });
    expect([await stored(e), await audits()]).toEqual([storedBefore, auditsBefore]);

    // What stays the employer's: a step's title, an optional step off, a required field of its own, a locked field's title.
    const flow = baseFlow();
    flow.steps['ichra-acknowledgment']!.title = 'Your ICHRA';
    flow.steps['additional-services']!.when = false;
    expect((await saveDraft(e, 'enrollment', flow)).statusCode).toBe(200);
    const own = editedWith('profile', { schema: { properties: { employeeid: { type: 'string', maxLength: 20, title: 'Employee ID' }, birthdate: { title: 'Date of Birth' }, firstname: { title: 'Given Name' } } } });
    (own.schema as { required: string[] }).required.push('employeeid');
    const saved = await saveDraft(e, 'profile', own);
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('rolls back to any earlier version, a retired one included, as a new published version; 0 is the base', async () => {
    const d = await createEmployer(t.db);
    const text = (version: number) => `Reason, version ${version}.`;
    const withText = (version: number) => {
      const waiver = baseOf('waiver');
      waiver.messages['select-waiver-reason'] = text(version);
      return waiver;
    };
    await saveDraft(d, 'waiver', withText(1));
    await publish(d, 'waiver', 1);
    await saveDraft(d, 'waiver', withText(2));
    await publish(d, 'waiver', 2);
    expect((await served('waiver', d)).document.messages['select-waiver-reason']).toBe(text(2));

    // Version 1 is retired: publishing it is refused; rolling back to it publishes a copy as version 3.
    expect((await publish(d, 'waiver', 1)).statusCode).toBe(409);
    expect((await publish(d, 'waiver', 2)).statusCode).toBe(409);
    expect((await rollback(d, 'waiver', 2)).statusCode).toBe(409);
    const back = await rollback(d, 'waiver', 1);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ version: 3, status: 'published', patch: { messages: { 'select-waiver-reason': text(1) } } });
    expect((await served('waiver', d)).document.messages['select-waiver-reason']).toBe(text(1));

    const toBase = await rollback(d, 'waiver', 0);
    expect(toBase.json().data).toMatchObject({ version: 4, status: 'published', patch: {} });
    expect((await served('waiver', d)).document).toEqual(translatedDocument(baseOf('waiver'), undefined));
    expect((await rollback(d, 'waiver', 0)).statusCode).toBe(200);
    expect((await rollback(d, 'waiver', 99)).statusCode).toBe(404);
    expect((await publish(d, 'waiver', 99)).statusCode).toBe(404);

    const versions = (await read(url(d, 'waiver', '/versions'))).json().data as { version: number; status: string; copiedFrom: number | null }[];
    expect(versions.map((v) => [v.version, v.status, v.copiedFrom])).toEqual([
      [5, 'published', 0],
      [4, 'retired', 0],
      [3, 'retired', 1],
      [2, 'retired', null],
      [1, 'retired', null],
    ]);
  });

  it('diffs two versions line by line over pretty-printed JSON (0 is the base)', async () => {
    const e = await createEmployer(t.db);
    const waiver = baseOf('waiver');
    waiver.messages['select-waiver-reason'] = NEW_REASON_TEXT;
    await saveDraft(e, 'waiver', waiver);
    const diff = await read(url(e, 'waiver', '/diff?from=0&to=1'));
    expect(diff.statusCode).toBe(200);
    const { from, to, lines } = diff.json().data as { from: number; to: number; lines: { op: string; text: string }[] };
    expect([from, to]).toEqual([0, 1]);
    expect(lines.filter((line) => line.op !== ' ')).toEqual([
      { op: '-', text: `    "select-waiver-reason": "${BASE_REASON_TEXT}",` },
      { op: '+', text: `    "select-waiver-reason": "${NEW_REASON_TEXT}",` },
    ]);
    expect(lines.filter((line) => line.op !== '+').map((line) => line.text).join('\n')).toBe(JSON.stringify(baseOf('waiver'), null, 2));
    expect((await read(url(e, 'waiver', '/diff?from=1&to=1'))).json().data.lines.every((line: { op: string }) => line.op === ' ')).toBe(true);
    expect((await read(url(e, 'waiver', '/diff?from=0&to=7'))).statusCode).toBe(404);
    expect((await read(url(e, 'waiver', '/diff?from=-1&to=1'))).statusCode).toBe(400);
    expect((await read(url(e, 'waiver', '/diff?from=0'))).statusCode).toBe(400);
  });

  it('checks a stored version again at publish and preview: 400, nothing published, employees keep the base', async () => {
    const f = await createEmployer(t.db);
    // A draft stored before today's rules (written straight to the table).
    await overrides.insertVersion(t.db, { accountid: f.accountid, documentid: 'profile', status: 'draft', patch: { messages: { 'dob-rnage': 'Typo' } }, staffId: null, now: new Date() });
    const response = await publish(f, 'profile', 1);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ '/messages/dob-rnage': ['messages.dob-rnage is not a message of profile'] });
    expect((await read(url(f, 'profile', '/preview?version=1'))).statusCode).toBe(400);
    expect(await published(f, 'profile')).toEqual([]);
    expect((await served('profile', f)).document).toEqual(translatedDocument(baseOf('profile'), undefined));
  });

  it('records every change in the audit trail: who, what, before and after', async () => {
    const g = await createEmployer(t.db);
    const waiver = baseOf('waiver');
    waiver.messages['select-waiver-reason'] = NEW_REASON_TEXT;
    await saveDraft(g, 'waiver', waiver);
    await publish(g, 'waiver', 1);
    await rollback(g, 'waiver', 0);
    const audit = (await read(`/api/staff/audit?entity=document_override&entityid=${g.accountid}/waiver`)).json().data as Array<Record<string, unknown>>;
    const patch = { messages: { 'select-waiver-reason': NEW_REASON_TEXT } };
    expect(audit.map(({ staffEmail, action, before, after }) => ({ staffEmail, action, before, after }))).toEqual([
      { staffEmail: implementer.email, action: 'rollback', before: { version: 1, status: 'published', patch }, after: { version: 2, status: 'published', patch: {}, copiedFrom: 0 } },
      { staffEmail: implementer.email, action: 'publish', before: null, after: { version: 1, status: 'published', patch } },
      { staffEmail: implementer.email, action: 'save-draft', before: null, after: { version: 1, status: 'draft', patch } },
    ]);
  });

  it('lets a viewer read but not change (403, nothing written); a member token and no cookie get 401', async () => {
    const h = await createEmployer(t.db);
    const [storedBefore, auditsBefore] = [await stored(h), await audits()];
    for (const path of ['/api/staff/content', url(h, 'waiver'), url(h, 'waiver', '/versions'), url(h, 'waiver', '/diff?from=0&to=0'), url(h, 'waiver', '/preview')]) {
      expect((await read(path)).statusCode, path).toBe(200);
    }
    expect((await saveDraft(h, 'waiver', baseOf('waiver'), viewer)).statusCode).toBe(403);
    expect((await publish(h, 'waiver', 1, viewer)).statusCode).toBe(403);
    expect((await rollback(h, 'waiver', 0, viewer)).statusCode).toBe(403);

    const member = await registerMember(t.app, h);
    const asMember = { id: '', email: '', cookie: '', headers: { ...member.auth, 'x-staff-request': '1' } };
    expect((await read(url(h, 'waiver'), asMember)).statusCode).toBe(401);
    expect((await saveDraft(h, 'waiver', baseOf('waiver'), asMember)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/content' })).statusCode).toBe(401);
    expect([await stored(h), await audits()]).toEqual([storedBefore, auditsBefore]);
  });

  it('publishes one version however many publish and roll back at once: no 500, exactly one published', async () => {
    const k = await createEmployer(t.db);
    for (let version = 1; version <= 3; version += 1) {
      const waiver = baseOf('waiver');
      waiver.messages['select-waiver-reason'] = `Version ${version}`;
      await saveDraft(k, 'waiver', waiver);
      if (version < 3) await publish(k, 'waiver', version);
    }
    const [publishes, rollbacks] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => publish(k, 'waiver', 3))),
      Promise.all(Array.from({ length: 10 }, (_, i) => rollback(k, 'waiver', i % 3))),
    ]);
    const statuses = [...publishes, ...rollbacks].map((response) => response.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(publishes.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(publishes.filter((response) => response.statusCode === 409)).toHaveLength(9);
    expect(await published(k, 'waiver')).toHaveLength(1);
    const versions = (await t.db.selectFrom('document_override').select('version').where('accountid', '=', k.accountid).execute()).map((row) => row.version).sort((x, y) => x - y);
    expect(versions).toEqual(Array.from({ length: versions.length }, (_, i) => i + 1));
  });

  it('the database itself refuses a second published version of one document', async () => {
    const m = await createEmployer(t.db);
    const now = new Date();
    await overrides.insertVersion(t.db, { accountid: m.accountid, documentid: 'waiver', status: 'published', patch: {}, staffId: null, now });
    await expect(overrides.insertVersion(t.db, { accountid: m.accountid, documentid: 'waiver', status: 'published', patch: {}, staffId: null, now })).rejects.toMatchObject({ code: '23505' });
  });
});
