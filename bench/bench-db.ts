/**
 * What the benches share: a database of their own (PGlite in a temp dir, or with BENCH_DATABASE_URL a schema of its
 * own on PostgreSQL, dropped after), the densest (ZIP, county) pair of the imported plan catalogue, and the run of a
 * bench as a script. Each bench exports its run function with its sizes, so tests/bench/smoke.test.ts runs it at a
 * handful of requests on the test databases and no bench rots.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { createDb } from '#db/create-db.ts';
import type { Database } from '#db/database.ts';
import { migrate } from '#db/migrate.ts';

export type BenchDb = { name: string; db: Kysely<Database>; close: () => Promise<void> };

/** What a bench runs on: a migrated database, its name in the report, and a data folder for the app's config. */
export type BenchTarget = { name: string; db: Kysely<Database>; dataDir: string };

/** Runs a bench on a database of its own (openBenchDb unless told) in a new temp folder, closed and removed after. */
export async function onBenchDb<T>(run: (target: BenchTarget) => Promise<T>, open: (dataDir: string) => Promise<BenchDb> = openBenchDb): Promise<T> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'benefit-portal-bench-'));
  try {
    const { name, db, close } = await open(dataDir);
    try {
      return await run({ name, db, dataDir });
    } finally {
      await close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs a bench's main when its module is the script node started (`npx tsx bench/x.bench.ts`), not when the smoke
 * test imports it; main answers whether the bench met its goal (exit code 1 when not).
 */
export function runAsScript(moduleUrl: string, main: () => Promise<boolean | void>): void {
  const script = process.argv[1];
  if (!script || pathToFileURL(path.resolve(script)).href !== moduleUrl) return;
  main().then(
    (met) => {
      if (met === false) process.exitCode = 1;
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

/** A migrated database for one bench run: PGlite under dataDir, or a new schema of BENCH_DATABASE_URL. */
export function openBenchDb(dataDir: string): Promise<BenchDb> {
  const url = process.env.BENCH_DATABASE_URL;
  return url ? openPostgres(url) : openPglite(dataDir);
}

/** A migrated PGlite database under dataDir. */
export async function openPglite(dataDir: string): Promise<BenchDb> {
  const db = await createDb({ dataDir: path.join(dataDir, 'pglite') });
  await migrate(db);
  return { name: 'PGlite (file, temp dir)', db, close: () => db.destroy() };
}

/** A new, migrated schema of the PostgreSQL server at url, dropped by close. */
export async function openPostgres(url: string): Promise<BenchDb> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = await createDb({ databaseUrl: url, poolSize: 1 });
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  const db = await createDb({ databaseUrl: url, searchPath: schema });
  await migrate(db, schema);
  return {
    name: 'PostgreSQL (loopback)',
    db,
    async close() {
      await db.destroy();
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
      await admin.destroy();
    },
  };
}

/**
 * The (ZIP, county) pair with the most off-exchange plans sold there (the quote's own rules: the service area covers
 * the pair, the plan is sold in the county) in the catalogue's newest year, with the top 3 counties by plans.
 */
export async function densestPair(db: Kysely<Database>) {
  const result = await sql<{ plan_year: number; state: string; zip: string; county_fips: string; county_name: string; plans: number }>`
    select z.plan_year, z.state, z.zip, z.county_fips, z.county_name, count(distinct p.plan_id)::int as plans
    from plan_zip_county z
    join plan_service_area_zip sa on sa.plan_year = z.plan_year and sa.zip = z.zip and sa.county_fips = z.county_fips
    join plan p on p.plan_year = sa.plan_year and p.service_area_id = sa.service_area_id and p.off_exchange
    join plan_county pc on pc.plan_year = p.plan_year and pc.plan_id = p.plan_id and pc.county_fips = z.county_fips
    group by z.plan_year, z.state, z.zip, z.county_fips, z.county_name
    order by z.plan_year desc, plans desc, z.county_fips, z.zip
    limit 1`.execute(db);
  const pair = result.rows[0];
  if (!pair) throw new Error('The plan catalogue is empty');
  const counties = await sql<{ county_fips: string; plans: number }>`
    select pc.county_fips, count(*)::int as plans from plan_county pc join plan p on p.plan_year = pc.plan_year and p.plan_id = pc.plan_id
    where pc.plan_year = ${pair.plan_year} and p.off_exchange group by pc.county_fips order by plans desc, pc.county_fips limit 3`.execute(db);
  return { ...pair, topCounties: counties.rows };
}
