/**
 * Brings the schema up to date. The migrations are listed here (not read from a folder) so the same list runs
 * under tsx, vitest and any bundler; add new files to `migrations` in order.
 */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001-initial.ts';
import * as m0002 from './migrations/0002-geo.ts';
import * as m0003 from './migrations/0003-plan-catalogue.ts';
import * as m0004 from './migrations/0004-contribution-rules.ts';
import * as m0005 from './migrations/0005-enrollment.ts';
import * as m0007 from './migrations/0007-auth.ts';
import * as m0009 from './migrations/0009-ops.ts';
import * as m0010 from './migrations/0010-staff.ts';
import * as m0011 from './migrations/0011-override-versions.ts';
import * as m0012 from './migrations/0012-staff-employers.ts';
import * as m0013 from './migrations/0013-change-notices.ts';
import * as m0014 from './migrations/0014-refresh-retry.ts';
import * as m0015 from './migrations/0015-enrollment-record.ts';
import * as m0016 from './migrations/0016-employer-fields.ts';
import * as m0017 from './migrations/0017-draft-tags.ts';
import * as m0018 from './migrations/0018-stored-files.ts';
import * as m0019 from './migrations/0019-one-current-order.ts';
import * as m0020 from './migrations/0020-hsa-administrator.ts';
import * as m0021 from './migrations/0021-census-external-id.ts';
import * as m0022 from './migrations/0022-audit-reads.ts';
import * as m0023 from './migrations/0023-staff-totp.ts';
import * as m0024 from './migrations/0024-identity-providers.ts';
import * as m0025 from './migrations/0025-staff-single-sign-on.ts';
import * as m0026 from './migrations/0026-member-language.ts';
import * as m0027 from './migrations/0027-hsa-deduction.ts';
import * as m0028 from './migrations/0028-no-provider-id-token.ts';
import * as m0029 from './migrations/0029-spanish-employer-texts.ts';
import * as m0030 from './migrations/0030-staff-employer-access.ts';
import * as m0031 from './migrations/0031-contribution-rule-versions.ts';
import * as m0032 from './migrations/0032-guarded-text-approval.ts';
import * as m0033 from './migrations/0033-roster-pages.ts';

const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-geo': m0002,
  '0003-plan-catalogue': m0003,
  '0004-contribution-rules': m0004,
  '0005-enrollment': m0005,
  '0007-auth': m0007,
  '0009-ops': m0009,
  '0010-staff': m0010,
  '0011-override-versions': m0011,
  '0012-staff-employers': m0012,
  '0013-change-notices': m0013,
  '0014-refresh-retry': m0014,
  '0015-enrollment-record': m0015,
  '0016-employer-fields': m0016,
  '0017-draft-tags': m0017,
  '0018-stored-files': m0018,
  '0019-one-current-order': m0019,
  '0020-hsa-administrator': m0020,
  '0021-census-external-id': m0021,
  '0022-audit-reads': m0022,
  '0023-staff-totp': m0023,
  '0024-identity-providers': m0024,
  '0025-staff-single-sign-on': m0025,
  '0026-member-language': m0026,
  '0027-hsa-deduction': m0027,
  '0028-no-provider-id-token': m0028,
  '0029-spanish-employer-texts': m0029,
  '0030-staff-employer-access': m0030,
  '0031-contribution-rule-versions': m0031,
  '0032-guarded-text-approval': m0032,
  '0033-roster-pages': m0033,
};

/** Every migration in order (a test migrates to one of them, then writes rows of the schema as it was). */
export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/**
 * `schema` names where Kysely keeps its migration tables. Without it Kysely's "does the lock table exist?" check
 * looks in every schema, so a database holding several schemas (the PostgreSQL tests) would find another's.
 */
export async function migrate(db: Kysely<any>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`Migration failed: ${String(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
