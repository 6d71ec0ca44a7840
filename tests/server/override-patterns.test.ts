/**
 * An override's pattern cannot hang the server or a browser (docs/security.md): patterns run on a linear-time
 * engine (RE2). An implementer publishes `^(a+)+$` on PCP Name, which took a backtracking engine 77 s on 34
 * characters; an employee's profile save with the worst input for it is answered at once (400, the pattern's
 * message), and so is the same input in the validators the browser gets. Were the pattern backtracking, these
 * saves would not end: no clock is read. A pattern RE2 cannot run (a lookahead, a backreference) is refused at save,
 * at its pointer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { standaloneRequire, type CompiledModule, type FormDocument } from '#engine/runtime/index.ts';
import type { ContentStore } from '#server/content/content-store.ts';
import { databases } from './helpers/databases.ts';
import { createEmployer, registerMember, TEST_PROFILE, type TestEmployer } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { putAsRead, signInStaff, type SignedInStaff } from './staff-fixtures.ts';

/** Every split of the a's between the inner and the outer `+` fails on the '!': 2^99 tries for a backtracking engine. */
const WORST = `${'a'.repeat(99)}!`;

describe.each(databases())('patterns of overrides on $name', (database) => {
  const t = useTestApp(database);
  let implementer: SignedInStaff;
  beforeAll(async () => {
    implementer = await signInStaff(t.app, 'implementer');
  });

  /** The base profile form with this pattern on PCP Name, as the editor would send it. */
  const profileWithPattern = (pattern: string) => {
    const profile = structuredClone((t.app.content as ContentStore).base.forms.get('profile')!);
    (profile.schema.properties as Record<string, Record<string, unknown>>)['pcpname']!['pattern'] = pattern;
    return profile;
  };
  const url = (employer: TestEmployer, tail: string) => `/api/staff/employers/${employer.accountid}/content/profile${tail}`;
  const saveDraft = (employer: TestEmployer, document: unknown) =>
    putAsRead(t.app, implementer, url(employer, '/draft'), { document } as object, url(employer, ''));
  const publish = (employer: TestEmployer, draft: { version: number; etag: string }) =>
    t.app.inject({ method: 'POST', url: url(employer, '/publish'), headers: implementer.headers, payload: { version: draft.version, etag: draft.etag } });
  const load = async (code: string) => (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as CompiledModule;

  it('answers at once a profile save with the worst input for a published ^(a+)+$, on the server and in the browser validators', async () => {
    const employer = await createEmployer(t.db);
    const saved = await saveDraft(employer, profileWithPattern('^(a+)+$'));
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await publish(employer, saved.json().data)).statusCode).toBe(200);

    const member = await registerMember(t.app, employer);
    const save = (pcpname: string) =>
      t.app.inject({ method: 'PUT', url: '/api/Member', headers: member.auth, payload: { member: { ...TEST_PROFILE, pcpname } } });
    const refused = await save(WORST);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fieldErrors)).toEqual([expect.stringMatching(/pcpname$/)]);
    // The pattern still means what it says.
    expect((await save('aaaa')).statusCode).toBe(200);

    const served = (await t.app.inject({ method: 'GET', url: `/api/content/forms/profile?accountid=${employer.accountid}` })).json().data as {
      document: FormDocument;
      validators: string;
    };
    const code = (await t.app.inject({ method: 'GET', url: served.validators })).body;
    expect(code).toContain('require("linear-regexp")');
    const module = await load(code);
    const [profile] = module.default(await standaloneRequire(module.helpers));
    expect(profile!({ ...TEST_PROFILE, pcpname: WORST })).toBe(false);
    expect(profile!.errors?.map((error) => [error.instancePath, error.keyword])).toEqual([['/pcpname', 'pattern']]);
  });

  it('refuses at save a pattern the linear-time engine cannot run, at its pointer; nothing is stored', async () => {
    const employer = await createEmployer(t.db);
    for (const pattern of ['^(?!test)[a-z]+$', '^(a)\\1$']) {
      const response = await saveDraft(employer, profileWithPattern(pattern));
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fieldErrors)).toEqual(['/schema/properties/pcpname/pattern']);
      expect(response.json().fieldErrors['/schema/properties/pcpname/pattern'][0]).toMatch(/linear-time engine \(RE2\)/);
    }
    expect(await t.db.selectFrom('document_override').select('id').where('accountid', '=', employer.accountid).execute()).toEqual([]);
  });
});
