/**
 * Migration 0032 gives document_override an approval (who, when, the tag approved): a version stored before has
 * none, so a draft that changes a guarded text waits for a second staff member whatever was stored. Run on a fresh
 * PGlite migrated to 0031 first.
 */
import { randomUUID } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb } from '#db/create-db.ts';
import { migrationProvider } from '#db/migrate.ts';
import * as overrides from '#db/repositories/employer/document-override.repository.ts';

describe('migration 0032-guarded-text-approval', () => {
  it('keeps every stored version, none approved', async () => {
    const db = await createDb({ inMemory: true });
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('0031-contribution-rule-versions')).error).toBeUndefined();
      const accountid = randomUUID();
      await sql`insert into employer (accountid, accountname, teamid, planyearstart, planyearend, businessyear)
                values (${accountid}, 'Old', ${randomUUID()}, '2026-01-01', '2026-12-31', 2026)`.execute(db);
      const patch = JSON.stringify({ schema: { properties: { ichracertified: { title: 'Tick to continue.' } } } });
      await sql`insert into document_override (id, accountid, documentid, version, status, patch, createdon, updatedon)
                values (${randomUUID()}, ${accountid}, 'ichra-acknowledgment', 1, 'draft', ${patch}::jsonb, now(), now())`.execute(db);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const draft = await overrides.findDraft(db, accountid, 'ichra-acknowledgment');
      expect(draft).toMatchObject({ version: 1, status: 'draft', approved_by: null, approvedon: null, approved_tag: null });
      expect(draft!.patch).toEqual(JSON.parse(patch));
    } finally {
      await db.destroy();
    }
  });
});
