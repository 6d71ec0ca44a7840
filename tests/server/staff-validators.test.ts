/**
 * Validators compiled for a staff draft (the console's preview of a form nobody gets yet): a viewer's valid draft
 * gets a module that validates as the draft says; a draft the editor could not save gets 400 with its problems
 * and nothing compiled; only a staff session may compile or read a module, and nothing is written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { STANDALONE_HELPERS, type CompiledModule, type FormDocument } from '#engine/core/index.ts';
import type { ContentStore } from '#server/plugins/content.plugin.ts';
import { validatedSchemas, validatorsHash } from '#server/validator-modules.ts';
import { databases } from './helpers/databases.ts';
import { createEmployer, registerMember } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { signInStaff, type SignedInStaff } from './staff-fixtures.ts';
import { OWN_FORM } from '../fixtures/own-step.ts';

const MODULE_PATH = /^\/api\/staff\/validators\/[0-9a-f]{64}\.js$/;

describe.each(databases())('staff draft validators on $name', (database) => {
  const t = useTestApp(database);
  let viewer: SignedInStaff;
  beforeAll(async () => {
    viewer = await signInStaff(t.app, 'viewer');
  });

  /** The base waiver form with a field of the employer's own, a note of at most `maxLength` characters. */
  const waiverDraft = (maxLength: number) => {
    const waiver = structuredClone((t.app.content as ContentStore).base.forms.get('waiver')!);
    (waiver.schema.properties as Record<string, Record<string, unknown>>)['waivernote'] = { type: 'string', maxLength, title: 'Note' };
    return waiver;
  };
  const compile = (document: unknown, headers: Record<string, string> = viewer.headers) =>
    t.app.inject({ method: 'POST', url: '/api/staff/validators', headers, payload: { document } as object });
  const get = (url: string, headers: Record<string, string> = { cookie: viewer.cookie }) => t.app.inject({ method: 'GET', url, headers });
  const load = async (code: string) => (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as CompiledModule;
  const overrides = async () => (await t.db.selectFrom('document_override').select('id').execute()).length;

  it("gives a viewer the module of a valid draft's validators, which refuse what the draft refuses", async () => {
    const before = await overrides();
    const response = await compile(waiverDraft(20));
    expect(response.statusCode, response.body).toBe(200);
    const { path, document } = response.json().data as { path: string; document: FormDocument };
    expect(path).toMatch(MODULE_PATH);
    expect(path).toBe(`/api/staff/validators/${await validatorsHash(document)}.js`);

    const served = await get(path);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const module = await load(served.body);
    expect(module.schemas).toEqual((await validatedSchemas(document)).map((schema) => JSON.stringify(schema)));
    const [waiver] = module.default((name) => STANDALONE_HELPERS[name]);
    expect(waiver!({ waivecoveragereason: 'Other', waivecoveragereasonother: 'x', waivernote: 'x'.repeat(20) })).toBe(true);
    expect(waiver!({ waivecoveragereason: 'Other', waivecoveragereasonother: 'x', waivernote: 'x'.repeat(21) })).toBe(false);
    expect(waiver!.errors?.map((error) => error.keyword)).toContain('maxLength');
    expect(await overrides()).toBe(before);
  });

  it("compiles a form of an employer's own, which no base document has", async () => {
    const response = await compile(OWN_FORM);
    expect(response.statusCode, response.body).toBe(200);
    const [form] = (await load((await get(response.json().data.path)).body)).default((name) => STANDALONE_HELPERS[name]);
    expect(form!({ commutemode: 'Bicycle', monthlypass: 341 })).toBe(false);
  });

  it('refuses a draft the editor could not save (400 with its problems) and compiles nothing', async () => {
    const invalid = { ...waiverDraft(30), messages: { ...waiverDraft(30).messages, 'no-such-message': 'Typo' } };
    const response = await compile(invalid);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(response.json().message).toContain('no-such-message');
    expect(response.json().fieldErrors).toHaveProperty(['/messages/no-such-message']);
    expect((await get(`/api/staff/validators/${await validatorsHash(invalid as FormDocument)}.js`)).statusCode).toBe(404);

    const flow = (t.app.content as ContentStore).base.flows.get('enrollment')!;
    expect((await compile(flow)).statusCode).toBe(400);
    expect((await compile({ ...waiverDraft(20), schema: { type: 'object', properties: { a: { type: 'nonsense' } } } })).statusCode).toBe(400);
    expect((await get('/api/staff/validators/nope.js')).statusCode).toBe(400);
  });

  it('lets only a staff session compile or read a module: none and a member token get 401', async () => {
    const path = (await compile(waiverDraft(25))).json().data.path as string;
    const member = await registerMember(t.app, await createEmployer(t.db));
    for (const headers of [{ 'x-staff-request': '1' }, { ...member.auth, 'x-staff-request': '1' }]) {
      expect((await compile(waiverDraft(26), headers)).statusCode).toBe(401);
      expect((await get(path, headers)).statusCode).toBe(401);
    }
    // A change without the CSRF header is refused before anything is compiled.
    expect((await compile(waiverDraft(26), { cookie: viewer.cookie })).statusCode).toBe(403);
  });
});
