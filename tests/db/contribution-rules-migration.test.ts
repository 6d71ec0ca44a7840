/**
 * Migration 0004 converts an existing contribution_schedule into contribution rules: employee = employee_cents,
 * + spouse and + children = one dependent more, family = two dependents more. Run on a fresh PGlite migrated to
 * 0001 first (the PostgreSQL test database is always migrated whole).
 */
import { randomUUID } from 'node:crypto';
import { Migrator, sql, type Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb } from '#db/create-db.ts';
import * as m0001 from '#db/migrations/0001-initial.ts';
import * as m0004 from '#db/migrations/0004-contribution-rules.ts';
import * as contributions from '#db/repositories/employer/contribution.repository.ts';
import { contributionCents, ruleSetProblems } from '#domain/enrollment/contribution.ts';

describe('migration 0004-contribution-rules', () => {
  it('converts every schedule band into one rule per tier, and drops the old table', async () => {
    const db = await createDb({ inMemory: true });
    try {
      const migrations: Record<string, Migration> = { '0001-initial': m0001, '0004-contribution-rules': m0004 };
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0001-initial')).error).toBeUndefined();
      const accountid = randomUUID();
      await sql`insert into employer (accountid, accountname, teamid, planyearstart, planyearend, businessyear)
                values (${accountid}, 'Old', ${randomUUID()}, '2026-01-01', '2026-12-31', 2026)`.execute(db);
      for (const [ageMin, ageMax, employee, dependent] of [
        [0, 39, 30000, 10000],
        [40, 120, 50000, 10000],
      ]) {
        await sql`insert into contribution_schedule (id, accountid, contributionclass, age_min, age_max, employee_cents, dependent_cents)
                  values (${randomUUID()}, ${accountid}, 'ALL', ${ageMin}, ${ageMax}, ${employee}, ${dependent})`.execute(db);
      }
      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const rules = (await contributions.listByAccount(db, accountid)).map(contributions.toDomain);
      expect(rules).toHaveLength(8);
      expect(ruleSetProblems(rules)).toEqual([]);
      const at = (tier: 'employee' | 'employee-spouse' | 'employee-children' | 'family') =>
        contributionCents(rules, { contributionclass: 'ALL', birthdate: '1980-06-01', effectiveDate: '2026-01-01', tier, location: { state: null, ratingArea: null } });
      expect([at('employee'), at('employee-spouse'), at('employee-children'), at('family')]).toEqual([50000, 60000, 60000, 70000]);
      const tables = (await db.introspection.getTables()).map((table) => table.name);
      expect(tables).toContain('contribution_rule');
      expect(tables).not.toContain('contribution_schedule');
    } finally {
      await db.destroy();
    }
  });
});
