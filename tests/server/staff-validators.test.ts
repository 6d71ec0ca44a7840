/**
 * Validators compiled for a staff draft (the console's preview of a form nobody gets yet): an implementer's valid
 * draft gets a module that validates as the draft says; a draft the editor could not save gets 400 with its
 * problems and nothing compiled; only an implementer (or admin) may compile, any staff session may read a module,
 * and nothing is written. The modules kept are bounded by count and bytes, and compiles are limited per staff user.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { standaloneRequire, type CompiledModule, type FormDocument } from '#engine/runtime/index.ts';
import type { ContentStore } from '#server/content/content-store.ts';
import { DRAFT_COMPILES_PER_MINUTE } from '#server/routes/staff/staff-validators.routes.ts';
import { DRAFT_MODULES_LIMIT, draftModulesBytes, validatedSchemas, validatorsHash } from '#server/content/validator-modules.ts';
import { databases } from './helpers/databases.ts';
import { createEmployer, registerMember } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { signInStaff, type SignedInStaff } from './staff-fixtures.ts';
import { OWN_FORM } from '../fixtures/own-step.ts';

const MODULE_PATH = /^\/api\/staff\/validators\/[0-9a-f]{64}\.js$/;

describe.each(databases())('staff draft validators on $name', (database) => {
  const t = useTestApp(database);
  let implementer: SignedInStaff;
  let viewer: SignedInStaff;
  beforeAll(async () => {
    implementer = await signInStaff(t.app, 'implementer');
    viewer = await signInStaff(t.app, 'viewer');
  });

  /** The base waiver form with a field of the employer's own, a note of at most `maxLength` characters. */
  const waiverDraft = (maxLength: number) => {
    const waiver = structuredClone((t.app.content as ContentStore).base.forms.get('waiver')!);
    (waiver.schema.properties as Record<string, Record<string, unknown>>)['waivernote'] = { type: 'string', maxLength, title: 'Note' };
    return waiver;
  };
  const compile = (document: unknown, headers: Record<string, string> = implementer.headers) =>
    t.app.inject({ method: 'POST', url: '/api/staff/validators', headers, payload: { document } as object });
  const get = (url: string, headers: Record<string, string> = { cookie: viewer.cookie }) => t.app.inject({ method: 'GET', url, headers });
  const load = async (code: string) => (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as CompiledModule;
  const overrides = async () => (await t.db.selectFrom('document_override').select('id').execute()).length;

  it("gives an implementer the module of a valid draft's validators, which a viewer may read, refusing what the draft refuses", async () => {
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
    const [waiver] = module.default(await standaloneRequire(module.helpers));
    expect(waiver!({ waivecoveragereason: 'Other', waivecoveragereasonother: 'x', waivernote: 'x'.repeat(20) })).toBe(true);
    expect(waiver!({ waivecoveragereason: 'Other', waivecoveragereasonother: 'x', waivernote: 'x'.repeat(21) })).toBe(false);
    expect(waiver!.errors?.map((error) => error.keyword)).toContain('maxLength');
    expect(await overrides()).toBe(before);
  });

  it("compiles a form of an employer's own, which no base document has", async () => {
    const response = await compile(OWN_FORM);
    expect(response.statusCode, response.body).toBe(200);
    const own = await load((await get(response.json().data.path)).body);
    const [form] = own.default(await standaloneRequire(own.helpers));
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
    expect((await compile(waiverDraft(26), { cookie: implementer.cookie })).statusCode).toBe(403);
  });

  it('lets a viewer read a module but not compile one (403): compiling is for those who may change documents', async () => {
    const response = await compile(waiverDraft(27), viewer.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/implementer/);
    expect((await get(`/api/staff/validators/${await validatorsHash(waiverDraft(27))}.js`)).statusCode).toBe(404);
  });

  it(`keeps the modules of the latest ${DRAFT_MODULES_LIMIT.count} drafts only, within ${DRAFT_MODULES_LIMIT.bytes} bytes`, async () => {
    // A staff user of its own: these compiles count against the per-user limit.
    const busy = await signInStaff(t.app, 'implementer');
    const paths: string[] = [];
    for (let i = 0; i <= DRAFT_MODULES_LIMIT.count; i += 1) {
      const response = await compile(waiverDraft(100 + i), busy.headers);
      expect(response.statusCode, response.body).toBe(200);
      paths.push(response.json().data.path);
    }
    expect((await get(paths[0]!)).statusCode).toBe(404);
    expect((await get(paths[1]!)).statusCode).toBe(200);
    expect((await get(paths.at(-1)!)).statusCode).toBe(200);
    expect(draftModulesBytes()).toBeGreaterThan(0);
    expect(draftModulesBytes()).toBeLessThanOrEqual(DRAFT_MODULES_LIMIT.bytes);
  });

  it(`answers 429 past ${DRAFT_COMPILES_PER_MINUTE} compiles a minute of one staff user, refused ones included; others go on`, async () => {
    const [busy, other] = [await signInStaff(t.app, 'implementer'), await signInStaff(t.app, 'implementer')];
    // A draft the checks refuse at once (400) still counts: the limit guards the server's time.
    const refused = { id: 'waiver', kind: 'form' };
    for (let i = 0; i < DRAFT_COMPILES_PER_MINUTE; i += 1) expect((await compile(refused, busy.headers)).statusCode).toBe(400);
    const limited = await compile(waiverDraft(40), busy.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(limited.json().message).toContain(`${DRAFT_COMPILES_PER_MINUTE} previews a minute`);
    expect((await compile(waiverDraft(40), other.headers)).statusCode).toBe(200);
  });
});
