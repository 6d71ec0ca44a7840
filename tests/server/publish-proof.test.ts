/**
 * A publish is a proof (issue 33, docs/decisions/045-a-publish-is-a-proof.md): each change of issue 33's lists
 * "Lock-outs that pass every check" and "Steps that pretend" is saved as a draft (every check of a draft passes)
 * and refused at publish with 400 PROOF_FAILED, the problem naming its case, step and field, with the pointer the
 * editor marks; nothing is published. A change that stops nobody publishes; a census employee is walked as
 * themselves; a roll back is proven too. src/server/content/publish-proof.ts is the walk.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ENROLLING_CASES } from '#domain/enrollment/enrollment-cases.ts';
import * as overrides from '#db/repositories/employer/document-override.repository.ts';
import type { FlowDocument, FormDocument } from '#engine/runtime/index.ts';
import type { ContentStore } from '#server/content/content-store.ts';
import { databases } from './helpers/databases.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { putAsRead, signInStaff, type SignedInStaff } from './staff-fixtures.ts';

const YEAR = new Date().getUTCFullYear();
/** Early in the plan year, so effective dates are offered whatever the real date. */
const NOW = () => new Date(`${YEAR}-03-10T12:00:00Z`);

type Problem = { case: string | null; cases: string[]; step: string | null; field: string | null; document: string; pointer: string | null; employee: string | null; message: string; sentence: string };

describe.each(databases())('the publish proof on $name', (database) => {
  const t = useTestApp(database, { now: NOW });
  let implementer: SignedInStaff;

  const base = () => (t.app.content as ContentStore).base;
  const flow = () => structuredClone(base().flows.get('enrollment')!) as FlowDocument & { steps: Record<string, Record<string, unknown>> };
  const form = (id: string) => structuredClone(base().forms.get(id)!) as FormDocument & { schema: any; uiSchema: any; rules: any[] };

  async function newEmployer(name: string): Promise<string> {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/staff/employers',
      headers: implementer.headers,
      payload: { name, email: null, planyear: YEAR, employeazecustomer: 1, hsaonly: 0, edoc_period: null, broker: null },
    });
    expect(created.statusCode, created.body).toBe(200);
    return created.json().data.accountid as string;
  }
  const url = (accountid: string, documentid: string, tail = '') => `/api/staff/employers/${accountid}/content/${documentid}${tail}`;
  /** Saves the document as the employer's draft (as the editor does: on the draft it read); every check of a draft must pass. */
  async function saveDraft(accountid: string, documentid: string, document: unknown): Promise<{ version: number; etag: string }> {
    const saved = await putAsRead(t.app, implementer, url(accountid, documentid, '/draft'), { document } as object, url(accountid, documentid));
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json().data;
  }
  const publish = (accountid: string, documentid: string, draft: { version: number; etag: string }) =>
    t.app.inject({ method: 'POST', url: url(accountid, documentid, '/publish'), headers: implementer.headers, payload: { version: draft.version, etag: draft.etag } });
  const publishedCount = async (accountid: string) =>
    (await t.db.selectFrom('document_override').select('id').where('accountid', '=', accountid).where('status', '=', 'published').execute()).length;

  /** Saves the draft, publishes it and expects the proof to refuse it with `expected` among its problems; nothing is published. */
  async function refusedAtPublish(accountid: string, documentid: string, document: unknown, expected: Partial<Omit<Problem, 'message'>> & { message: RegExp }): Promise<Problem> {
    const before = await publishedCount(accountid);
    const response = await publish(accountid, documentid, await saveDraft(accountid, documentid, document));
    expect(response.statusCode, response.body).toBe(400);
    const answer = response.json();
    expect(answer).toMatchObject({ success: false, code: 'PROOF_FAILED', message: expect.stringContaining('not published') });
    const { message, ...where } = expected;
    const problems = answer.data.problems as Problem[];
    const found = problems.find((problem) => Object.entries(where).every(([key, value]) => JSON.stringify(problem[key as keyof Problem]) === JSON.stringify(value)) && message.test(problem.message));
    expect(found, JSON.stringify(problems, null, 2)).toBeDefined();
    // The sentence names the case, the step and the field; the editor marks the line at the pointer.
    if (found!.case) expect(found!.sentence).toContain(found!.case);
    if (found!.step) expect(found!.sentence).toContain(`step "${found!.step}"`);
    if (found!.field) expect(found!.sentence).toContain(`field "${found!.field}"`);
    if (found!.pointer && found!.document === documentid) expect(answer.fieldErrors[found!.pointer]).toContain(found!.sentence);
    expect(await publishedCount(accountid)).toBe(before);
    return found!;
  }

  let accountid: string;
  beforeAll(async () => {
    implementer = await signInStaff(t.app, 'implementer');
    accountid = await newEmployer('Proven Inc');
  });

  describe('lock-outs that pass every check', () => {
    it("refuses the console's Hide on the SSN: every case stops at the Profile, at the SSN", async () => {
      const hidden = form('profile');
      hidden.uiSchema.additionalid = { ...hidden.uiSchema.additionalid, 'ui:widget': 'hidden' };
      const problem = await refusedAtPublish(accountid, 'profile', hidden, {
        case: ENROLLING_CASES[0]!.name,
        step: 'Profile',
        field: 'SSN',
        document: 'profile',
        pointer: '/uiSchema/additionalid',
        message: /^Field "SSN" is hidden, so no employee can fill it in, and the form asks for it on Next \("Please enter a valid Social Security Number\."\): nobody can go on\.$/,
      });
      expect(problem.cases).toEqual(ENROLLING_CASES.map((flowCase) => flowCase.name));
    });

    it('refuses the pattern ^$ on PCP Name: no answer is accepted', async () => {
      const never = form('profile');
      never.schema.properties.pcpname.pattern = '^$';
      await refusedAtPublish(accountid, 'profile', never, { step: 'Profile', field: 'PCP Name', pointer: '/schema/properties/pcpname', message: /^No answer to field "PCP Name" is accepted: the form asks for it on Next/ });
    });

    it('refuses a rule that is always false, at the rule', async () => {
      const never = form('profile');
      never.rules.push({ id: 'never', assert: { '==': [1, 2] }, path: '/pcpid', message: 'pcpid-required' });
      await refusedAtPublish(accountid, 'profile', never, { step: 'Profile', field: 'PCP ID', pointer: `/rules/${never.rules.length - 1}`, message: /^No answer to field "PCP ID" is accepted: the form asks for it on Next \("PCP ID is required"\)/ });
    });

    it('refuses a required field made read-only', async () => {
      const frozen = form('profile');
      frozen.uiSchema.pcpname = { 'ui:readonly': true };
      await refusedAtPublish(accountid, 'profile', frozen, { step: 'Profile', field: 'PCP Name', pointer: '/uiSchema/pcpname', message: /^Field "PCP Name" is read-only, so no employee can change it, and the form asks for it on Next/ });
    });

    it('refuses a hidden field with a rule only the server knows', async () => {
      const secret = form('profile');
      secret.schema.properties.badge = { type: ['string', 'null'], maxLength: 20, title: 'Badge Number' };
      secret.uiSchema.badge = { 'ui:widget': 'hidden' };
      secret.rules.push({ id: 'badge-known', phases: ['server'], assert: { '!!': { var: 'data.badge' } }, path: '/badge', message: 'pcpid-required' });
      await refusedAtPublish(accountid, 'profile', secret, {
        step: 'Profile',
        field: 'Badge Number',
        pointer: '/uiSchema/badge',
        message: /^Field "Badge Number" is hidden, so no employee can fill it in, and the server refuses it when the answers are saved \("PCP ID is required"\), though the screen does not say so/,
      });
    });

    it('refuses a required dependent field added to the profile only (the server drops it); with the dependent document first it publishes', async () => {
      const studentId = { type: 'string', maxLength: 12, title: 'Student ID' };
      const profileOnly = form('profile');
      profileOnly.schema.definitions.dependent.properties.studentid = studentId;
      profileOnly.schema.definitions.dependent.required.push('studentid');
      await refusedAtPublish(accountid, 'profile', profileOnly, {
        step: 'Profile',
        field: 'Dependent #1: Student ID',
        pointer: '/schema/definitions/dependent/properties/studentid',
        message: /^The server does not keep field "Dependent #1: Student ID" \(the dependent document has no such field\): it is dropped when the profile is saved/,
      });
      const other = await newEmployer('Students Inc');
      const dependent = form('dependent');
      dependent.schema.definitions.dependent.properties.studentid = studentId;
      expect((await publish(other, 'dependent', await saveDraft(other, 'dependent', dependent))).statusCode).toBe(200);
      const published = await publish(other, 'profile', await saveDraft(other, 'profile', profileOnly));
      expect(published.statusCode, published.body).toBe(200);
    });
  });

  describe('steps that pretend', () => {
    it("refuses a step of the employer's own with screen 'cart' before shopping", async () => {
      const second = flow();
      second.steps['early-cart'] = { title: 'Your Cart', order: 2.5, parent: 'enroll', screen: 'cart' };
      await refusedAtPublish(accountid, 'enrollment', second, {
        case: null,
        step: 'Your Cart',
        document: 'enrollment',
        pointer: '/steps/early-cart/screen',
        message: /^Screen "cart" is the product's "Your Cart", at its place in the base flow \(step "cart"\); a step of the employer's own cannot show it/,
      });
    });

    it("refuses a step of the employer's own with screen 'welcome'", async () => {
      const welcome = flow();
      welcome.steps.thanks = { title: 'Thank You', order: 0.5, screen: 'welcome' };
      await refusedAtPublish(accountid, 'enrollment', welcome, { step: 'Thank You', pointer: '/steps/thanks/screen', message: /^Screen "welcome" is the page the authorization of the elections leads to, not a step's/ });
    });

    it('refuses Additional Services moved after the cart, in each case that offers them', async () => {
      const late = flow();
      late.steps['additional-services']!.order = 7;
      const problem = await refusedAtPublish(accountid, 'enrollment', late, {
        step: 'Shopping and Cart › Additional Services',
        pointer: '/steps/additional-services/order',
        message: /^"Additional Services" comes after "Your Cart" here, while the base flow puts it before/,
      });
      expect(problem.cases).toEqual(ENROLLING_CASES.filter((flowCase) => flowCase.employer.employeazecustomer === 1).map((flowCase) => flowCase.name));
    });
  });

  it('publishes a change that stops nobody: a required Employee ID with its own pattern, Additional Services off, a new text', async () => {
    const own = await newEmployer('Tailored Inc');
    const tailored = form('profile');
    tailored.schema.properties.employeeid = { type: 'string', maxLength: 20, title: 'Employee ID', pattern: '^E-\\d{4}$' };
    tailored.schema.required.push('employeeid');
    tailored.messages['pcpname-required'] = 'Please name your doctor.';
    expect((await publish(own, 'profile', await saveDraft(own, 'profile', tailored))).statusCode).toBe(200);
    const noServices = flow();
    noServices.steps['additional-services']!.when = false;
    expect((await publish(own, 'enrollment', await saveDraft(own, 'enrollment', noServices))).statusCode).toBe(200);
  });

  it("walks each census employee as themselves: a rule their own birthdate fails names them", async () => {
    const censused = await newEmployer('Census Inc');
    const csv = ['firstname,lastname,email,birthdate,class,zip', `Olde,Timer,olde.${censused.slice(0, 8)}@census.example,1950-02-03,ALL,30301`].join('\r\n') + '\r\n';
    const imported = await t.app.inject({ method: 'POST', url: `/api/staff/employers/${censused}/census`, headers: implementer.headers, payload: { csv } });
    expect(imported.statusCode, imported.body).toBe(200);
    const [memberid] = imported.json().data.memberids as string[];
    const young = form('profile');
    young.rules.push({ id: 'born-after-1960', assert: { date_between: [{ var: 'data.birthdate' }, '1960-01-01', { var: 'context.today' }] }, path: '/birthdate', message: 'dob-range' });
    await refusedAtPublish(censused, 'profile', young, {
      step: 'Profile',
      field: 'DOB',
      employee: `employee ${memberid}`,
      message: /^Field "DOB" refuses what the employee's record holds \("1950-02-03"\)/,
    });
  });

  it('proves a roll back too: a retired version that hides the SSN is not published again', async () => {
    const rolled = await newEmployer('Rolled Inc');
    // Published before the proof existed, then retired.
    await overrides.insertVersion(t.db, { accountid: rolled, documentid: 'profile', status: 'published', patch: { uiSchema: { additionalid: { 'ui:widget': 'hidden' } } }, staffId: null, now: new Date() });
    await overrides.retirePublished(t.db, rolled, 'profile');
    const read = (await t.app.inject({ method: 'GET', url: url(rolled, 'profile'), headers: implementer.headers })).json().data as { publishedEtag: string };
    const response = await t.app.inject({ method: 'POST', url: url(rolled, 'profile', '/rollback'), headers: implementer.headers, payload: { version: 1, etag: read.publishedEtag } });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'PROOF_FAILED', data: { problems: [expect.objectContaining({ step: 'Profile', field: 'SSN' })] } });
    expect(await publishedCount(rolled)).toBe(0);
  });
});
