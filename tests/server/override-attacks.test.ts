/**
 * Issue 19's attacks, one employer, through the staff API as an implementer would try them: each is refused at save
 * with its JSON pointer (so the editor marks the line), or is harmless once published; and afterwards the product
 * still sells a plan to that employer's employee. The cases in depth are in override-surface.test.ts (locks),
 * staff-content-calls.test.ts (calls), override-patterns.test.ts (patterns), employer-fields.test.ts (own fields),
 * staff-content.test.ts (tags), enrollment-invariants.test.ts (the server's invariants); docs/security.md lists them.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAMILY_TIERS } from '#domain/enrollment/contribution.ts';
import type { FlowDocument, FormDocument } from '#engine/runtime/index.ts';
import type { ContentStore } from '#server/content/content-store.ts';
import { databases } from './helpers/databases.ts';
import { registerMember, TEST_PROFILE, type RegisteredMember } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { FIXTURE_COUNTY, FIXTURE_ZIP, fixturePlanPremiums, HSA_PLAN } from './plan-premiums.fixture.ts';
import { publishRules, putAsRead, signInStaff, type SignedInStaff } from './staff-fixtures.ts';
import { OWN_FORM, OWN_FORM_ID } from '../fixtures/own-step.ts';

const YEAR = new Date().getUTCFullYear();
/** Early in the plan year, so effective dates are offered whatever the real date. */
const NOW = () => new Date(`${YEAR}-03-10T12:00:00Z`);

describe.each(databases())('the attacks on overrides on $name', (database) => {
  const t = useTestApp(database, { now: NOW, planPremiums: fixturePlanPremiums });
  let implementer: SignedInStaff;
  let other: SignedInStaff;
  let accountid: string;
  let member: RegisteredMember;

  const base = () => (t.app.content as ContentStore).base;
  const flow = () => structuredClone(base().flows.get('enrollment')!) as FlowDocument;
  const profile = () => structuredClone(base().forms.get('profile')!) as FormDocument;
  const properties = (form: FormDocument) => form.schema.properties as Record<string, Record<string, unknown>>;
  const url = (documentid: string, tail = '') => `/api/staff/employers/${accountid}/content/${documentid}${tail}`;
  const saveDraft = (documentid: string, document: unknown, who = implementer) =>
    putAsRead(t.app, who, url(documentid, '/draft'), { document } as object, url(documentid));
  const publish = (documentid: string, draft: { version: number; etag: string }) =>
    t.app.inject({ method: 'POST', url: url(documentid, '/publish'), headers: implementer.headers, payload: { version: draft.version, etag: draft.etag } });
  async function saveAndPublish(documentid: string, document: unknown) {
    const saved = await saveDraft(documentid, document);
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await publish(documentid, saved.json().data);
    expect(published.statusCode, published.body).toBe(200);
  }
  const storedVersions = async () => (await t.db.selectFrom('document_override').select('id').where('accountid', '=', accountid).execute()).length;
  /** Saves the draft, expects 400 with a problem at `pointer`, and that nothing was stored. */
  async function refusedAt(documentid: string, document: unknown, pointer: string) {
    const before = await storedVersions();
    const response = await saveDraft(documentid, document);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().fieldErrors), response.body).toContain(pointer);
    expect(await storedVersions()).toBe(before);
  }
  const memberCall = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object, headers: object = {}) =>
    t.app.inject({ method, url: path, headers: { ...member.auth, ...headers }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    implementer = await signInStaff(t.app, 'implementer');
    other = await signInStaff(t.app, 'implementer');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/staff/employers',
      headers: implementer.headers,
      payload: { name: 'Attacked Inc', email: null, planyear: YEAR, employeazecustomer: 1, hsaonly: 0, edoc_period: null, broker: null },
    });
    accountid = created.json().data.accountid;
    const rules = FAMILY_TIERS.map((tier) => ({ contributionclass: 'ALL', ageMin: 0, ageMax: 120, tier, state: null, ratingArea: null, amount: 450 }));
    expect((await publishRules(t.app, implementer, accountid, rules)).statusCode).toBe(200);
    member = await registerMember(t.app, { accountid, accountname: 'Attacked Inc', teamid: randomUUID() });
  });

  it('refuses at save, at its pointer: the ICHRA acknowledgment never shown, the cart switched off', async () => {
    const never = flow();
    never.steps['ichra-acknowledgment']!.when = { '==': [1, 2] };
    await refusedAt('enrollment', never, '/steps/ichra-acknowledgment/when');
    const noCart = flow();
    noCart.steps.cart!.when = false;
    await refusedAt('enrollment', noCart, '/steps/cart/when');
  });

  it("refuses at save the profile's data sent to the event log, a call to another origin, a DELETE of the member", async () => {
    const logged = flow();
    logged.steps.profile!.calls!.submit!.push({ id: 'log', method: 'POST', path: '/api/LogFact/v2', body: { '/data': '/data' } });
    await refusedAt('enrollment', logged, '/steps/profile/calls/submit');
    for (const call of [
      { id: 'away', method: 'GET', path: '//evil.example/collect' },
      { id: 'gone', method: 'DELETE', path: '/api/Member/{loaded.member.id}' },
    ] as const) {
      const own = flow();
      own.steps = { ...own.steps, extra: { title: 'Extra', order: 1.5, form: 'profile', calls: { submit: [call] } } };
      await refusedAt('enrollment', own, '/steps/extra/calls/submit/0/path');
    }
  });

  it('refuses at save the fields the money rules read made optional: date of birth, ZIP, gender, state', async () => {
    for (const field of ['birthdate', 'postalcode', 'gender', 'stateorprovince']) {
      const loosened = profile();
      loosened.schema.required = (loosened.schema.required as string[]).filter((name) => name !== field);
      await refusedAt('profile', loosened, '/schema/required');
    }
  });

  it('refuses at save a computed variable, a variable the form does not declare, an $id in the schema and a pattern the linear engine cannot run', async () => {
    const computed = flow();
    computed.steps['additional-services']!.when = { '==': [{ var: { cat: ['employer.', 'employeazecustomer'] } }, 1] };
    const response = await saveDraft('enrollment', computed);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors).some((pointer) => pointer.startsWith('/steps/additional-services/when'))).toBe(true);
    const named = profile();
    (named.schema as Record<string, unknown>).$id = 'https://evil.example/profile';
    await refusedAt('profile', named, '/schema/$id');
    // A rule reading a field the form does not have (a typo) would hold or fail for everyone: refused at the var.
    const misread = profile();
    misread.rules = [...misread.rules!, { id: 'pcp-known', when: { '!!': { var: 'data.pcpnumber' } }, assert: true, path: '/pcpname', message: 'dob-range' }];
    await refusedAt('profile', misread, `/rules/${misread.rules.length - 1}/when/!!/var`);
    const lookahead = profile();
    properties(lookahead).pcpname!.pattern = '^(?=a)a+$';
    await refusedAt('profile', lookahead, '/schema/properties/pcpname/pattern');
  });

  it("refuses at save a step of the employer's own that could stop its employees: a condition for Next, a call that must succeed, a required answer", async () => {
    const stuck = flow();
    stuck.steps = { ...stuck.steps, survey: { title: 'Survey', order: 0.5, canProceed: false } };
    await refusedAt('enrollment', stuck, '/steps/survey/canProceed');
    const recorded = flow();
    recorded.steps = { ...recorded.steps, survey: { title: 'Survey', order: 0.5, calls: { submit: [{ id: 'record', method: 'POST', path: '/api/LogFact/v2', body: { '/title': { value: 'SURVEY' } } }] } } };
    await refusedAt('enrollment', recorded, '/steps/survey/calls/submit/0/optional');
    await refusedAt(OWN_FORM_ID, { ...OWN_FORM, schema: { ...OWN_FORM.schema, required: ['commutemode'] } }, '/schema/required');
  });

  it('refuses a publish of a draft changed since it was read, naming who changed it', async () => {
    const text = (words: string) => {
      const document = profile();
      document.messages['pcpname-required'] = words;
      return document;
    };
    const mine = await saveDraft('profile', text('Please name your doctor.'));
    expect(mine.statusCode, mine.body).toBe(200);
    expect((await saveDraft('profile', text('Doctor, please.'), other)).statusCode).toBe(200);
    const refused = await publish('profile', mine.json().data);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'DRAFT_CHANGED', data: { changedBy: other.email } });
  });

  it('refuses at save a field named like a member every JavaScript object has (constructor, toString, valueOf, hasOwnProperty), and such a name in ui:order', async () => {
    // Published, each such optional field read the object's own member as the answer: no employee could save the profile.
    for (const name of ['constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
      const named = profile();
      properties(named)[name] = { type: 'string', maxLength: 20, title: 'Badge' };
      await refusedAt('profile', named, `/schema/properties/${name}`);
    }
    const ordered = profile();
    ordered.uiSchema = { ...ordered.uiSchema, 'ui:order': ['toString', ...(ordered.uiSchema!['ui:order'] as string[])] };
    await refusedAt('profile', ordered, '/uiSchema/ui:order');
  });

  it('publishes what is allowed (Additional Services off, a required Employee ID, ^(a+)+$ on PCP Name), and the product still sells a plan', async () => {
    const noServices = flow();
    noServices.steps['additional-services']!.when = false;
    await saveAndPublish('enrollment', noServices);
    const tailored = profile();
    properties(tailored).employeeid = { type: 'string', maxLength: 20, title: 'Employee ID' };
    tailored.schema.required = [...(tailored.schema.required as string[]), 'employeeid'];
    properties(tailored).pcpname!.pattern = '^(a+)+$';
    // Drafts of this document were saved by the test before: name the current one's tag.
    const current = (await t.app.inject({ method: 'GET', url: url('profile'), headers: implementer.headers })).json().data.draft as { etag: string } | null;
    const saved = await t.app.inject({ method: 'PUT', url: url('profile', '/draft'), headers: { ...implementer.headers, ...(current ? { 'if-match': current.etag } : {}) }, payload: { document: tailored } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await publish('profile', saved.json().data)).statusCode).toBe(200);

    // The worst input for ^(a+)+$ is answered at once (a backtracking engine would never finish this test).
    const worst = await memberCall('PUT', '/api/Member', { member: { ...TEST_PROFILE, pcpname: `${'a'.repeat(40)}!`, employeeid: 'E-7' } });
    expect(worst.statusCode).toBe(400);
    expect(Object.keys(worst.json().fieldErrors)).toEqual(['/member/pcpname']);
    // Without the employer's own required field the profile asks for it; with it, it is stored.
    expect((await memberCall('PUT', '/api/Member', { member: { ...TEST_PROFILE, pcpname: 'aaa' } })).json().fieldErrors).toEqual({ '/member/employeeid': ['This field is required.'] });
    const saved2 = await memberCall('PUT', '/api/Member', { member: { ...TEST_PROFILE, pcpname: 'aaa', employeeid: 'E-7' } });
    expect(saved2.statusCode, saved2.body).toBe(200);

    const [effectivedate] = (await memberCall('GET', '/api/EffectiveDates')).json().data.effectivedates as string[];
    const purchase = { effectivedate, healthoption: 'buy', planid: HSA_PLAN, postalcode: FIXTURE_ZIP, countycode: FIXTURE_COUNTY, hsamonthly: 0 };
    // The server asks for the ICHRA certification whatever a flow shows.
    const unacknowledged = await memberCall('POST', '/api/Enrollment/Authorize', purchase, { 'idempotency-key': randomUUID() });
    expect(unacknowledged.statusCode).toBe(400);
    expect(Object.keys(unacknowledged.json().fieldErrors)).toEqual(['/ichraacknowledged']);
    const bought = await memberCall('POST', '/api/Enrollment/Authorize', { ...purchase, ichraacknowledged: true }, { 'idempotency-key': randomUUID() });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().data.orders.map((order: { category: string }) => order.category)).toEqual(['healthinsurance']);
    const recorded = await t.db.selectFrom('enrollment').selectAll().where('memberid', '=', member.memberId).executeTakeFirstOrThrow();
    expect(recorded.documentversions).toMatchObject({ enrollment: expect.any(Number), profile: expect.any(Number) });
  });
});
