import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { migrate } from '#db/migrate.ts';
import { everyDatabase } from '../server/helpers/databases.ts';

const tables = [
  'broker',
  'contribution_rule',
  'contribution_rule_version',
  'county_rating_area',
  'dependent',
  'document_override',
  'employer',
  'employer_contact',
  'employer_identity_provider',
  'enrollment',
  'idempotency_key',
  'log_fact',
  'mail_outbox',
  'member',
  'member_account',
  'member_order',
  'oidc_login_state',
  'oidc_session',
  'plan',
  'plan_county',
  'plan_rate',
  'plan_service_area_zip',
  'plan_zip_county',
  'product',
  'product_option',
  'rate_limit',
  'reference_data',
  'refresh_token',
  'security_event',
  'session',
  'set_password_token',
  'signin_failure',
  'staff_audit',
  'staff_console_setting',
  'staff_oidc_session',
  'staff_session',
  'staff_signin_pending',
  'staff_user',
  'staff_user_employer',
  'stored_file',
  'zip_county',
];

describe.each(everyDatabase())('migrations on $name', (database) => {
  it('creates every table, and running again changes nothing', async () => {
    const { db, close } = await database.create();
    try {
      // Only the product's own schema, not the catalogue's.
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
      const found = (await db.introspection.getTables()).filter((table) => table.schema === rows[0]!.schema);
      expect(found.map((t) => t.name).sort()).toEqual(tables);
      expect(await migrate(db)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('answers dates as YYYY-MM-DD, counts as numbers, timestamps as Date and jsonb parsed', async () => {
    const { db, close } = await database.create();
    try {
      await db
        .insertInto('employer')
        .values({ accountid: randomUUID(), accountname: 'A', teamid: randomUUID(), planyearstart: '2026-01-01', planyearend: '2026-12-31', businessyear: 2026 })
        .execute();
      const employer = await db.selectFrom('employer').selectAll().executeTakeFirstOrThrow();
      expect(employer.planyearstart).toBe('2026-01-01');
      // An employer set up without one has no HSA administrator (migration 0020): its HSA orders name no vendor.
      expect(employer.hsaadministrator).toBeNull();
      expect(employer.createdon).toBeInstanceOf(Date);
      const { n } = await db.selectFrom('employer').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      expect(n).toBe(1);
      const bigint = await sql<{ v: unknown }>`select 9007199254740::int8 as v`.execute(db);
      expect(bigint.rows[0]!.v).toBe(9007199254740);
      await db.insertInto('log_fact').values({ id: randomUUID(), title: 't', data: JSON.stringify([1, { a: 'b' }]) }).execute();
      const fact = await db.selectFrom('log_fact').select('data').executeTakeFirstOrThrow();
      expect(fact.data).toEqual([1, { a: 'b' }]);
    } finally {
      await close();
    }
  });

  it('reports affected rows of inserts, updates and deletes', async () => {
    const { db, close } = await database.create();
    try {
      const values = [1, 2, 3].map((i) => ({ id: randomUUID(), recipient: `r${i}@x.test`, subject: 's', text_body: 't' }));
      const inserted = await db.insertInto('mail_outbox').values(values).executeTakeFirst();
      expect(inserted.numInsertedOrUpdatedRows).toBe(3n);
      const updated = await db.updateTable('mail_outbox').set({ attempts: 1 }).where('recipient', '!=', 'r1@x.test').executeTakeFirst();
      expect(updated.numUpdatedRows).toBe(2n);
      const deleted = await db.deleteFrom('mail_outbox').executeTakeFirst();
      expect(deleted.numDeletedRows).toBe(3n);
    } finally {
      await close();
    }
  });
});
