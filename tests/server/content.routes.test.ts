import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateFlow, type FlowDocument, type FormDocument } from '#engine/core/index.ts';
import * as overrides from '#db/repositories/document-override.repository.ts';
import { databases } from './helpers/databases.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { createEmployer, type TestEmployer } from './helpers/fixtures.ts';

const waiveContext = { employer: { hsaonly: 0, employeazecustomer: 1 }, choice: { option: 'waive' } };
const NEW_REASON_TEXT = 'Choose why you are waiving coverage.';

describe.each(databases())('content and staff override routes on $name', (database) => {
  const test = useTestApp(database);
  let a: TestEmployer;
  let b: TestEmployer;
  let staff: Record<string, string>;
  beforeAll(async () => {
    a = await createEmployer(test.db, { accountname: 'Employer A' });
    b = await createEmployer(test.db, { accountname: 'Employer B' });
    staff = { 'x-staff-key': test.config.STAFF_API_KEY, 'x-staff-request': '1' };
  });

  const get = (url: string, headers: Record<string, string> = {}) => test.app.inject({ method: 'GET', url, headers });
  const form = async (id: string, accountid?: string) =>
    (await get(`/api/content/forms/${id}${accountid ? `?accountid=${accountid}` : ''}`)).json().data as { document: FormDocument; etag: string };
  const flow = async (accountid: string) => (await get(`/api/content/flows/enrollment?accountid=${accountid}`)).json().data as { document: FlowDocument; etag: string };
  const createDraft = (body: unknown, headers = staff) => test.app.inject({ method: 'POST', url: '/api/staff/overrides', headers, payload: body as object });
  const act = (id: string, action: 'publish' | 'retire', headers = staff) => test.app.inject({ method: 'POST', url: `/api/staff/overrides/${id}/${action}`, headers });

  describe('GET /api/content/{forms|flows}/{id}', () => {
    it('answers the base document with its etag, and 304 when the browser already has it', async () => {
      const response = await get('/api/content/forms/waiver');
      expect(response.statusCode).toBe(200);
      const { document, etag } = response.json().data;
      expect(document).toMatchObject({ id: 'waiver', kind: 'form', messages: { 'select-waiver-reason': 'Please select a waiver reason' } });
      expect(response.headers.etag).toBe(etag);
      const again = await get('/api/content/forms/waiver', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect((await get('/api/content/forms/waiver', { 'if-none-match': '"other"' })).statusCode).toBe(200);
    });

    it('serves bundled forms (shared pieces inlined) and the flow', async () => {
      const { document } = await form('profile');
      expect(document.schema.definitions).toHaveProperty('dependent');
      expect(JSON.stringify(document)).not.toMatch(/\.schema\.json/);
      const flowAnswer = await get('/api/content/flows/enrollment');
      expect(flowAnswer.json().data.document).toMatchObject({ id: 'enrollment', kind: 'flow' });
    });

    it('answers 404 for an unknown document or the wrong kind, 400 for a bad employer id', async () => {
      expect((await get('/api/content/forms/nope')).json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      expect((await get('/api/content/forms/nope')).statusCode).toBe(404);
      expect((await get('/api/content/flows/profile')).statusCode).toBe(404);
      expect((await get('/api/content/forms/enrollment')).statusCode).toBe(404);
      expect((await get('/api/content/forms/waiver?accountid=acme')).statusCode).toBe(400);
    });
  });

  describe('staff overrides', () => {
    it('require the staff key', async () => {
      const body = { accountid: a.accountid, documentid: 'waiver', patch: {} };
      for (const headers of [{ 'x-staff-request': '1' }, { 'x-staff-key': 'wrong', 'x-staff-request': '1' }] as Record<string, string>[]) {
        const response = await createDraft(body, headers);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      }
      expect((await get('/api/staff/overrides')).statusCode).toBe(401);
      expect((await act(randomUUID(), 'publish', { 'x-staff-request': '1' })).statusCode).toBe(401);
    });

    it('refuse a patch whose merged document is invalid, naming the reason', async () => {
      const badKeyword = await createDraft({ accountid: a.accountid, documentid: 'waiver', patch: { errorMessages: { '/waivecoveragereason': { '*': 'no-such-message' } } } });
      expect(badKeyword.statusCode).toBe(400);
      expect(badKeyword.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: expect.stringContaining("no message 'no-such-message'") });

      const badLogic = await createDraft({ accountid: a.accountid, documentid: 'enrollment', patch: { steps: { cart: { when: { log: 1 } } } } });
      expect(badLogic.statusCode).toBe(400);
      expect(badLogic.json().message).toContain('operation not allowed: log');

      const badSchema = await createDraft({ accountid: a.accountid, documentid: 'waiver', patch: { schema: { properties: { waivecoveragereason: { type: 'strung' } } } } });
      expect(badSchema.statusCode).toBe(400);

      const badKind = await createDraft({ accountid: a.accountid, documentid: 'waiver', patch: { kind: 'flow' } });
      expect(badKind.statusCode).toBe(400);

      expect((await createDraft({ accountid: a.accountid, documentid: 'nope', patch: {} })).statusCode).toBe(404);
      expect((await createDraft({ accountid: randomUUID(), documentid: 'waiver', patch: {} })).statusCode).toBe(404);
      expect((await createDraft({ accountid: a.accountid, documentid: 'waiver' })).statusCode).toBe(400);
    });

    it("change only employer A's documents, and only once published", async () => {
      const baseWaiver = await form('waiver', a.accountid);
      const baseFlow = await flow(a.accountid);

      const messageDraft = await createDraft({ accountid: a.accountid, documentid: 'waiver', patch: { messages: { 'select-waiver-reason': NEW_REASON_TEXT } } });
      expect(messageDraft.statusCode).toBe(201);
      expect(messageDraft.json().data).toMatchObject({ accountid: a.accountid, documentid: 'waiver', version: 1, status: 'draft', publishedon: null });
      const stepDraft = await createDraft({ accountid: a.accountid, documentid: 'enrollment', patch: { steps: { 'additional-services': { when: false } } } });
      expect(stepDraft.statusCode).toBe(201);

      // A draft is not served, but staff can preview it.
      expect((await form('waiver', a.accountid)).document.messages['select-waiver-reason']).toBe('Please select a waiver reason');
      const preview = await get(`/api/staff/overrides/${messageDraft.json().data.id}/preview`, staff);
      expect(preview.json().data.document.messages['select-waiver-reason']).toBe(NEW_REASON_TEXT);

      expect((await act(messageDraft.json().data.id, 'publish')).json().data).toMatchObject({ status: 'published', publishedon: expect.any(String) });
      expect((await act(stepDraft.json().data.id, 'publish')).statusCode).toBe(200);

      const waiverA = await form('waiver', a.accountid);
      expect(waiverA.document.messages['select-waiver-reason']).toBe(NEW_REASON_TEXT);
      expect(waiverA.etag).not.toBe(baseWaiver.etag);
      const stepsA = evaluateFlow((await flow(a.accountid)).document, waiveContext);
      expect(stepsA[2]!.tabs!.map((s) => s.title)).toEqual(['Contributions', 'Your Cart']);
      expect((await flow(a.accountid)).etag).not.toBe(baseFlow.etag);

      // Employer B and the base documents are unaffected.
      expect((await form('waiver', b.accountid)).document.messages['select-waiver-reason']).toBe('Please select a waiver reason');
      expect(evaluateFlow((await flow(b.accountid)).document, waiveContext)[2]!.tabs!.map((s) => s.title)).toEqual(['Contributions', 'Additional Services', 'Your Cart']);
      expect((await form('waiver')).etag).toBe(baseWaiver.etag);

      // Server-side validation uses the employer's document too.
      await expect(test.app.content.validate('waiver', a.accountid, {}, { pointerPrefix: '/memberAccount' })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        statusCode: 400,
        message: NEW_REASON_TEXT,
        fieldErrors: { '/memberAccount/waivecoveragereason': [NEW_REASON_TEXT] },
      });
      expect(await test.app.content.check('waiver', b.accountid, {})).toEqual({ '/waivecoveragereason': ['Please select a waiver reason'] });
    });

    it('version per employer and document, retire the previous version on publish, and stop serving a retired one', async () => {
      const second = await createDraft({ accountid: a.accountid, documentid: 'waiver', patch: { messages: { 'enter-waiver-reason': 'Tell us why.' } } });
      expect(second.json().data.version).toBe(2);
      expect((await act(second.json().data.id, 'publish')).statusCode).toBe(200);

      const listed = (await get(`/api/staff/overrides?accountid=${a.accountid}&documentid=waiver`, staff)).json().data as Array<{ version: number; status: string }>;
      expect(listed.map((o) => [o.version, o.status])).toEqual([
        [1, 'retired'],
        [2, 'published'],
      ]);
      const waiver = (await form('waiver', a.accountid)).document;
      expect(waiver.messages['enter-waiver-reason']).toBe('Tell us why.');
      expect(waiver.messages['select-waiver-reason']).toBe('Please select a waiver reason');

      expect((await act(second.json().data.id, 'publish')).statusCode).toBe(409);
      expect((await act(second.json().data.id, 'retire')).json().data.status).toBe('retired');
      expect((await act(second.json().data.id, 'retire')).statusCode).toBe(409);
      expect((await form('waiver', a.accountid)).document.messages['enter-waiver-reason']).toBe('Please enter a waiver reason');
      expect((await act(randomUUID(), 'publish')).statusCode).toBe(404);
    });
  });

  describe('overrides cannot break rules', () => {
    let c: TestEmployer;
    beforeAll(async () => {
      c = await createEmployer(test.db, { accountname: 'Employer C' });
    });
    const storedFor = async (accountid: string) => (await overrides.list(test.db, { accountid })).length;
    const refused = async (documentid: string, patch: unknown) => {
      const response = await createDraft({ accountid: c.accountid, documentid, patch });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', fieldErrors: { '/patch': expect.any(Array) } });
      return response.json().message as string;
    };
    const profileContext = (employeazecustomer: number) => ({ employer: { hsaonly: 0, employeazecustomer }, choice: { option: 'buy' } });

    it('replaces a condition the patch touches: != changed to == is ==, not an always-true object of both', async () => {
      const patch = { steps: { profile: { canProceed: { '==': [{ var: 'employer.employeazecustomer' }, 2] } } } };
      const draft = await createDraft({ accountid: c.accountid, documentid: 'enrollment', patch });
      expect(draft.statusCode, draft.body).toBe(201);
      const preview = (await get(`/api/staff/overrides/${draft.json().data.id}/preview`, staff)).json().data.document as FlowDocument;
      expect(preview.steps.profile!.canProceed).toEqual({ '==': [{ var: 'employer.employeazecustomer' }, 2] });
      expect((await act(draft.json().data.id, 'publish')).statusCode).toBe(200);
      const served = (await flow(c.accountid)).document;
      expect(evaluateFlow(served, profileContext(1))[0]!.canProceed).toBe(false);
      expect(evaluateFlow(served, profileContext(2))[0]!.canProceed).toBe(true);
      expect((await act(draft.json().data.id, 'retire')).statusCode).toBe(200);
    });

    it('refuses each broken rule with a 400 naming it, and stores nothing', async () => {
      const before = await storedFor(c.accountid);
      // A condition with the wrong number of arguments, and two operators in one object (inside an `and`).
      expect(await refused('enrollment', { steps: { cart: { when: { '==': [{ var: 'choice.option' }] } } } })).toContain("/steps/cart/when: '==' takes 2 arguments, not 1");
      expect(await refused('enrollment', { steps: { cart: { when: { and: [{ '!=': [1, 2], '==': [1, 1] }] } } } })).toContain("/steps/cart/when/and/0: an object must be one operation, not '!=' and '=='");
      expect(await refused('profile', { rules: [{ id: 'r', assert: { date_between: [{ var: 'data.birthdate' }, '1941-01-01'] }, path: '/birthdate', message: 'dob-range' }] })).toContain(
        "/rules/0/assert: 'date_between' takes 3 arguments, not 2",
      );
      // A message key the base document does not know: a typo is refused, naming the key.
      expect(await refused('profile', { messages: { 'dob-rnage': 'DOB must be after 1950.' } })).toContain('messages.dob-rnage is not a message of profile');
      expect(await refused('profile', { rules: [{ id: 'r', assert: true, path: '/birthdate', message: 'dob-rnage' }] })).toContain("/rules/0/message: no message 'dob-rnage'");
      expect(await refused('enrollment', { messages: { next: 'Go' } })).toContain('messages.next is not a message of enrollment');
      // The meta-schema in strict mode: no unknown member, no unknown JSON Schema keyword.
      expect(await refused('waiver', { rules: [{ id: 'r', assert: true, path: '/x', message: 'select-waiver-reason', severity: 'high' }] })).toContain("must NOT have additional properties 'severity'");
      expect(await refused('waiver', { schema: { properties: { waivecoveragereason: { minLenght: 3 } } } })).toMatch(/\/schema: .*minLenght/);
      expect(await storedFor(c.accountid)).toBe(before);
    });

    it('refuses a patch over the size limit (a 1 MB override) with a 400, storing nothing', async () => {
      const before = await storedFor(c.accountid);
      for (const size of [65 * 1024, 1000 * 1024]) {
        const message = await refused('waiver', { messages: { 'select-waiver-reason': 'x'.repeat(size) } });
        expect(message).toMatch(/^The override is refused: the patch is \d+ bytes; at most 65536 are allowed\.$/);
      }
      expect(await storedFor(c.accountid)).toBe(before);
    });

    it('refuses a patch nested 5,000 levels deep with a 400, not a 500, storing nothing', async () => {
      const before = await storedFor(c.accountid);
      const levels = 5000;
      const payload = `{"accountid":"${c.accountid}","documentid":"waiver","patch":${'{"schema":'.repeat(levels)}1${'}'.repeat(levels)}}`;
      const response = await test.app.inject({ method: 'POST', url: '/api/staff/overrides', headers: { ...staff, 'content-type': 'application/json' }, payload });
      expect(response.statusCode).toBe(400);
      // The request-wide depth limit (src/server/input-limits.ts) refuses it before the override checks run.
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      const list = `{"accountid":"${c.accountid}","documentid":"waiver","patch":{"a":${'['.repeat(levels)}${']'.repeat(levels)}}}`;
      const listed = await test.app.inject({ method: 'POST', url: '/api/staff/overrides', headers: { ...staff, 'content-type': 'application/json' }, payload: list });
      expect(listed.statusCode).toBe(400);
      expect(await storedFor(c.accountid)).toBe(before);
    });

    it('checks a stored draft again at preview and publish: 400, nothing published, employees keep the base', async () => {
      // Drafts stored before these rules existed (written straight to the table).
      const typo = await overrides.insertDraft(test.db, { accountid: c.accountid, documentid: 'profile', patch: { messages: { 'dob-rnage': 'Typo' } } });
      let deep: unknown = 1;
      for (let i = 0; i < 40; i += 1) deep = { uiSchema: deep };
      const tooDeep = await overrides.insertDraft(test.db, { accountid: c.accountid, documentid: 'profile', patch: deep });
      for (const row of [typo, tooDeep]) {
        const preview = await get(`/api/staff/overrides/${row.id}/preview`, staff);
        expect(preview.statusCode).toBe(400);
        const publish = await act(row.id, 'publish');
        expect(publish.statusCode).toBe(400);
        expect((await overrides.findById(test.db, row.id))!.status).toBe('draft');
      }
      expect((await get(`/api/staff/overrides/${typo.id}/preview`, staff)).json().message).toContain('messages.dob-rnage is not a message of profile');
      expect((await act(tooDeep.id, 'publish')).json().message).toBe('The override is refused: the patch is nested more than 32 levels deep.');
      expect(await overrides.findPublished(test.db, c.accountid, 'profile')).toBeUndefined();
      expect((await form('profile', c.accountid)).etag).toBe((await form('profile')).etag);
    });
  });

  describe('app.content.validate', () => {
    it("answers 400 with the first field message and prefixed pointers, and gives rules today's date", async () => {
      const error = await test.app.content
        .validate('profile', null, { firstname: 'Ada', birthdate: '2999-01-01' }, { pointerPrefix: '/member' })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', statusCode: 400, message: 'Last Name is required' });
      expect((error as { fieldErrors: Record<string, string[]> }).fieldErrors['/member/birthdate']).toEqual(['DOB must be between 1941-01-01 and today.']);
      await expect(test.app.content.validate('login', null, { email: 'a@b.co', password: 'x' })).resolves.toBeUndefined();
    });
  });
});
