/**
 * migrations/0005-enrollment.ts on a database that already has orders: the plan year is filled from the business
 * year and, of several main orders of one member and year, only the newest stays current (the partial unique
 * index could not be built otherwise). migrations/0019-one-current-order.ts likewise for HSA and service orders:
 * those outside the current enrollment are history, and of several current ones of a kind the newest stays.
 * PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb } from '#db/create-db.ts';
import type { Database } from '#db/database.ts';
import { migrate, migrationProvider } from '#db/migrate.ts';
import * as m0001 from '#db/migrations/0001-initial.ts';

type Fresh = { db: Kysely<Database>; schema?: string; close: () => Promise<void> };

async function freshDatabase(url: string | undefined): Promise<Fresh> {
  if (!url) {
    const db = await createDb({ inMemory: true });
    return { db, close: () => db.destroy() };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = await createDb({ databaseUrl: url, poolSize: 1 });
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  const db = await createDb({ databaseUrl: url, searchPath: schema, poolSize: 2 });
  return {
    db,
    schema,
    async close() {
      await db.destroy();
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
      await admin.destroy();
    },
  };
}

/** An employer of plan year 2026 with one member (columns every migration since 0001 has); answers the member's id. */
async function employerWithMember(db: Kysely<Database>): Promise<string> {
  const accountid = randomUUID();
  const memberid = randomUUID();
  await db.insertInto('employer').values({ accountid, accountname: 'A', teamid: randomUUID(), planyearstart: '2026-01-01', planyearend: '2026-12-31', businessyear: 2026 }).execute();
  await db
    .insertInto('member')
    .values({ id: memberid, accountid, priormemberid: randomUUID(), externalid: randomUUID(), primarymemberid: randomUUID(), firstname: 'A', lastname: 'B', emailaddress: 'a@b.test', personalemailaddress: 'a@b.test', createdby: 't', modifiedby: 't' })
    .execute();
  return memberid;
}

const targets = [{ name: 'pglite', url: undefined }, ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgresql', url: process.env.TEST_DATABASE_URL }] : [])];

describe.each(targets)('migration 0005-enrollment over existing orders on $name', ({ url }) => {
  it('fills the plan year and keeps only the newest main order of a member and year current', async () => {
    const { db, schema, close } = await freshDatabase(url);
    try {
      const first = new Migrator({ db, provider: { getMigrations: async () => ({ '0001-initial': m0001 }) }, migrationTableSchema: schema });
      expect((await first.migrateToLatest()).error).toBeUndefined();
      const memberid = await employerWithMember(db);
      const order = (category: 'waive' | 'healthinsurance' | 'HSA', businessyear: number, createdon: string) =>
        ({ id: randomUUID(), memberid, productid: randomUUID(), productfeeid: randomUUID(), orderid: randomUUID(), category, businessyear, createdon, createdby: 't', modifiedby: 't' }) as const;
      const rows = [
        order('waive', 2026, '2026-01-01T00:00:00Z'),
        order('healthinsurance', 2026, '2026-02-01T00:00:00Z'),
        order('HSA', 2026, '2026-02-01T00:00:00Z'),
        order('waive', 2025, '2025-03-01T00:00:00Z'),
      ];
      // Inserted through SQL of the old schema (no planyear column yet).
      for (const row of rows) {
        await sql`insert into member_order (id, memberid, productid, productfeeid, orderid, category, businessyear, createdon, createdby, modifiedby)
          values (${row.id}, ${row.memberid}, ${row.productid}, ${row.productfeeid}, ${row.orderid}, ${row.category}, ${row.businessyear}, ${row.createdon}, 't', 't')`.execute(db);
      }
      await migrate(db, schema);
      const after = await db.selectFrom('member_order').select(['id', 'planyear', 'supersededon']).execute();
      const byId = new Map(after.map((row) => [row.id, row]));
      expect(rows.map((row) => byId.get(row.id)!.planyear)).toEqual([2026, 2026, 2026, 2025]);
      expect(rows.map((row) => byId.get(row.id)!.supersededon !== null)).toEqual([true, false, false, false]);
    } finally {
      await close();
    }
  });
});

describe.each(targets)('migration 0019-one-current-order over existing orders on $name', ({ url }) => {
  it('keeps current only the HSA and service orders inside the current enrollment, the newest of each kind', async () => {
    const { db, schema, close } = await freshDatabase(url);
    try {
      const before = new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
      expect((await before.migrateTo('0018-stored-files')).error).toBeUndefined();
      const memberid = await employerWithMember(db);
      const [purchase, waiver] = [randomUUID(), randomUUID()];
      const order = (category: 'waive' | 'healthinsurance' | 'HSA' | 'additionalservices', planyear: number, enrollmentid: string | null, createdon: string) =>
        ({ id: randomUUID(), memberid, productid: randomUUID(), productfeeid: randomUUID(), orderid: randomUUID(), category, businessyear: planyear, planyear, enrollmentid, createdon, createdby: 't', modifiedby: 't' }) as const;
      const rows = [
        // 2026: a purchase with its HSA order, a second HSA order in it (newer), and one waiting outside it.
        order('healthinsurance', 2026, purchase, '2026-01-01T00:00:00Z'),
        order('HSA', 2026, purchase, '2026-01-01T00:00:00Z'),
        order('HSA', 2026, purchase, '2026-01-02T00:00:00Z'),
        order('HSA', 2026, null, '2026-01-03T00:00:00Z'),
        // 2025: a waiver with its service, and HSA orders beside it (waiting, or in the waiver's enrollment).
        order('waive', 2025, waiver, '2025-01-01T00:00:00Z'),
        order('additionalservices', 2025, waiver, '2025-01-01T00:00:00Z'),
        order('HSA', 2025, null, '2025-01-02T00:00:00Z'),
        order('HSA', 2025, waiver, '2025-01-03T00:00:00Z'),
        // 2024: orders from before enrollments had ids (migration 0005): the main order and its HSA order stay.
        order('healthinsurance', 2024, null, '2024-01-01T00:00:00Z'),
        order('HSA', 2024, null, '2024-01-01T00:00:00Z'),
      ];
      await db.insertInto('member_order').values(rows).execute();
      await migrate(db, schema);
      const after = new Map((await db.selectFrom('member_order').select(['id', 'supersededon']).execute()).map((row) => [row.id, row.supersededon !== null]));
      expect(rows.map((row) => after.get(row.id))).toEqual([false, true, false, true, false, false, true, true, false, false]);
      // The index: a second current HSA order of the member's 2026 is refused.
      await expect(db.insertInto('member_order').values(order('HSA', 2026, purchase, '2026-02-01T00:00:00Z')).execute()).rejects.toThrow(/member_order_one_current_extra/);
    } finally {
      await close();
    }
  });
});
