/**
 * POST /api/HealthPlanQuote for a family of five in the densest (ZIP, county) of the plan catalogue, against a
 * trivial endpoint of the same server (GET /api/Version/test) measured in the same run at the same concurrency.
 * The issue's bar: the quote costs at most 3 times the trivial endpoint at p99.
 *
 * The app listens on loopback in this process, on PGlite (temp dir) or, with BENCH_DATABASE_URL, on PostgreSQL
 * (a schema of its own, dropped after). The whole plan catalogue (data/plans) is imported; the densest pair is
 * the (ZIP, county) with the most off-exchange plans sold there (the quote's own rules: service area covers the
 * pair, plan sold in the county), computed from the database and printed. One member signs up through the API
 * and adds four dependents through the API (spouse, three children, one of them over 21); the quote prices that
 * family on file on the first effective date GET /api/EffectiveDates offers.
 *
 * Each endpoint: BENCH_WARMUP requests (default 200) unmeasured, then BENCH_REQUESTS (default 2000) with
 * BENCH_CONCURRENCY in flight (default 50), fetch over loopback (keep-alive). The trivial endpoint and the
 * quote alternate for BENCH_ROUNDS rounds (default 2); each line reports the load average when it ran.
 * Not part of npm test (a benchmark, never a timed assertion); run with
 *   npm run bench:quote                                   (PGlite)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:quote
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { createDb } from '#db/create-db.ts';
import type { Database } from '#db/database.ts';
import { migrate } from '#db/migrate.ts';
import { DEMO_ACCOUNT_NAME, DEMO_TEAM_ID, seedDemoEmployer } from '#db/seed/demo-employer.ts';
import { todayUtc } from '#domain/dates.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { importPlanCatalogue } from '#server/data-import/plans.import.ts';
import { registerMember } from '../tests/server/helpers/fixtures.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

async function open(dataDir: string): Promise<{ name: string; db: Kysely<Database>; close: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    const db = await createDb({ dataDir: path.join(dataDir, 'pglite') });
    await migrate(db);
    return { name: 'PGlite (file, temp dir)', db, close: () => db.destroy() };
  }
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

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

type Figures = { p50: number; p95: number; p99: number; max: number; perSecond: number; load: number };

/** `count` requests with CONCURRENCY in flight; every answer must be 200 and pass `check` (read fully). */
async function measure(count: number, send: () => Promise<Response>, check: (body: string) => void): Promise<Figures> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, count) }, async () => {
      while (next < count) {
        next += 1;
        const start = performance.now();
        const response = await send();
        const text = await response.text();
        times.push(performance.now() - start);
        if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${text.slice(0, 300)}`);
        check(text);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times.at(-1)!,
    perSecond: count / seconds,
    load: os.loadavg()[0]!,
  };
}

/** The (ZIP, county) with the most off-exchange plans sold there, by the quote's own rules, in the newest year. */
async function densestPair(db: Kysely<Database>) {
  const result = await sql<{ plan_year: number; zip: string; county_fips: string; county_name: string; plans: number }>`
    select z.plan_year, z.zip, z.county_fips, z.county_name, count(distinct p.plan_id)::int as plans
    from plan_zip_county z
    join plan_service_area_zip sa on sa.plan_year = z.plan_year and sa.zip = z.zip and sa.county_fips = z.county_fips
    join plan p on p.plan_year = sa.plan_year and p.service_area_id = sa.service_area_id and p.off_exchange
    join plan_county pc on pc.plan_year = p.plan_year and pc.plan_id = p.plan_id and pc.county_fips = z.county_fips
    group by z.plan_year, z.zip, z.county_fips, z.county_name
    order by z.plan_year desc, plans desc, z.county_fips, z.zip
    limit 1`.execute(db);
  const pair = result.rows[0];
  if (!pair) throw new Error('The plan catalogue is empty');
  const counties = await sql<{ county_fips: string; plans: number }>`
    select pc.county_fips, count(*)::int as plans from plan_county pc join plan p on p.plan_year = pc.plan_year and p.plan_id = pc.plan_id
    where pc.plan_year = ${pair.plan_year} and p.off_exchange group by pc.county_fips order by plans desc, pc.county_fips limit 3`.execute(db);
  return { ...pair, topCounties: counties.rows };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'benefit-portal-bench-'));
  const { name, db, close } = await open(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1', AUTH_RATE_LIMIT: '100000', NODE_ENV: 'test' });
  const today = todayUtc(new Date());
  const accountid = await seedDemoEmployer(db, today);
  await importPlanCatalogue(db);
  const pair = await densestPair(db);
  const app = await buildApp({ config, db, mail: { announce: () => {} } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  try {
    const member = await registerMember(app, { accountid, accountname: DEMO_ACCOUNT_NAME, teamid: DEMO_TEAM_ID });
    const auth = member.auth;
    const year = Number(today.slice(0, 4));
    await db.updateTable('member').set({ birthdate: `${year - 45}-03-10`, postalcode: pair.zip, istobaccouser: 'No' }).where('id', '=', member.memberId).execute();
    const family = [
      { firstname: 'Sam', relationship: 'spouse', dateofbirth: `${year - 43}-07-21`, gender: 'Female', additionalid: '123456781' },
      { firstname: 'Kim', relationship: 'child', dateofbirth: `${year - 22}-01-15`, gender: 'Male', additionalid: '123456782' },
      { firstname: 'Lee', relationship: 'child', dateofbirth: `${year - 16}-09-02`, gender: 'Female', additionalid: '123456783' },
      { firstname: 'Max', relationship: 'child', dateofbirth: `${year - 9}-11-30`, gender: 'Male', additionalid: '123456784' },
    ];
    for (const person of family) {
      const added = await fetch(`${base}/api/Dependent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth },
        body: JSON.stringify({ ...person, lastname: 'Bench', istobaccouser: false }),
      });
      if (!added.ok) throw new Error(`Dependent: ${await added.text()}`);
    }
    const dates = (await (await fetch(`${base}/api/EffectiveDates`, { headers: auth })).json()) as { data: { effectivedates: string[] } };
    const effectivedate = dates.data.effectivedates[0];
    if (!effectivedate) throw new Error('No effective date offered');

    const quoteBody = JSON.stringify({
      postalcode: pair.zip,
      countycode: pair.county_fips,
      policyeffectivedaterequested: effectivedate,
      accountid,
      memberdependentlist: [],
    });
    const sendQuote = () => fetch(`${base}/api/HealthPlanQuote`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: quoteBody });
    const sendTrivial = () => fetch(`${base}/api/Version/test`);
    let plansQuoted = 0;
    let ratesYear = 0;
    let answerBytes = 0;
    const checkQuote = (text: string) => {
      const data = (JSON.parse(text) as { data: { healthplans: unknown[]; ratesyear: number } }).data;
      if (data.healthplans.length !== pair.plans) throw new Error(`Quoted ${data.healthplans.length} plans, expected ${pair.plans}`);
      plansQuoted = data.healthplans.length;
      answerBytes = Buffer.byteLength(text);
      ratesYear = data.ratesyear;
    };
    const checkTrivial = (text: string) => {
      if (!text.includes('Benefit Portal')) throw new Error(`Version: ${text}`);
    };

    await measure(WARMUP, sendTrivial, checkTrivial);
    await measure(WARMUP, sendQuote, checkQuote);
    const rows: Array<{ round: number; trivial: Figures; quote: Figures }> = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const trivial = await measure(REQUESTS, sendTrivial, checkTrivial);
      const quote = await measure(REQUESTS, sendQuote, checkQuote);
      rows.push({ round, trivial, quote });
    }

    const mem = (os.totalmem() / 1073741824).toFixed(0);
    console.log(`Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${mem} GB RAM, ${os.platform()} ${os.release()}.`);
    console.log(`\n### ${name}\n`);
    console.log(
      `Densest pair: ZIP ${pair.zip}, ${pair.county_name} (FIPS ${pair.county_fips}), ${pair.plans} off-exchange plans in ${pair.plan_year}` +
        ` (plans per county FIPS, top 3: ${pair.topCounties.map((c) => `${c.county_fips} ${c.plans}`).join(', ')}).`,
    );
    console.log(
      `Family of five on file (45, spouse 43, children 22, 16, 9), effective ${effectivedate}, rates year ${ratesYear}, ${plansQuoted} plans in each answer (${(answerBytes / 1024).toFixed(0)} KB of JSON).`,
    );
    console.log(`${REQUESTS} requests per endpoint per round, ${CONCURRENCY} in flight, after ${WARMUP} warm-up requests each.\n`);
    console.log('| Round | Endpoint | Load avg (1 min) | Per second | p50 ms | p95 ms | p99 ms | max ms |\n|---|---|---|---|---|---|---|---|');
    const line = (round: number, endpoint: string, f: Figures) =>
      console.log(
        `| ${round} | ${endpoint} | ${f.load.toFixed(2)} | ${f.perSecond.toFixed(0)} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.max.toFixed(1)} |`,
      );
    for (const row of rows) {
      line(row.round, 'GET /api/Version/test', row.trivial);
      line(row.round, 'POST /api/HealthPlanQuote', row.quote);
    }
    console.log('');
    let within = true;
    for (const row of rows) {
      const ratio = row.quote.p99 / row.trivial.p99;
      within &&= ratio <= 3;
      console.log(`Round ${row.round}: quote p99 / trivial p99 = ${ratio.toFixed(2)} (p50 ratio ${(row.quote.p50 / row.trivial.p50).toFixed(2)}): ${ratio <= 3 ? 'within' : 'ABOVE'} 3x.`);
    }
    if (!within) process.exitCode = 1;
  } finally {
    await app.close();
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
