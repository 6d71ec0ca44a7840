/**
 * The world the resource route tests start from: the demo employer (seeded as on start) with two members, and a
 * second employer with one member, so every test can try another member's and another employer's data.
 */
import type { Kysely } from 'kysely';
import type { Database } from '#db/database.ts';
import { DEMO_ACCOUNT_NAME, DEMO_TEAM_ID, seedDemoEmployer } from '#db/seed/demo-employer.ts';
import { todayUtc } from '#domain/dates.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './helpers/app.ts';
import type { TestDatabase } from './helpers/databases.ts';
import { createEmployer, registerMember, type RegisteredMember, type TestEmployer } from './helpers/fixtures.ts';
import { useDatabase } from './helpers/lifecycle.ts';

export type EnrollmentWorld = TestApp & {
  today: string;
  demo: TestEmployer;
  other: TestEmployer;
  /** Two members of the demo employer and one of the other employer. */
  alice: RegisteredMember;
  bob: RegisteredMember;
  carol: RegisteredMember;
};

export async function enrollmentWorld(db: Kysely<Database>, options: TestAppOptions = {}): Promise<EnrollmentWorld> {
  const today = todayUtc(new Date());
  const testApp = await createTestApp(db, options);
  const accountid = await seedDemoEmployer(db, today);
  const demo = { accountid, accountname: DEMO_ACCOUNT_NAME, teamid: DEMO_TEAM_ID };
  const other = await createEmployer(db, { accountname: 'Other Employer' });
  const alice = await registerMember(testApp.app, demo, { firstname: 'Alice' });
  const bob = await registerMember(testApp.app, demo, { firstname: 'Bob' });
  const carol = await registerMember(testApp.app, other, { firstname: 'Carol' });
  return { ...testApp, today, demo, other, alice, bob, carol };
}

/** The world on a fresh database of this kind for the tests of one describe block (helpers/lifecycle.ts). */
export function useEnrollmentWorld(database: TestDatabase, options: TestAppOptions = {}): EnrollmentWorld & { db: Kysely<Database> } {
  return useDatabase(database, (db) => enrollmentWorld(db, options));
}

/** Sets a member's date of birth (registration does not ask for it; the profile does). */
export async function setBirthdate(db: Kysely<Database>, memberId: string, birthdate: string): Promise<void> {
  await db.updateTable('member').set({ birthdate }).where('id', '=', memberId).execute();
}

/** Rows in a table, as a number on both databases. */
export async function countRows(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
