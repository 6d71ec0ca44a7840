/**
 * The databases the tests run on. The API suite runs on one: PostgreSQL when TEST_DATABASE_URL is set (as CI does),
 * else PGlite, so a machine without PostgreSQL still runs everything. The database layer's conformance files
 * (migrations, transactions, locks, change notices, storage, the imports, two instances) run on both engines.
 * Each create() is a fresh, migrated database of its own holding the shipped reference data (the nationwide ZIP
 * crosswalk...), imported by the product's own import code, so test files run in parallel and in any order:
 * - PGlite: loaded from a migrated and imported template dump (built once per schema and data version and cached
 *   in the temp dir: initdb costs ~3 s, loading a dump ~0.7 s);
 * - PostgreSQL: a new database with a random name, copied from a template database migrated and imported once
 *   (see postgresqlTemplate), dropped on close.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, sql } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { createDb, PGliteDialect, pgliteStartParams, pgliteTypeOptions } from '#db/create-db.ts';
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
    const pglite = await PGlite.create({ ...pgliteTypeOptions, startParams: pgliteStartParams });
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

/** The server's URL with another database name. */
function urlOfDatabase(url: string, database: string): string {
  const target = new URL(url);
  target.pathname = `/${database}`;
  return target.toString();
}

const TEMPLATE_PREFIX = 'benefit_portal_template_';
let postgresqlTemplateName: Promise<string> | null = null;

/**
 * The name of a database migrated and imported once for every run of this schema and data version; each create()
 * copies it (CREATE DATABASE ... TEMPLATE, ~0.1 s against ~2.5 s for a migration and the full import). Built under a
 * name of its own and renamed, so a parallel worker or an interrupted run never copies half a template; templates
 * of other versions are dropped.
 */
function postgresqlTemplate(url: string): Promise<string> {
  postgresqlTemplateName ??= (async () => {
    const name = `${TEMPLATE_PREFIX}${schemaVersion()}`;
    const admin = await createDb({ databaseUrl: url, poolSize: 1 });
    try {
      const existing = await sql<{ datname: string }>`select datname from pg_database where datname like ${`${TEMPLATE_PREFIX}%`}`.execute(admin);
      if (existing.rows.some((row) => row.datname === name)) return name;
      const building = `${name}_${randomBytes(4).toString('hex')}`;
      await sql`create database ${sql.id(building)}`.execute(admin);
      const db = await createDb({ databaseUrl: urlOfDatabase(url, building), poolSize: 4 });
      try {
        await migrate(db);
        await importReferenceData(db);
      } finally {
        await db.destroy();
      }
      try {
        await sql`alter database ${sql.id(building)} rename to ${sql.id(name)}`.execute(admin);
      } catch {
        // Another worker renamed its copy first: use that one.
        await sql`drop database if exists ${sql.id(building)} with (force)`.execute(admin);
      }
      for (const { datname } of existing.rows) {
        if (!datname.startsWith(name)) await sql`drop database if exists ${sql.id(datname)} with (force)`.execute(admin);
      }
      return name;
    } finally {
      await admin.destroy();
    }
  })();
  return postgresqlTemplateName;
}

/**
 * Drops a test database once its connections have closed: a pool's last clients may still be saying goodbye when
 * destroy() answers, and a forced drop would end them with an error nobody listens for. Forced after 5 s.
 */
async function dropWhenClosed(admin: Kysely<Database>, name: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = ${name}`.execute(admin);
    if (rows[0]!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
}

/** A database that another connection (a second instance, a CLI) can reach: its own URL on the test server. */
export async function urlOfTestDatabase(db: Kysely<Database>): Promise<string> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('urlOfTestDatabase needs TEST_DATABASE_URL.');
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
  return urlOfDatabase(url, rows[0]!.name);
}

function postgresql(url: string): TestDatabase {
  return {
    name: 'postgresql',
    async create() {
      const name = `benefit_portal_test_${randomBytes(6).toString('hex')}`;
      const copy = async () => {
        const template = await postgresqlTemplate(url);
        await adminRun(url, (admin) => sql`create database ${sql.id(name)} template ${sql.id(template)}`.execute(admin));
      };
      try {
        await copy();
      } catch (error) {
        // A run of another version on the same server (a second checkout) dropped this version's template: build it again.
        if ((error as { code?: string }).code !== '3D000') throw error;
        postgresqlTemplateName = null;
        await copy();
      }
      const db = await createDb({ databaseUrl: urlOfDatabase(url, name), poolSize: 4 });
      return {
        db,
        async close() {
          await db.destroy();
          await adminRun(url, (admin) => dropWhenClosed(admin, name));
        },
      };
    },
  };
}

/** The API suite's one database: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export function databases(): TestDatabase[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [postgresql(url)] : [pglite];
}

/** The database layer's conformance tests: PGlite always, and PostgreSQL when TEST_DATABASE_URL is set. */
export function everyDatabase(): TestDatabase[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [pglite, postgresql(url)] : [pglite];
}
