/**
 * The browser's validators compiled ahead, as the API serves them: a form's answer names its module; the module
 * is JavaScript from our origin, immutable, that validates as the server does; a published override gets its own
 * module (compiled at publish) and the old one is no longer served for that employer; and the
 * Content-Security-Policy allows no eval.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { standaloneRequire, type CompiledModule, type FormDocument } from '#engine/runtime/index.ts';
import { validatedSchemas } from '#server/content/validator-modules.ts';
import { databases } from './helpers/databases.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { createEmployer, type TestEmployer } from './helpers/fixtures.ts';
import { putAsRead, signInStaff } from './staff-fixtures.ts';
import type { ContentStore } from '#server/content/content-store.ts';

type FormAnswer = { document: FormDocument; etag: string; validators: string };

describe.each(databases())('validators compiled ahead on $name', (database) => {
  const test = useTestApp(database);
  let employer: TestEmployer;
  beforeAll(async () => {
    employer = await createEmployer(test.db, { accountname: 'Employer V' });
  });
  const get = (url: string) => test.app.inject({ method: 'GET', url });
  const form = async (id: string, accountid?: string) =>
    (await get(`/api/content/forms/${id}${accountid ? `?accountid=${accountid}` : ''}`)).json().data as FormAnswer;
  const load = async (code: string) => (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as CompiledModule;

  it('serves a form with the path of its validators: an immutable JavaScript module from our origin', async () => {
    const answer = await form('profile');
    expect(answer.validators).toMatch(/^\/api\/content\/validators\/profile\.[0-9a-f]{64}\.js$/);
    const response = await get(answer.validators);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const module = await load(response.body);
    // The form's schema, then each part's (additional-info, ssn), each with its validator.
    expect(module.schemas).toEqual((await validatedSchemas(answer.document)).map((schema) => JSON.stringify(schema)));
    expect(module.schemas).toHaveLength(3);
    const [profile] = module.default(await standaloneRequire(module.helpers));
    expect(profile!({})).toBe(false);
    expect(profile!.errors?.map((error) => error.params)).toContainEqual({ missingProperty: 'firstname' });
    expect((await get(`/api/content/forms/profile?accountid=${employer.accountid}`)).json().data.validators).toBe(
      `${answer.validators}?accountid=${employer.accountid}`,
    );
  });

  it('answers 404 for validators that are not the form\'s current ones, 400 for a malformed name', async () => {
    expect((await get(`/api/content/validators/profile.${'0'.repeat(64)}.js`)).statusCode).toBe(404);
    expect((await get(`/api/content/validators/nope.${'0'.repeat(64)}.js`)).statusCode).toBe(404);
    expect((await get('/api/content/validators/profile.js')).statusCode).toBe(400);
    expect((await get(`/api/content/validators/profile.${'0'.repeat(64)}.js?accountid=acme`)).statusCode).toBe(400);
  });

  it("compiles a published override's validators, and the employer's old ones are no longer served", async () => {
    const staff = await signInStaff(test.app, 'implementer');
    const before = await form('waiver', employer.accountid);
    const edited = structuredClone((test.app.content as ContentStore).base.forms.get('waiver')!);
    // A field of the employer's own (the waiver's own fields are locked).
    (edited.schema.properties as Record<string, Record<string, unknown>>)['waivernote'] = { type: 'string', maxLength: 40, title: 'Note' };
    const url = `/api/staff/employers/${employer.accountid}/content/waiver`;
    const draft = await putAsRead(test.app, staff, `${url}/draft`, { document: edited }, url);
    expect(draft.statusCode, draft.body).toBe(200);
    const published = await test.app.inject({ method: 'POST', url: `${url}/publish`, headers: staff.headers, payload: { version: draft.json().data.version, etag: draft.json().data.etag } });
    expect(published.statusCode, published.body).toBe(200);

    const after = await form('waiver', employer.accountid);
    expect(after.validators).not.toBe(before.validators);
    expect((await get(before.validators)).statusCode).toBe(404);
    const module = await load((await get(after.validators)).body);
    const [waiver] = module.default(await standaloneRequire(module.helpers));
    expect(waiver!({ waivecoveragereason: 'Other', waivecoveragereasonother: 'x', waivernote: 'x'.repeat(40) })).toBe(true);
    expect(waiver!({ waivecoveragereason: 'Other', waivecoveragereasonother: 'x', waivernote: 'x'.repeat(41) })).toBe(false);
    // Another employer still gets the base document's.
    expect((await form('waiver', randomUUID())).validators.split('?')[0]).toBe(before.validators.split('?')[0]);
  });

  it('sends a Content-Security-Policy whose scripts are our own, without eval', async () => {
    const csp = String((await get('/api/Version/test')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-eval');
  });
});
