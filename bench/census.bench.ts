/**
 * The census import (src/server/services/staff-employees/census-import.ts) of BENCH_ROWS employees (default 5,000,
 * the file's cap), on PGlite in a temp dir or with BENCH_DATABASE_URL a schema of PostgreSQL: the service called as
 * the route calls it, with the app's own content service (the person checks of the employer's documents). Per
 * round (BENCH_ROUNDS, default 3) a new employer: its first import (every row added), then the same people again
 * with a new last name, class and ZIP each (every row updated), then the same file once more (every row unchanged).
 * Prints each time and the median, with this process's CPU time (on PGlite the database's too), and the size of the updating import's audit record; never a timed assertion. Run with
 *   npx tsx bench/census.bench.ts
 */
import '#product/compile-setup.ts';
import '#product/engine-setup.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '#db/database.ts';
import * as employers from '#db/repositories/employer/employer.repository.ts';
import * as staffUsers from '#db/repositories/staff/staff-user.repository.ts';
import { demoEmployer } from '#db/seed/demo-employer.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { importGeo } from '#server/data-import/geo.importer.ts';
import { importCensus } from '#server/services/staff-employees/census-import.ts';
import { openBenchDb } from './bench-db.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** ZIPs of one county each, so every row's address is filled from the crosswalk. */
const ZIPS = ['30301', '97201', '62701', '10001'];

/** The JSON text length of the employer's latest census-import audit record. */
async function importRecordSize(db: Kysely<Database>, accountid: string): Promise<number> {
  const row = await db
    .selectFrom('staff_audit')
    .select(sql<number>`length(cast("after" as text))`.as('size'))
    .where('entity_id', '=', accountid)
    .where('action', '=', 'census-import')
    .orderBy('createdon', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return Number(row.size);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A census file of ROWS employees; `edition` changes each one's last name, class and ZIP. */
function censusFile(tag: string, edition: number): string {
  const rows = Array.from({ length: ROWS }, (_, n) => {
    const birthdate = `${1950 + (n % 50)}-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;
    return [`Worker`, `Census${edition === 0 ? '' : 'son'}`, `w${n}.${tag}@census.example`, birthdate, edition === 0 ? 'ALL' : 'Exec', ZIPS[(n + edition) % ZIPS.length], `E-${n}`].join(',');
  });
  return ['firstname,lastname,email,birthdate,class,zip,externalid', ...rows].join('\r\n') + '\r\n';
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'benefit-portal-bench-'));
  const { name, db, close } = await openBenchDb(dataDir);
  try {
    await importGeo(db, { zips: ZIPS });
    const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1', NODE_ENV: 'test' });
    const app = await buildApp({ config, db, mail: { announce: () => {} } });
    const staff = await staffUsers.insert(db, { email: `bench-${randomUUID()}@staff.test`, role: 'implementer', passwordHash: 'unused', employers: { all: true, accountids: [] } });
    if (!staff) throw new Error('The staff user could not be created.');
    const year = new Date().getUTCFullYear();
    let recordSize = 0;
    const times = { added: [] as number[], updated: [] as number[], unchanged: [] as number[] };
    // On a shared machine the wall time waits on other work; this process's CPU time does not (PGlite's included).
    const cpuTimes = { added: [] as number[], updated: [] as number[], unchanged: [] as number[] };

    console.log(`Census import: ${name}, ${ROWS} rows a file, ${ROUNDS} rounds, Node ${process.version}`);
    for (let round = 0; round < ROUNDS; round += 1) {
      const employer = await employers.insert(db, { ...demoEmployer(year), accountid: randomUUID(), accountname: `Census Bench ${round}` });
      const tag = randomBytes(4).toString('hex');
      const files = { added: censusFile(tag, 0), updated: censusFile(tag, 1), unchanged: censusFile(tag, 1) };
      for (const [kind, csv] of Object.entries(files) as Array<[keyof typeof files, string]>) {
        const started = performance.now();
        const cpu = process.cpuUsage();
        const answer = await importCensus(db, { config, mail: app.mail, content: app.content, now: new Date() }, staff, employer, csv, false);
        times[kind].push(performance.now() - started);
        const used = process.cpuUsage(cpu);
        cpuTimes[kind].push((used.user + used.system) / 1000);
        if (answer[kind] !== ROWS) throw new Error(`Round ${round}, ${kind}: ${JSON.stringify({ ...answer, memberids: undefined, updates: undefined })}`);
        if (kind === 'updated' && round === 0) recordSize = await importRecordSize(db, employer.accountid);
      }
    }
    for (const [kind, values] of Object.entries(times)) {
      const cpu = cpuTimes[kind as keyof typeof cpuTimes];
      console.log(`  ${ROWS} rows ${kind}: ${values.map((ms) => ms.toFixed(0)).join(', ')} ms (median ${median(values).toFixed(0)} ms); CPU of this process ${cpu.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    }
    console.log(`  the audit record of ${ROWS} updates: ${(recordSize / 1024).toFixed(0)} KB of JSON`);
    await app.close();
  } finally {
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
