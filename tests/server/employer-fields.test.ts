/**
 * An employer's own fields (issue 19): a field an employer's published override adds to the profile or to a
 * dependent is validated by its resolved document, stored apart (only under the names that document adds), read
 * back by GetMember and the dependents call, shown in the staff console's employee view and in the enrollment and
 * payroll reports. A member who has not answered a new required field is asked at the profile step; nothing else
 * refuses them.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAMILY_TIERS } from '#domain/enrollment/contribution.ts';
import { parseCsv } from '#domain/values/csv.ts';
import { mergeDocument } from '#engine/documents/index.ts';
import type { ContentStore } from '#server/content/content-store.ts';
import { databases } from './helpers/databases.ts';
import { registerMember, TEST_PROFILE, type RegisteredMember } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { publishRules, putAsRead, signInStaff, type SignedInStaff } from './staff-fixtures.ts';

const YEAR = new Date().getUTCFullYear();
/** The app's clock: early in the plan year, so effective dates are offered whatever the real date. */
const NOW = () => new Date(`${YEAR}-03-10T12:00:00Z`);

const EMPLOYEE_ID = { type: 'string', maxLength: 20, title: 'Employee ID' };
const STUDENT_ID = { type: 'string', maxLength: 12, title: 'Student ID' };
/** Employee ID, required on the profile; Student ID on each dependent (in the profile's dependents too). */
const PROFILE_PATCH = {
  schema: {
    required: [...TEST_REQUIRED(), 'employeeid'],
    properties: { employeeid: EMPLOYEE_ID },
    definitions: { dependent: { properties: { studentid: STUDENT_ID } } },
  },
};
const DEPENDENT_PATCH = { schema: { definitions: { dependent: { properties: { studentid: STUDENT_ID } } } } };
/** The base profile's required list (a merge patch replaces an array whole). */
function TEST_REQUIRED(): string[] {
  return ['firstname', 'lastname', 'address1', 'phonenumber', 'postalcode', 'city', 'county', 'stateorprovince', 'birthdate', 'gender', 'istobaccouser', 'pcpname', 'pcpid', 'existingpatient'];
}
const DEPENDENT = { firstname: 'Jane', lastname: 'Doe', dateofbirth: '2015-04-02', gender: 'Female', relationship: 'child', istobaccouser: false };

describe.each(databases())("an employer's own fields on $name", (database) => {
  const t = useTestApp(database, { now: NOW });
  let implementer: SignedInStaff;
  let viewer: SignedInStaff;
  let accountid: string;
  let otherAccountid: string;
  let member: RegisteredMember;
  let other: RegisteredMember;

  const staffCall = (who: SignedInStaff, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  /** A whole-resource PUT made on its current version (`readUrl`: the GET that answers its ETag). */
  const staffPut = (who: SignedInStaff, url: string, payload: object, readUrl = url) => putAsRead(t.app, who, url, payload, readUrl);
  const memberCall = (who: RegisteredMember, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
  const putProfile = (who: RegisteredMember, fields: Record<string, unknown>) => memberCall(who, 'PUT', '/api/Member', { member: { ...TEST_PROFILE, ...fields } });
  const storedMember = (id: string) => t.db.selectFrom('member').select(['employerfields', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
  const storedDependents = (memberid: string) => t.db.selectFrom('dependent').select('employerfields').where('memberid', '=', memberid).execute();
  const employerBody = (name: string) => ({ name, email: null, planyear: YEAR, employeazecustomer: 1, hsaonly: 0, edoc_period: null, broker: null });

  /** Saves the base document with the patch applied as the employer's draft (as the editor does) and publishes it. */
  async function publishOverride(documentId: string, patch: unknown) {
    const base = (t.app.content as ContentStore).base;
    const document = mergeDocument(base.forms.get(documentId)!, patch, base.meta.form);
    const url = `/api/staff/employers/${accountid}/content/${documentId}`;
    const draft = await staffPut(implementer, `${url}/draft`, { document }, url);
    expect(draft.statusCode, draft.body).toBe(200);
    const published = await staffCall(implementer, 'POST', `${url}/publish`, { version: draft.json().data.version, etag: draft.json().data.etag });
    expect(published.statusCode, published.body).toBe(200);
  }

  beforeAll(async () => {
    implementer = await signInStaff(t.app, 'implementer');
    viewer = await signInStaff(t.app, 'viewer');
    accountid = (await staffCall(implementer, 'POST', '/api/staff/employers', employerBody('Own Fields Co'))).json().data.accountid;
    otherAccountid = (await staffCall(implementer, 'POST', '/api/staff/employers', employerBody('Plain Inc'))).json().data.accountid;
    const rules = FAMILY_TIERS.map((tier) => ({ contributionclass: 'ALL', ageMin: 0, ageMax: 120, tier, state: null, ratingArea: null, amount: 450 }));
    expect((await publishRules(t.app, implementer, accountid, rules)).statusCode).toBe(200);
    member = await registerMember(t.app, { accountid, accountname: 'Own Fields Co', teamid: randomUUID() }, { firstname: 'Owen', lastname: 'Fields' });
    other = await registerMember(t.app, { accountid: otherAccountid, accountname: 'Plain Inc', teamid: randomUUID() }, { firstname: 'Pat', lastname: 'Plain' });
    await publishOverride('profile', PROFILE_PATCH);
    await publishOverride('dependent', DEPENDENT_PATCH);
  });

  it("asks a member who has not answered the new required field for it at the profile step, with the field's message", async () => {
    const before = await storedMember(member.memberId);
    const answer = await putProfile(member, {});
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'This field is required.', fieldErrors: { '/member/employeeid': ['This field is required.'] } });
    expect(Object.keys(answer.json().fieldErrors)).toEqual(['/member/employeeid']);
    // Empty or only spaces is no answer either.
    expect((await putProfile(member, { employeeid: '   ' })).json().fieldErrors).toEqual({ '/member/employeeid': ['This field is required.'] });
    expect(await storedMember(member.memberId)).toEqual(before);
  });

  it('stores the answer and reads it back by GetMember; keys the document does not add are never stored', async () => {
    const answer = await putProfile(member, { employeeid: ' E-1234 ', shoesize: 44, status: 'Terminated' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({ employeeid: 'E-1234', status: 'Active' });
    expect(answer.json().data).not.toHaveProperty('shoesize');
    expect(await storedMember(member.memberId)).toEqual({ employerfields: { employeeid: 'E-1234' }, status: 'Active' });

    const read = (await memberCall(member, 'GET', '/api/Member/GetMember')).json().data;
    expect(read).toMatchObject({ ...TEST_PROFILE, address2: null, employeeid: 'E-1234' });
    expect((await memberCall(member, 'GET', `/api/Member/${member.memberId}`)).json().data).toMatchObject({ employeeid: 'E-1234' });
  });

  it("refuses an answer over the schema's maxLength, or one that is no text, keeping the stored answer", async () => {
    const long = await putProfile(member, { employeeid: 'E'.repeat(21) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors).toHaveProperty(['/member/employeeid']);
    const object = await putProfile(member, { employeeid: { nested: 'x' } });
    expect(object.statusCode).toBe(400);
    expect(object.json().fieldErrors).toHaveProperty(['/member/employeeid']);
    expect((await storedMember(member.memberId)).employerfields).toEqual({ employeeid: 'E-1234' });
  });

  it("stores nothing for another employer's member, whose documents add no field", async () => {
    const answer = await putProfile(other, { employeeid: 'E-9999' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).not.toHaveProperty('employeeid');
    expect((await storedMember(other.memberId)).employerfields).toEqual({});
    expect((await memberCall(other, 'GET', '/api/Member/GetMember')).json().data).not.toHaveProperty('employeeid');
  });

  it("stores a dependent's own field on create and change, reads it back by the dependents call, drops other keys", async () => {
    const created = await memberCall(member, 'POST', '/api/Dependent', { ...DEPENDENT, studentid: 'S-1', employeeid: 'E-1', nickname: 'J' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ firstname: 'Jane', studentid: 'S-1' });
    expect(await storedDependents(member.memberId)).toEqual([{ employerfields: { studentid: 'S-1' } }]);

    const id = created.json().data.id as string;
    const tooLong = await memberCall(member, 'PUT', '/api/Dependent', { ...DEPENDENT, id, studentid: 'S'.repeat(13) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors).toHaveProperty(['/studentid']);
    // A change that leaves the field out keeps its answer; one that names it replaces it.
    expect((await memberCall(member, 'PUT', '/api/Dependent', { ...DEPENDENT, id, lastname: 'Fields' })).json().data).toMatchObject({ studentid: 'S-1' });
    expect((await memberCall(member, 'PUT', '/api/Dependent', { ...DEPENDENT, id, lastname: 'Fields', studentid: 'S-2' })).statusCode).toBe(200);
    const listed = (await memberCall(member, 'GET', `/api/Dependent?memberid=${member.memberId}`)).json().data.dependents;
    expect(listed).toEqual([expect.objectContaining({ id, lastname: 'Fields', studentid: 'S-2' })]);
    expect(listed[0]).not.toHaveProperty('nickname');

    const elsewhere = await memberCall(other, 'POST', '/api/Dependent', { ...DEPENDENT, studentid: 'S-3' });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(elsewhere.json().data).not.toHaveProperty('studentid');
    expect(await storedDependents(other.memberId)).toEqual([{ employerfields: {} }]);
  });

  it('blocks nothing else: a member without the new required answer sees the effective dates and authorizes a waiver', async () => {
    const unanswered = await registerMember(t.app, { accountid, accountname: 'Own Fields Co', teamid: randomUUID() }, { firstname: 'Una', lastname: 'Answered' });
    // The profile as it was filled before the employer added the field.
    await t.db.updateTable('member').set({ ...TEST_PROFILE, address2: null, postalcode: '30301' }).where('id', '=', unanswered.memberId).execute();
    const dates = await memberCall(unanswered, 'GET', '/api/EffectiveDates');
    expect(dates.statusCode).toBe(200);
    const [effectivedate] = dates.json().data.effectivedates;
    const waived = await t.app.inject({
      method: 'POST',
      url: '/api/Enrollment/Authorize',
      headers: { ...unanswered.auth, 'idempotency-key': randomUUID() },
      payload: { effectivedate, healthoption: 'waive', postalcode: '', countycode: '', hsamonthly: 0, waivecoveragereason: 'Coverage through Spouse/Partner' },
    });
    expect(waived.statusCode, waived.body).toBe(200);
    // The profile step still asks for it.
    expect((await memberCall(unanswered, 'GET', '/api/Member/GetMember')).json().data).not.toHaveProperty('employeeid');
  });

  it('shows the answers in the employee view and the enrollment report, and exports them in the payroll CSV', async () => {
    // A text a spreadsheet would run as a formula is exported neutralised.
    expect((await putProfile(member, { employeeid: '=1+2' })).statusCode).toBe(200);
    await t.db.updateTable('member').set({ postalcode: '30301' }).where('id', '=', member.memberId).execute();
    const [effectivedate] = (await memberCall(member, 'GET', '/api/EffectiveDates')).json().data.effectivedates;
    const waived = await t.app.inject({
      method: 'POST',
      url: '/api/Enrollment/Authorize',
      headers: { ...member.auth, 'idempotency-key': randomUUID() },
      payload: { effectivedate, healthoption: 'waive', postalcode: '', countycode: '', hsamonthly: 0, waivecoveragereason: 'Coverage through Spouse/Partner' },
    });
    expect(waived.statusCode, waived.body).toBe(200);

    const expected = [
      { name: 'employeeid', of: 'member', label: 'Employee ID', answer: '=1+2' },
      { name: 'studentid', of: 'dependent', label: 'Student ID (dependents)', answer: 'Jane Fields: S-2' },
    ];
    const employees = (await staffCall(viewer, 'GET', `/api/staff/employers/${accountid}/employees`)).json().data.employees as Array<{ memberid: string; employerfields: unknown }>;
    expect(employees.find((employee) => employee.memberid === member.memberId)!.employerfields).toEqual(expected);
    const report = (await staffCall(viewer, 'GET', `/api/staff/employers/${accountid}/reports/enrollment`)).json().data as { employees: Array<{ memberid: string; employerfields: unknown }> };
    expect(report.employees.find((employee) => employee.memberid === member.memberId)!.employerfields).toEqual(expected);

    const payroll = await staffCall(viewer, 'GET', `/api/staff/employers/${accountid}/reports/payroll.csv`);
    expect(payroll.statusCode).toBe(200);
    const records = parseCsv(payroll.body).records.map((record) => record.fields);
    expect(records[0]!.slice(-2)).toEqual(['Employee ID', 'Student ID (dependents)']);
    expect(records.find((record) => record[3] === member.email)!.slice(-2)).toEqual(["'=1+2", 'Jane Fields: S-2']);
    // As OWASP says for CSV injection: the leading quote, and the cell quoted.
    expect(payroll.body).toContain(`,"'=1+2",Jane Fields: S-2\r\n`);

    // Another employer's reports have no such columns.
    const plain = parseCsv((await staffCall(viewer, 'GET', `/api/staff/employers/${otherAccountid}/reports/payroll.csv`)).body).records;
    expect(plain[0]!.fields.at(-1)).toBe('remaining contribution');
  });
});
