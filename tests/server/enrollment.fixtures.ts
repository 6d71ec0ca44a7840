/**
 * The world the resource route tests start from: the demo employer (seeded as on start) with two members, and a
 * second employer with one member, so every test can try another member's and another employer's data.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#db/database.ts';
import { DEMO_ACCOUNT_NAME, DEMO_TEAM_ID, seedDemoEmployer } from '#db/seed/demo-employer.ts';
import { todayUtc } from '#domain/values/dates.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './helpers/app.ts';
import type { TestDatabase } from './helpers/databases.ts';
import { createEmployer, registerMember, type RegisteredMember, type TestEmployer } from './helpers/fixtures.ts';
import { useDatabase } from './helpers/lifecycle.ts';
import { FIXTURE_ZIP } from './plan-premiums.fixture.ts';

export type EnrollmentWorld = TestApp & {
  today: string;
  demo: TestEmployer;
  other: TestEmployer;
  /** Two members of the demo employer and one of the other employer. */
  alice: RegisteredMember;
  bob: RegisteredMember;
  carol: RegisteredMember;
};

export type EnrollmentWorldOptions = {
  /** The app's clock (app.now); the real one when omitted. The demo's plan year and world.today follow it. */
  now?: () => Date;
  /** Where plan premiums come from (contract 2's planPremiumForFamily when omitted). */
  planPremiums?: TestAppOptions['planPremiums'];
};

export async function enrollmentWorld(db: Kysely<Database>, options: EnrollmentWorldOptions = {}): Promise<EnrollmentWorld> {
  const today = todayUtc((options.now ?? (() => new Date()))());
  const testApp = await createTestApp(db, { now: options.now, planPremiums: options.planPremiums });
  const accountid = await seedDemoEmployer(db, today);
  const demo = { accountid, accountname: DEMO_ACCOUNT_NAME, teamid: DEMO_TEAM_ID };
  const year = Number(today.slice(0, 4));
  const other = await createEmployer(db, { accountname: 'Other Employer', planyearstart: `${year}-01-01`, planyearend: `${year + 1}-12-31`, businessyear: year });
  const alice = await registerMember(testApp.app, demo, { firstname: 'Alice' });
  const bob = await registerMember(testApp.app, demo, { firstname: 'Bob' });
  const carol = await registerMember(testApp.app, other, { firstname: 'Carol' });
  return { ...testApp, today, demo, other, alice, bob, carol };
}

/** The world on a fresh database of this kind for the tests of one describe block (helpers/lifecycle.ts). */
export function useEnrollmentWorld(database: TestDatabase, options: EnrollmentWorldOptions = {}): EnrollmentWorld & { db: Kysely<Database> } {
  return useDatabase(database, (db) => enrollmentWorld(db, options));
}

/** A clock the test moves (`clock.set('2026-03-15T12:00:00Z')`), for app.now. */
export function movableClock(start: string): { now: () => Date; set: (instant: string) => void } {
  let instant = new Date(start);
  return { now: () => new Date(instant), set: (next) => (instant = new Date(next)) };
}

/** Sets a member's stored state (the profile's stateorprovince). */
export async function setState(db: Kysely<Database>, memberId: string, state: string | null): Promise<void> {
  await db.updateTable('member').set({ stateorprovince: state }).where('id', '=', memberId).execute();
}

/** Sets a member's date of birth (registration does not ask for it; the profile does). */
export async function setBirthdate(db: Kysely<Database>, memberId: string, birthdate: string): Promise<void> {
  await db.updateTable('member').set({ birthdate }).where('id', '=', memberId).execute();
}

/**
 * Fills in what the profile step asks for and registration does not (an authorization re-checks the stored
 * profile against the profile document in force); a field already stored keeps its value.
 */
export async function completeProfile(db: Kysely<Database>, memberId: string): Promise<void> {
  const filled = {
    address1: '1 Main St',
    phonenumber: '503-555-0100',
    city: 'Portland',
    county: 'Multnomah',
    stateorprovince: 'OR',
    postalcode: '97201',
    birthdate: '1980-03-01',
    gender: 'Female',
    istobaccouser: 'No',
    pcpname: 'Dr. Rivera',
    pcpid: 'PCP-1',
    existingpatient: 'yes',
  } as const;
  const stored = await db.selectFrom('member').select(Object.keys(filled) as (keyof typeof filled)[]).where('id', '=', memberId).executeTakeFirstOrThrow();
  const missing = Object.fromEntries(Object.entries(filled).filter(([field]) => stored[field as keyof typeof filled] === null));
  if (Object.keys(missing).length > 0) await db.updateTable('member').set(missing).where('id', '=', memberId).execute();
}

/**
 * A member of the world's demo employer (or `employer`) of their own, with no order yet, so a test starts from
 * nothing another test did: the profile complete (an authorization checks it), born `birthdate` (1980-03-01: 45
 * on the demo's 2026 dates), living at the fixture catalogue's ZIP code, with `children` children on file.
 */
export async function newMember(
  world: EnrollmentWorld & { db: Kysely<Database> },
  options: { employer?: TestEmployer; birthdate?: string; children?: number } = {},
): Promise<RegisteredMember> {
  const member = await registerMember(world.app, options.employer ?? world.demo, { firstname: 'Fresh' });
  await completeProfile(world.db, member.memberId);
  await setBirthdate(world.db, member.memberId, options.birthdate ?? '1980-03-01');
  await world.db.updateTable('member').set({ postalcode: FIXTURE_ZIP }).where('id', '=', member.memberId).execute();
  for (let i = 0; i < (options.children ?? 0); i += 1) {
    await world.db
      .insertInto('dependent')
      .values({ id: randomUUID(), memberid: member.memberId, firstname: `Kid${i}`, lastname: 'F', dateofbirth: '2015-01-01', gender: 'Male', relationship: 'child', createdby: 't', modifiedby: 't' })
      .execute();
  }
  return member;
}

/** Rows in a table, as a number on both databases. */
export async function countRows(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marion County, Oregon, in the shipped catalogue: the county the quote tests price in. */
export const MARION = '41047';

/**
 * A POST /api/HealthPlanQuote body for a member in Aurora (ZIP 97002, Marion County, OR). The server rates the
 * family it stores, so the names and birth date on the wire are the spec's fields, not the rating's input.
 */
export function quoteRequest(accountid: string, effectiveDate: string, overrides: Record<string, unknown> = {}) {
  return {
    empinfo: { firstname: 'Alice', lastname: 'Lovelace', createdby: 'x', birthdate: '1900-01-01' },
    postalcode: '97002',
    policyeffectivedaterequested: effectiveDate,
    gender: 'Female',
    issmoker: false,
    accountid,
    countycode: MARION,
    countyname: 'Marion',
    state: 'OR',
    city: 'Aurora',
    memberdependentlist: [],
    ...overrides,
  };
}
