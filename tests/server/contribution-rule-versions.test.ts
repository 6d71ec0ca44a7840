/**
 * Contribution rules are published versions (docs/decisions/048-contribution-rules-are-published-versions.md): a
 * draft changes no employee's contribution, its publish does, a rollback restores the earlier one; the preview
 * shows each census employee's contribution before and after; a publish that would leave an employee at $0.00
 * without a rule saying so (a state's rule at $0, rules for one class only) is refused with the employees and
 * classes named, and an explicit no-contribution rule is not; a change made on a stale version is refused 412.
 * Each employee is computed on their own effective date (the one they chose, else the first offered), so an age
 * band reached after the plan year's first day counts. A draft can be discarded by an implementer of the employer.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAMILY_TIERS } from '#domain/enrollment/contribution.ts';
import { monthlyContributionForMember } from '#server/services/enrollment/contributions.ts';
import { databases } from './helpers/databases.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { conditionOfWrite, publishRules, signInStaff, type SignedInStaff } from './staff-fixtures.ts';

const PLAN_YEAR = 2026;
const EFFECTIVE = `${PLAN_YEAR}-01-01`;
/** Today for the app: the first effective date offered is April 1 (the plan year's first day is long past). */
const NOW = () => new Date(`${PLAN_YEAR}-03-10T12:00:00Z`);
const FIRST_OFFERED = `${PLAN_YEAR}-04-01`;
/** One class's flat rules: every tier, ages 0..120, anywhere (or in a state). */
const flat = (contributionclass: string, amount: number, extra: { state?: string; noContribution?: boolean } = {}) =>
  FAMILY_TIERS.map((tier) => ({ contributionclass, ageMin: 0, ageMax: 120, tier, state: extra.state ?? null, ratingArea: null, amount, ...(extra.noContribution ? { noContribution: true } : {}) }));
const IN_FORCE = [...flat('ALL', 450), ...flat('Part-time', 300)];

/** The census: two employees of ALL (Georgia and Texas), one part-timer (Georgia). */
const CENSUS = [
  'firstname,lastname,email,birthdate,class,zip',
  'Ann,Able,ann.{n}@census.example,1981-04-02,ALL,30301',
  'Tex,Tate,tex.{n}@census.example,1981-04-02,ALL,75007',
  'Pat,Part,pat.{n}@census.example,1990-07-01,Part-time,30301',
];

describe.each(databases())('contribution rules as versions on $name', (database) => {
  const t = useTestApp(database, { now: NOW });
  let a: SignedInStaff;
  let b: SignedInStaff;

  const call = async (who: SignedInStaff, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers?: Record<string, string>) => {
    const condition = headers ?? (await conditionOfWrite(t.app, who, method, url));
    return t.app.inject({ method, url, headers: { ...who.headers, ...condition }, ...(payload ? { payload } : {}) });
  };

  /** A new employer with the census imported and IN_FORCE published: its URL of the rules and its employees' ids by first name. */
  const employer = async (census = CENSUS, inForce: object[] = IN_FORCE) => {
    const created = await call(a, 'POST', '/api/staff/employers', { name: `Versions ${randomUUID().slice(0, 8)}`, email: null, planyear: PLAN_YEAR, employeazecustomer: 1, hsaonly: 0, edoc_period: null, broker: null });
    expect(created.statusCode).toBe(200);
    const accountid: string = created.json().data.accountid;
    const n = randomUUID().slice(0, 8);
    const imported = await call(a, 'POST', `/api/staff/employers/${accountid}/census`, { csv: census.join('\r\n').replaceAll('{n}', n) + '\r\n' });
    expect(imported.statusCode).toBe(200);
    expect((await publishRules(t.app, a, accountid, inForce)).statusCode).toBe(200);
    const members = await t.db.selectFrom('member').select(['id', 'firstname']).where('accountid', '=', accountid).execute();
    const ids = Object.fromEntries(members.map((member) => [member.firstname, member.id])) as Record<string, string>;
    return { accountid, url: `/api/staff/employers/${accountid}/contribution-rules`, ids };
  };
  const paid = (memberid: string) => monthlyContributionForMember(t.db, memberid, EFFECTIVE);
  const preview = async (url: string) => {
    const response = await call(a, 'GET', `${url}/draft/preview`);
    expect(response.statusCode).toBe(200);
    return response.json().data as {
      draftEtag: string;
      draftVersion: number | null;
      employees: Array<{ name: string; effectiveDate: string; before: number; after: number; zero: boolean; intendedZero: boolean; cut: boolean }>;
      refusals: string[];
    };
  };
  const auditActions = async (accountid: string) =>
    (await t.db.selectFrom('staff_audit').select('action').where('entity', '=', 'employer').where('entity_id', '=', accountid).orderBy('createdon').execute()).map((row) => row.action);

  beforeAll(async () => {
    [a, b] = await Promise.all([signInStaff(t.app, 'implementer'), signInStaff(t.app, 'implementer')]);
  });

  it("changes no employee's contribution with a draft; its publish does; a rollback restores the earlier rules", async () => {
    const { accountid, url, ids } = await employer();
    expect(await paid(ids.Ann)).toBe(45000);

    const drafted = await call(a, 'PUT', url, { rules: [...flat('ALL', 500), ...flat('Part-time', 300)] });
    expect(drafted.statusCode).toBe(200);
    expect(drafted.json().data.map((rule: { amount: number }) => rule.amount)).toContain(500);
    // The draft is what is edited; the rules in force, and what the employee is paid, stay.
    expect((await call(a, 'GET', `${url}/draft`)).json().data[0].amount).toBe(500);
    expect((await call(a, 'GET', url)).json().data.every((rule: { amount: number }) => rule.amount !== 500)).toBe(true);
    expect(await paid(ids.Ann)).toBe(45000);

    const seen = await preview(url);
    expect(seen.employees.find((employee) => employee.name === 'Ann Able')).toMatchObject({ before: 450, after: 500, zero: false, cut: false });
    expect(seen.employees.find((employee) => employee.name === 'Pat Part')).toMatchObject({ before: 300, after: 300 });
    expect(seen.refusals).toEqual([]);

    const published = await call(a, 'POST', `${url}/publish`, undefined, { 'if-match': seen.draftEtag });
    expect(published.statusCode).toBe(200);
    expect(await paid(ids.Ann)).toBe(50000);
    const listed = (await call(a, 'GET', `${url}/versions`)).json().data;
    expect(listed.map((version: { version: number; status: string }) => [version.version, version.status])).toEqual([
      [2, 'published'],
      [1, 'retired'],
    ]);
    expect(listed[0]).toMatchObject({ staffEmail: a.email, publishedByEmail: a.email });

    const diff = (await call(a, 'GET', `${url}/diff?from=1&to=2`)).json().data.lines as Array<{ op: string; text: string }>;
    expect(diff).toContainEqual({ op: '-', text: 'ALL, Employee, anywhere, ages 0-120: $450.00' });
    expect(diff).toContainEqual({ op: '+', text: 'ALL, Employee, anywhere, ages 0-120: $500.00' });
    expect(diff).toContainEqual({ op: ' ', text: 'Part-time, Employee, anywhere, ages 0-120: $300.00' });

    const rolledBack = await call(b, 'POST', `${url}/rollback`, { version: 1 });
    expect(rolledBack.statusCode).toBe(200);
    expect(await paid(ids.Ann)).toBe(45000);
    expect((await call(a, 'GET', `${url}/versions`)).json().data[0]).toMatchObject({ version: 3, status: 'published', copiedFrom: 1, publishedByEmail: b.email });
    expect((await call(b, 'POST', `${url}/rollback`, { version: 3 })).statusCode).toBe(409);
    expect((await call(b, 'POST', `${url}/rollback`, { version: 9 })).statusCode).toBe(404);
    expect(await auditActions(accountid)).toEqual(expect.arrayContaining(['contribution-rules-draft', 'contribution-rules', 'contribution-rules-rollback']));
  });

  it('lists who would lose more than 10% in the preview', async () => {
    const { url } = await employer();
    expect((await call(a, 'PUT', url, { rules: [...flat('ALL', 400), ...flat('Part-time', 280)] })).statusCode).toBe(200);
    const seen = await preview(url);
    // 450 to 400 is 11% less; 300 to 280 is 6.7% less.
    expect(seen.employees.find((employee) => employee.name === 'Ann Able')).toMatchObject({ before: 450, after: 400, cut: true });
    expect(seen.employees.find((employee) => employee.name === 'Pat Part')).toMatchObject({ before: 300, after: 280, cut: false });
  });

  it("refuses to publish a state's rule at $0, naming the employees it would leave at $0.00, and changes nothing", async () => {
    const { url, ids } = await employer();
    expect((await call(a, 'PUT', url, { rules: [...IN_FORCE, ...flat('ALL', 0, { state: 'TX' })] })).statusCode).toBe(200);
    const seen = await preview(url);
    expect(seen.employees.find((employee) => employee.name === 'Tex Tate')).toMatchObject({ before: 450, after: 0, zero: true, intendedZero: false });
    expect(seen.refusals).toEqual([expect.stringContaining('Class ALL: Tex Tate (TX) would get $0.00 and no rule says no contribution')]);

    const before = await t.db.selectFrom('staff_audit').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const refused = await call(a, 'POST', `${url}/publish`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'These contribution rules were not published: one employee would get $0.00.', data: { employees: [{ name: 'Tex Tate', contributionclass: 'ALL' }] } });
    expect(refused.json().fieldErrors['/rules']).toEqual(seen.refusals);
    expect(await paid(ids.Tex)).toBe(45000);
    expect((await call(a, 'GET', url)).json().data).toHaveLength(8);
    expect(await t.db.selectFrom('staff_audit').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('refuses to publish rules for one class only, naming each class left without rules and its employees', async () => {
    const { url, ids } = await employer();
    expect((await call(a, 'PUT', url, { rules: flat('Full-time', 600) })).statusCode).toBe(200);
    const refused = await call(a, 'POST', `${url}/publish`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('These contribution rules were not published: 3 employees would get $0.00.');
    expect(refused.json().fieldErrors['/rules']).toEqual([
      expect.stringMatching(/^Class ALL has no rules: Ann Able \(GA\) and Tex Tate \(TX\) would each get \$0\.00; /),
      expect.stringMatching(/^Class Part-time has no rules, and ALL has none: Pat Part \(GA\) would get \$0\.00; /),
    ]);
    expect(await paid(ids.Pat)).toBe(30000);
  });

  it('publishes an explicit no-contribution class: its employees get $0.00 on purpose', async () => {
    const { url, ids } = await employer();
    const withAmount = await call(a, 'PUT', url, { rules: [...flat('ALL', 450), ...flat('Part-time', 5, { noContribution: true })] });
    expect(withAmount.statusCode).toBe(400);
    expect(withAmount.json().fieldErrors['/rules']).toContain('Class Part-time, tier Employee, anywhere: ages 0-120 say no contribution but have an amount: a no-contribution rule pays $0.00.');

    expect((await call(a, 'PUT', url, { rules: [...flat('ALL', 450), ...flat('Part-time', 0, { noContribution: true })] })).statusCode).toBe(200);
    const seen = await preview(url);
    expect(seen.employees.find((employee) => employee.name === 'Pat Part')).toMatchObject({ before: 300, after: 0, zero: false, intendedZero: true, cut: true });
    expect(seen.refusals).toEqual([]);
    expect((await call(a, 'POST', `${url}/publish`)).statusCode).toBe(200);
    expect(await paid(ids.Pat)).toBe(0);
    expect(await paid(ids.Ann)).toBe(45000);
    expect((await call(a, 'GET', url)).json().data.find((rule: { contributionclass: string }) => rule.contributionclass === 'Part-time')).toMatchObject({ amount: 0, noContribution: true });
  });

  it('refuses a draft, publish or rollback made on a stale version with 412 naming who changed it, and one naming none with 428', async () => {
    const { url } = await employer();
    const readByA = (await call(a, 'GET', `${url}/draft`)).headers.etag as string;
    expect((await call(b, 'PUT', url, { rules: [...flat('ALL', 460), ...flat('Part-time', 300)] }, { 'if-match': readByA })).statusCode).toBe(200);

    const stale = await call(a, 'PUT', url, { rules: [...flat('ALL', 470), ...flat('Part-time', 300)] }, { 'if-match': readByA });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ code: 'RESOURCE_CHANGED', data: { changedBy: b.email } });
    // A publish names the draft it previewed: B's draft was not what A read.
    expect((await call(a, 'POST', `${url}/publish`, undefined, { 'if-match': readByA })).statusCode).toBe(412);
    expect((await call(a, 'POST', `${url}/publish`, undefined, {})).statusCode).toBe(428);
    expect((await call(a, 'GET', `${url}/draft`)).json().data[0].amount).toBe(460);

    const inForce = (await call(a, 'GET', url)).headers.etag as string;
    expect((await call(b, 'POST', `${url}/publish`)).statusCode).toBe(200);
    const rollback = await call(a, 'POST', `${url}/rollback`, { version: 1 }, { 'if-match': inForce });
    expect(rollback.statusCode).toBe(412);
    expect(rollback.json()).toMatchObject({ code: 'RESOURCE_CHANGED', data: { changedBy: b.email } });
  });

  it("computes each employee on their effective date: the one they chose if they enrolled, else the first offered, not the plan year's first day", async () => {
    // Both turn 30 after January 1: Nia by April 1 (the first date offered), Eli only by June 1 (the date he chose).
    const census = ['firstname,lastname,email,birthdate,class,zip', 'Nia,Newly,nia.{n}@census.example,1996-03-15,ALL,30301', 'Eli,Early,eli.{n}@census.example,1996-05-15,ALL,30301'];
    const band = (ageMin: number, ageMax: number, amount: number) => FAMILY_TIERS.map((tier) => ({ contributionclass: 'ALL', ageMin, ageMax, tier, state: null, ratingArea: null, amount }));
    const bands = (under30: number, from30: number) => [...band(0, 29, under30), ...band(30, 120, from30)];
    const { url, ids } = await employer(census, bands(300, 450));
    const chosen = `${PLAN_YEAR}-06-01`;
    await t.db
      .insertInto('member_order')
      .values({ id: randomUUID(), memberid: ids.Eli!, productid: randomUUID(), productfeeid: randomUUID(), orderid: randomUUID(), category: 'waive', policyeffectivedate: chosen, planyear: PLAN_YEAR, createdby: 'test', modifiedby: 'test' })
      .execute();

    // The draft raises the 30-and-over band only: on January 1 neither is 30 yet and nothing would change for them.
    expect((await call(a, 'PUT', url, { rules: bands(300, 500) })).statusCode).toBe(200);
    const seen = await preview(url);
    expect(seen.employees.find((employee) => employee.name === 'Nia Newly')).toMatchObject({ effectiveDate: FIRST_OFFERED, before: 450, after: 500 });
    expect(seen.employees.find((employee) => employee.name === 'Eli Early')).toMatchObject({ effectiveDate: chosen, before: 450, after: 500 });
    // On the first date offered Eli is still 29: his own date, not the employer's, is the one computed.
    expect(await monthlyContributionForMember(t.db, ids.Eli!, FIRST_OFFERED)).toBe(30000);
    expect(await monthlyContributionForMember(t.db, ids.Eli!, chosen)).toBe(45000);
  });

  it('discards the draft: the rules being edited are the rules in force again, audited; nothing changes for employees', async () => {
    const { accountid, url, ids } = await employer();
    const inForce = (await call(a, 'GET', url)).json().data;
    expect((await call(a, 'PUT', url, { rules: [...flat('ALL', 500), ...flat('Part-time', 300)] })).statusCode).toBe(200);
    const draft = await call(a, 'GET', `${url}/draft`);
    expect((await call(a, 'GET', `${url}/versions`)).json().data.map((version: { status: string }) => version.status)).toEqual(['draft', 'published']);

    // Made on a draft someone changed since: 412 naming them, and the draft stays.
    expect((await call(b, 'PUT', url, { rules: [...flat('ALL', 510), ...flat('Part-time', 300)] }, { 'if-match': String(draft.headers.etag) })).statusCode).toBe(200);
    const stale = await call(a, 'DELETE', `${url}/draft`, undefined, { 'if-match': String(draft.headers.etag) });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ code: 'RESOURCE_CHANGED', data: { changedBy: b.email } });
    expect((await call(a, 'DELETE', `${url}/draft`, undefined, {})).statusCode).toBe(428);

    const current = (await call(a, 'GET', `${url}/draft`)).headers.etag as string;
    const discarded = await call(a, 'DELETE', `${url}/draft`, undefined, { 'if-match': current });
    expect(discarded.statusCode).toBe(200);
    expect(discarded.json().data).toEqual(inForce);
    const draftNow = await call(a, 'GET', `${url}/draft`);
    expect(draftNow.json().data).toEqual(inForce);
    expect(discarded.headers.etag).toBe(draftNow.headers.etag);
    expect((await call(a, 'GET', `${url}/versions`)).json().data.map((version: { status: string }) => version.status)).toEqual(['published']);
    expect((await preview(url)).draftVersion).toBeNull();
    expect(await paid(ids.Ann)).toBe(45000);
    const audit = await t.db.selectFrom('staff_audit').selectAll().where('entity_id', '=', accountid).where('action', '=', 'contribution-rules-discard').executeTakeFirstOrThrow();
    expect(audit.staff_user_id).toBe(a.id);
    expect(JSON.stringify(audit.before)).toContain('510');

    // No draft left: 404 with its code, whatever the tag.
    const none = await call(a, 'DELETE', `${url}/draft`, undefined, { 'if-match': String(draftNow.headers.etag) });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'NOT_FOUND', message: 'There is no draft of the contribution rules to discard.' });
  });

  it("refuses a discard by a viewer and by an implementer of another employer (403), and the draft stays", async () => {
    const { url } = await employer();
    expect((await call(a, 'PUT', url, { rules: [...flat('ALL', 500), ...flat('Part-time', 300)] })).statusCode).toBe(200);
    const tag = { 'if-match': String((await call(a, 'GET', `${url}/draft`)).headers.etag) };
    const other = (await call(a, 'POST', '/api/staff/employers', { name: `Other ${randomUUID().slice(0, 8)}`, email: null, planyear: PLAN_YEAR, employeazecustomer: 1, hsaonly: 0, edoc_period: null, broker: null })).json().data.accountid as string;
    const viewer = await signInStaff(t.app, 'viewer');
    const elsewhere = await signInStaff(t.app, 'implementer', { all: false, accountids: [other] });
    for (const who of [viewer, elsewhere]) {
      const refused = await call(who, 'DELETE', `${url}/draft`, undefined, tag);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
    }
    expect((await call(a, 'GET', `${url}/draft`)).json().data[0].amount).toBe(500);
  });
});
