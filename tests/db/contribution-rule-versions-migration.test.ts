/**
 * Migration 0031 keeps every employer's rules in force and makes them its version 1, published: the versions
 * begin with what employees were paid by. Run on a fresh PGlite migrated to 0030 first.
 */
import { randomUUID } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb } from '#db/create-db.ts';
import { migrationProvider } from '#db/migrate.ts';
import * as contributions from '#db/repositories/employer/contribution.repository.ts';
import * as versions from '#db/repositories/employer/contribution-version.repository.ts';
import { tierRules } from '#domain/enrollment/contribution.ts';

describe('migration 0031-contribution-rule-versions', () => {
  it("makes each employer's rules its published version 1, and an employer without rules none", async () => {
    const db = await createDb({ inMemory: true });
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('0030-staff-employer-access')).error).toBeUndefined();
      const [withRules, without] = [randomUUID(), randomUUID()];
      for (const accountid of [withRules, without]) {
        await sql`insert into employer (accountid, accountname, teamid, planyearstart, planyearend, businessyear)
                  values (${accountid}, 'Old', ${randomUUID()}, '2026-01-01', '2026-12-31', 2026)`.execute(db);
      }
      const rules = [...tierRules('ALL', 0, 39, { employee: 30000, 'employee-spouse': 40000, 'employee-children': 40000, family: 50000 }), ...tierRules('ALL', 40, 120, { employee: 50000, 'employee-spouse': 60000, 'employee-children': 60000, family: 70000 })];
      for (const rule of rules) {
        await sql`insert into contribution_rule (id, accountid, contributionclass, age_min, age_max, tier, state, rating_area, amount_cents)
                  values (${randomUUID()}, ${withRules}, ${rule.contributionclass}, ${rule.ageMin}, ${rule.ageMax}, ${rule.tier}, null, null, ${rule.amountCents})`.execute(db);
      }
      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const published = await versions.findPublished(db, withRules);
      expect(published).toMatchObject({ version: 1, status: 'published', created_by: null });
      const inForce = (await contributions.listByAccount(db, withRules)).map(contributions.toDomain);
      expect(inForce).toHaveLength(8);
      // The version holds the rules in force, as the repository reads them.
      expect(versions.rulesOf(published!).map(({ noContribution, ...rule }) => ({ ...rule, noContribution }))).toEqual(inForce.map((rule) => ({ ...rule, noContribution: false })));
      expect(await versions.listVersions(db, without)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
