/**
 * A census imported again (docs/staff-employers.md, Census imported again): it updates the employees it names, by
 * external id first, else by e-mail, never another employer's; reports added, updated and unchanged; writes nothing
 * when a row is refused; fills city, county and state from the ZIP, so the employee's profile opens with them.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import * as members from '#db/repositories/member/member.repository.ts';
import { databases } from './helpers/databases.ts';
import { countRows } from './enrollment.fixtures.ts';
import { latestLink, TEST_PASSWORD, TEST_PROFILE } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { signInStaff, type SignedInStaff } from './staff-fixtures.ts';

const YEAR = new Date().getUTCFullYear();
const NOW = () => new Date(`${YEAR}-03-10T12:00:00Z`);
const HEADER = 'firstname,lastname,email,birthdate,class,zip,externalid';
const census = (rows: string[]) => [HEADER, ...rows].join('\r\n') + '\r\n';
type Row = { first: string; last: string; email: string; birthdate: string; class: string; zip: string; externalid: string };
const line = (values: Partial<Row> & Pick<Row, 'email'>) =>
  [values.first ?? 'Cora', values.last ?? 'Census', values.email, values.birthdate ?? '1981-04-02', values.class ?? 'ALL', values.zip ?? '30301', values.externalid ?? ''].join(',');
/** Rows of a re-import that spans more than one update statement (census.repository.ts: 1,000 a statement). */
const MANY = 1200;
type RecordedUpdate = { line: number; memberid: string; before: Record<string, unknown>; after: Record<string, unknown> };
const address = (name: string) => `${name}.${randomUUID().slice(0, 8)}@census.example`;

describe.each(databases())('census imported again on $name', (database) => {
  const t = useTestApp(database, { now: NOW });
  let implementer: SignedInStaff;
  let accountid: string;
  let otherAccountid: string;

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: implementer.headers, ...(payload ? { payload } : {}) });
  const importInto = (account: string, rows: string[], invite = false) => call('POST', `/api/staff/employers/${account}/census`, { csv: census(rows), invite });
  const memberByEmail = (email: string) => t.db.selectFrom('member').selectAll().where('emailaddress', '=', email).executeTakeFirstOrThrow();
  const lastImportRecord = async () => {
    const row = await t.db.selectFrom('staff_audit').selectAll().where('entity_id', '=', accountid).where('action', '=', 'census-import').orderBy('createdon', 'desc').limit(1).executeTakeFirstOrThrow();
    return { ...row, after: row.after as { updates: RecordedUpdate[] } };
  };
  const employer = (name: string) => ({ name, email: null, planyear: YEAR, employeazecustomer: 1, hsaonly: 0, edoc_period: null, broker: null });

  beforeAll(async () => {
    implementer = await signInStaff(t.app, 'implementer');
    accountid = (await call('POST', '/api/staff/employers', employer('Reimport Co'))).json().data.accountid;
    otherAccountid = (await call('POST', '/api/staff/employers', employer('Other Reimport Co'))).json().data.accountid;
  });

  it("updates a changed last name and reports 1 added, 1 updated, 1 unchanged, the update in the import's audit record", async () => {
    const [ann, ben, cal] = [address('ann'), address('ben'), address('cal')];
    const first = await importInto(accountid, [line({ email: ann, last: 'Able' }), line({ email: ben, last: 'Baker' })]);
    expect(first.json().data).toMatchObject({ added: 2, updated: 0, unchanged: 0, imported: 2 });
    const annId = (await memberByEmail(ann)).id;

    const again = await importInto(accountid, [line({ email: ann.toUpperCase(), last: 'Abel' }), line({ email: ben, last: 'Baker' }), line({ email: cal })]);
    expect(again.statusCode).toBe(200);
    const report = again.json().data;
    expect(report).toMatchObject({ added: 1, updated: 1, unchanged: 1, imported: 2, invited: 0, updates: [{ line: 2, memberid: annId, changed: ['lastname'] }] });
    expect(report.memberids).toEqual([(await memberByEmail(cal)).id]);
    expect(await memberByEmail(ann)).toMatchObject({ lastname: 'Abel', modifiedby: 'Census', emailaddress: ann });
    const audit = await lastImportRecord();
    expect(audit).toMatchObject({ entity: 'employer', entity_id: accountid, after: { added: 1, updated: 1, unchanged: 1, memberids: report.memberids } });
    expect(audit.after.updates).toEqual([{ line: 2, memberid: annId, before: { lastname: 'Able' }, after: { lastname: 'Abel' } }]);
  });

  it('writes a re-import of many changed rows in bulk, all of them listed in the one audit record of the import', async () => {
    const emails = Array.from({ length: MANY }, (_, index) => address(`bulk${index}`));
    expect((await importInto(accountid, emails.map((email) => line({ email, last: 'Before' })))).json().data).toMatchObject({ added: MANY });
    const ids = new Map((await t.db.selectFrom('member').select(['id', 'emailaddress']).where('emailaddress', 'in', emails).execute()).map((row) => [row.emailaddress, row.id]));
    const audits = await countRows(t.db, 'staff_audit');

    // Every row changes its last name; every third its class and ZIP too (a ZIP of several counties clears the county).
    const again = await importInto(accountid, emails.map((email, index) => line({ email, last: `After${index}`, ...(index % 3 === 0 ? { class: 'Exec', zip: '30005' } : {}) })));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ added: 0, updated: MANY, unchanged: 0, imported: MANY });
    expect(again.json().data.updates[0]).toEqual({ line: 2, memberid: ids.get(emails[0]!), changed: ['lastname', 'class', 'zip', 'city', 'county'] });

    expect(await countRows(t.db, 'staff_audit')).toBe(audits + 1);
    const audit = await lastImportRecord();
    expect(audit).toMatchObject({ action: 'census-import', entity: 'employer', entity_id: accountid, after: { updated: MANY } });
    expect(audit.after.updates).toHaveLength(MANY);
    expect(audit.after.updates[0]).toEqual({
      line: 2,
      memberid: ids.get(emails[0]!),
      before: { lastname: 'Before', contributionclass: 'ALL', postalcode: '30301', city: 'Atlanta', county: 'Fulton County' },
      after: { lastname: 'After0', contributionclass: 'Exec', postalcode: '30005', city: 'Alpharetta', county: null },
    });
    expect(audit.after.updates[1]).toEqual({ line: 3, memberid: ids.get(emails[1]!), before: { lastname: 'Before' }, after: { lastname: 'After1' } });
    expect(new Set(audit.after.updates.map((update) => update.memberid))).toEqual(new Set(ids.values()));

    const stored = await t.db.selectFrom('member').selectAll().where('emailaddress', 'in', emails).execute();
    for (const member of stored) {
      const index = emails.indexOf(member.emailaddress);
      expect(member).toMatchObject({ lastname: `After${index}`, modifiedby: 'Census', contributionclass: index % 3 === 0 ? 'Exec' : 'ALL', county: index % 3 === 0 ? null : 'Fulton County' });
      expect(new Date(member.modifiedon)).toEqual(NOW());
    }
  });

  it('writes nothing when the import fails midway through its updates (one transaction)', async () => {
    const emails = Array.from({ length: MANY }, (_, index) => address(`midway${index}`));
    expect((await importInto(accountid, emails.map((email) => line({ email, last: 'Kept' })))).statusCode).toBe(200);
    // The database refuses the last row's update, after the statements before it have updated the rows before it.
    await sql`
      create function census_test_refuse() returns trigger language plpgsql as $$
      begin
        if new.lastname = 'Refused' then raise exception 'refused by the test'; end if;
        return new;
      end $$`.execute(t.db);
    await sql`create trigger census_test_refuse before update on member for each row execute function census_test_refuse()`.execute(t.db);
    try {
      const before = [await countRows(t.db, 'member'), await countRows(t.db, 'staff_audit')];
      const failed = await importInto(accountid, [...emails.slice(0, -1).map((email) => line({ email, last: 'Changed' })), line({ email: emails.at(-1)!, last: 'Refused' }), line({ email: address('midway.new') })]);
      expect(failed.statusCode).toBe(500);
      expect([await countRows(t.db, 'member'), await countRows(t.db, 'staff_audit')]).toEqual(before);
      const lastnames = await t.db.selectFrom('member').select('lastname').distinct().where('emailaddress', 'in', emails).execute();
      expect(lastnames).toEqual([{ lastname: 'Kept' }]);
    } finally {
      await sql`drop trigger census_test_refuse on member`.execute(t.db);
      await sql`drop function census_test_refuse()`.execute(t.db);
    }
  });

  it('names an employee by external id first: a new e-mail and name follow it', async () => {
    const [old, renamed] = [address('dee'), address('dee.new')];
    expect((await importInto(accountid, [line({ email: old, last: 'Dunn', externalid: 'HR-1001' })])).statusCode).toBe(200);
    const id = (await memberByEmail(old)).id;
    const again = await importInto(accountid, [line({ email: renamed, last: 'Dunne', externalid: 'HR-1001' })]);
    expect(again.json().data).toMatchObject({ added: 0, updated: 1, updates: [{ memberid: id, changed: ['lastname', 'email'] }] });
    expect(await memberByEmail(renamed)).toMatchObject({ id, lastname: 'Dunne', personalemailaddress: renamed, census_externalid: 'HR-1001' });
    // Another employer may use the same number for its own employee.
    expect((await importInto(otherAccountid, [line({ email: address('other'), externalid: 'HR-1001' })])).json().data).toMatchObject({ added: 1 });
  });

  it("refuses an e-mail of another employer's employee, and then writes nothing at all", async () => {
    const theirs = address('theirs');
    const mine = address('mine');
    expect((await importInto(otherAccountid, [line({ email: theirs })])).statusCode).toBe(200);
    expect((await importInto(accountid, [line({ email: mine, last: 'Before' })])).statusCode).toBe(200);
    const before = [await countRows(t.db, 'member'), await countRows(t.db, 'staff_audit')];

    const refused = await importInto(accountid, [line({ email: mine, last: 'After' }), line({ email: theirs }), line({ email: address('new') })]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'CENSUS_INVALID', data: { rows: [{ line: 3, reason: `email ${theirs} belongs to an employee of another employer.` }] } });
    expect([await countRows(t.db, 'member'), await countRows(t.db, 'staff_audit')]).toEqual(before);
    expect(await memberByEmail(mine)).toMatchObject({ lastname: 'Before', accountid });
    expect(await memberByEmail(theirs)).toMatchObject({ accountid: otherAccountid });
  });

  it('refuses a hostile external id (NUL, an unpaired surrogate, too long) with 400, writing nothing', async () => {
    const before = [await countRows(t.db, 'member'), await countRows(t.db, 'staff_audit')];
    for (const externalid of ['A\u0000B', 'A\ud800B', 'E'.repeat(65), '=cmd']) {
      const response = await importInto(accountid, [line({ email: address('hostile'), externalid })]);
      expect(response.statusCode, externalid).toBe(400);
    }
    expect([await countRows(t.db, 'member'), await countRows(t.db, 'staff_audit')]).toEqual(before);
  });

  it("refuses a name that is no person's name (a formula) by the profile's rules and texts, writing nothing", async () => {
    const before = [await countRows(t.db, 'member'), await countRows(t.db, 'staff_audit')];
    const response = await importInto(accountid, [line({ email: address('fine') }), line({ email: address('f1'), first: '=1+1' }), line({ email: address('f2'), last: '@SUM(A1)' })]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'CENSUS_INVALID',
      data: {
        rows: [
          { line: 3, reason: "firstname '=1+1': First Name may not begin with =, +, - or @. First Name must contain a letter." },
          { line: 4, reason: "lastname '@SUM(A1)': Last Name may not begin with =, +, - or @." },
        ],
      },
    });
    expect([await countRows(t.db, 'member'), await countRows(t.db, 'staff_audit')]).toEqual(before);
  });

  it('names the line an unclosed quote opens on', async () => {
    const response = await importInto(accountid, [line({ email: address('q1') }), `"Quinn,Open,${address('q2')},1981-04-02,ALL,30301,`, line({ email: address('q3') })]);
    expect(response.json()).toMatchObject({ code: 'CENSUS_INVALID', data: { rows: [{ line: 3, reason: 'A quote opens here and is never closed.' }] } });
  });

  it('fills city, county and state from a ZIP of one county, and leaves the county to pick for a ZIP of several', async () => {
    const [one, several] = [address('one'), address('several')];
    expect((await importInto(accountid, [line({ email: one, zip: '30301' }), line({ email: several, zip: '30005' })])).statusCode).toBe(200);
    expect(await memberByEmail(one)).toMatchObject({ postalcode: '30301', city: 'Atlanta', county: 'Fulton County', stateorprovince: 'GA' });
    expect(await memberByEmail(several)).toMatchObject({ postalcode: '30005', city: 'Alpharetta', county: null, stateorprovince: 'GA' });
  });

  it('lets the employee past the ZIP: the profile opens with ZIP, city and state, and saves once the county is picked', async () => {
    const email = address('eve');
    const imported = await importInto(accountid, [line({ email, first: 'Eve', last: 'Early', zip: '30005' })], true);
    const [memberid] = imported.json().data.memberids;
    const link = await latestLink(t, email);
    expect((await t.app.inject({ method: 'POST', url: '/api/changepassword', payload: { id: memberid, password: TEST_PASSWORD, token: link.token } })).statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/Login', payload: { email, password: TEST_PASSWORD } });
    const auth = { authorization: `Bearer ${login.json().data.tokenResponse.access_token}` };

    const profile = (await t.app.inject({ method: 'GET', url: '/api/Member/GetMember', headers: auth })).json().data;
    expect(profile).toMatchObject({ firstname: 'Eve', lastname: 'Early', postalcode: '30005', city: 'Alpharetta', county: null, stateorprovince: 'GA', birthdate: '1981-04-02' });
    const { firstname, lastname, birthdate, postalcode, city, stateorprovince } = profile;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/Member',
      headers: auth,
      payload: { member: { ...TEST_PROFILE, firstname, lastname, birthdate, postalcode, city, stateorprovince, county: 'Forsyth County' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ postalcode: '30005', county: 'Forsyth County', stateorprovince: 'GA' });

    // Imported again, the registered employee's address (theirs now) stays; the employer's record follows the file.
    const again = await importInto(accountid, [line({ email, first: 'Eve', last: 'Early', zip: '30301', class: 'Exec' })]);
    expect(again.json().data).toMatchObject({ updated: 1, updates: [{ changed: ['class'] }] });
    expect(await memberByEmail(email)).toMatchObject({ postalcode: '30005', county: 'Forsyth County', contributionclass: 'Exec' });
  });

  it("refuses a different e-mail for a registered employee's external id", async () => {
    const email = address('reg');
    const imported = await importInto(accountid, [line({ email, externalid: 'HR-2002' })], true);
    const link = await latestLink(t, email);
    await t.app.inject({ method: 'POST', url: '/api/changepassword', payload: { id: imported.json().data.memberids[0], password: TEST_PASSWORD, token: link.token } });
    const refused = await importInto(accountid, [line({ email: address('reg.new'), externalid: 'HR-2002' })]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.rows[0].reason).toContain('is not the address the employee signs in with');
  });
  it('adds each employee once when the same file is imported twice at once: one import adds them, the other finds them unchanged', async () => {
    const emails = Array.from({ length: 300 }, (_, index) => address(`twice${index}`));
    const csv = census(emails.map((email, index) => line({ email, externalid: `TW-${index}` })));
    const before = await countRows(t.db, 'member');
    const answers = await Promise.all([1, 2].map(() => call('POST', `/api/staff/employers/${accountid}/census`, { csv })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => [answer.json().data.added, answer.json().data.unchanged]).sort()).toEqual([
      [0, 300],
      [300, 0],
    ]);
    expect(await countRows(t.db, 'member')).toBe(before + 300);
  });

  it('finds a stored address the database lower-cases unlike JavaScript (a dotted capital I, a final capital sigma) as its unique index does', async () => {
    // Stored before the census and the sign-in form took only ASCII addresses.
    for (const local of ['\u0130nci', '\u03a3\u0391\u03a3']) {
      const ascii = address('legacy');
      expect((await importInto(otherAccountid, [line({ email: ascii })])).statusCode).toBe(200);
      const email = `${local}@${randomUUID().slice(0, 8)}.census.example`;
      const { id } = await t.db.updateTable('member').set({ emailaddress: email }).where('emailaddress', '=', ascii).returning('id').executeTakeFirstOrThrow();
      expect(await members.emailOwners(t.db, [email])).toEqual(new Map([[email.toLowerCase(), { id, accountid: otherAccountid }]]));
      expect(await members.findByEmail(t.db, email)).toMatchObject({ id });
    }
  });

  it.skipIf(database.name !== 'postgresql')('answers 409 and writes nothing when a member takes an address of the file while it is imported', async () => {
    const email = address('raced');
    const taker = address('taker');
    expect((await importInto(otherAccountid, [line({ email: taker })])).statusCode).toBe(200);
    const before = [await countRows(t.db, 'member'), await countRows(t.db, 'staff_audit')];
    const waiting = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`.execute(t.db)).rows[0]!.n > 0;
    const refused = await t.db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      await sql`update member set emailaddress = ${email} where emailaddress = ${taker}`.execute(connection);
      // The import does not see the address taken yet: its insert waits on the unique index until the taker commits.
      let settled = false;
      const importing = importInto(accountid, [line({ email })]).finally(() => {
        settled = true;
      });
      while (!settled && !(await waiting())) await new Promise((resolve) => setImmediate(resolve));
      await sql`commit`.execute(connection);
      return importing;
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      message: "The census was not imported: one of its e-mail addresses was given to another member while the file was imported. Import the whole file again.",
    });
    expect([await countRows(t.db, 'member'), await countRows(t.db, 'staff_audit')]).toEqual(before);
  });
  it.skipIf(database.name !== 'postgresql')("keeps the address a registered employee saves while the file is imported (the file's ZIP does not overwrite it)", async () => {
    const email = address('saver');
    expect((await importInto(accountid, [line({ email, zip: '' })])).statusCode).toBe(200);
    // Registered, no ZIP yet: the file's ZIP would fill the address, until the employee gives one.
    await t.db.updateTable('member').set({ ispasswordchanged: NOW() }).where('emailaddress', '=', email).execute();
    const waiting = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`.execute(t.db)).rows[0]!.n > 0;
    const answer = await t.db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      await sql`update member set postalcode = '30005', city = 'Alpharetta', county = 'Forsyth County', stateorprovince = 'GA' where emailaddress = ${email}`.execute(connection);
      let settled = false;
      const importing = importInto(accountid, [line({ email, zip: '30301', last: 'Renamed' })]).finally(() => {
        settled = true;
      });
      while (!settled && !(await waiting())) await new Promise((resolve) => setImmediate(resolve));
      await sql`commit`.execute(connection);
      return importing;
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.updates).toEqual([expect.objectContaining({ changed: ['lastname'] })]);
    expect(await memberByEmail(email)).toMatchObject({ lastname: 'Renamed', postalcode: '30005', city: 'Alpharetta', county: 'Forsyth County', stateorprovince: 'GA' });
  });
});
