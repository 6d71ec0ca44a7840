/**
 * The databases every server and db test runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
 * Each create() is a fresh, migrated database of its own holding the shipped reference data (the nationwide ZIP
 * crosswalk...), imported by the product's own import code, so test files run in parallel and in any order:
 * - PGlite: loaded from a migrated and imported template dump (built once per schema and data version and cached
 *   in the temp dir: initdb costs ~3 s, loading a dump ~0.7 s);
 * - PostgreSQL: a new schema with a random name (search_path set on the pool's connections), dropped on close;
 *   the full import costs ~0.35 s a schema (unnest batches), so no subset is needed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, sql } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { createDb, PGliteDialect, pgliteTypeOptions } from '#db/create-db.ts';
import type { Database } from '#db/database.ts';
import { migrate } from '#db/migrate.ts';
import { importReferenceData } from '#server/data-import/index.ts';

export type TestDb = { db: Kysely<Database>; close: () => Promise<void> };
export type TestDatabase = { name: 'pglite' | 'postgresql'; create: () => Promise<TestDb> };

const root = fileURLToPath(new URL('../../../', import.meta.url));

const filesUnder = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();

/**
 * Changes whenever a migration (or the migrator), the import code or the shipped data changes, so a stale
 * template is never loaded.
 */
function schemaVersion(): string {
  const hash = createHash('sha256');
  const files = ['src/db/migrate.ts', ...filesUnder('src/db/migrations'), ...filesUnder('src/server/data-import'), ...filesUnder('data')];
  for (const file of files) hash.update(file).update(readFileSync(path.join(root, file)));
  return hash.digest('hex').slice(0, 16);
}

let template: Promise<Blob> | null = null;

function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = path.join(os.tmpdir(), `benefit-portal-pglite-${schemaVersion()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const pglite = await PGlite.create(pgliteTypeOptions);
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    await migrate(db);
    await importReferenceData(db);
    const dump = await pglite.dumpDataDir('none');
    await db.destroy();
    // Written aside and renamed, so a parallel worker never reads half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  })();
  return template;
}

const pglite: TestDatabase = {
  name: 'pglite',
  async create() {
    const db = await createDb({ inMemory: true, loadDataDir: await pgliteTemplate() });
    return { db, close: () => db.destroy() };
  },
};

/** Runs one statement on a short-lived connection, so a test file holds only its own pool open. */
async function adminRun(url: string, statement: (db: Kysely<Database>) => Promise<unknown>): Promise<void> {
  const admin = await createDb({ databaseUrl: url, poolSize: 1 });
  try {
    await statement(admin);
  } finally {
    await admin.destroy();
  }
}

function postgresql(url: string): TestDatabase {
  return {
    name: 'postgresql',
    async create() {
      const schema = `test_${randomBytes(6).toString('hex')}`;
      await adminRun(url, (admin) => sql`create schema ${sql.id(schema)}`.execute(admin));
      const db = await createDb({ databaseUrl: url, searchPath: schema, poolSize: 4 });
      try {
        await migrate(db, schema);
        await importReferenceData(db);
      } catch (error) {
        await db.destroy();
        await adminRun(url, (admin) => sql`drop schema ${sql.id(schema)} cascade`.execute(admin));
        throw error;
      }
      return {
        db,
        async close() {
          await db.destroy();
          await adminRun(url, (admin) => sql`drop schema ${sql.id(schema)} cascade`.execute(admin));
        },
      };
    },
  };
}

export function databases(): TestDatabase[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [pglite, postgresql(url)] : [pglite];
}
