/**
 * Throughput of whole authorizations (POST /api/Enrollment/Authorize) on PostgreSQL: the app listens on loopback
 * in this process, BENCH_MEMBERS members (default 40) are registered and signed in, then BENCH_REQUESTS
 * authorizations (default 1000) are sent with BENCH_CONCURRENCY in flight (default 32), each with its own
 * Idempotency-Key, members taken in turn, every other one a purchase (HSA-eligible plan, HSA contribution,
 * additional service) and the others a waiver with a service. Each one is a full transaction: member lock,
 * effective dates, premium, HSA limit, service price, contribution, supersede the earlier enrollment, three
 * orders, member plan, member account, SUBMITTED REQUEST, the stored answer. The script prints the rate and
 * p50/p95/max latency, and checks that every member ends with exactly one current enrollment.
 *
 * Premiums come from the API tests' fixture catalogue (tests/server/plan-premiums.fixture.ts, contract 2's
 * signature) until the plan catalogue is merged. Not part of npm test; run with
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/authorize.bench.ts
 * (without BENCH_DATABASE_URL it runs on PGlite in a temp dir, which serializes every query on one connection).
 */
import { randomBytes, randomUUID } from 'node:crypto';
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
import { offeredEffectiveDates } from '#server/services/enrollment-prices.ts';
import { registerMember } from '../tests/server/helpers/fixtures.ts';
import { FIXTURE_COUNTY, FIXTURE_ZIP, fixturePlanPremiums, HSA_PLAN } from '../tests/server/plan-premiums.fixture.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 40);
const INDIVIDUAL_OPTION = '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a32';

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

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'benefit-portal-bench-'));
  const { name, db, close } = await open(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1', AUTH_RATE_LIMIT: '100000', NODE_ENV: 'test' });
  const today = todayUtc(new Date());
  const accountid = await seedDemoEmployer(db, today);
  const app = await buildApp({ config, db, mail: { announce: () => {} }, planPremiums: fixturePlanPremiums });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  try {
    const members: { id: string; auth: Record<string, string> }[] = [];
    for (let i = 0; i < MEMBERS; i += 1) {
      // Signed up as the API tests sign up (register, the e-mailed set-password link, sign-in).
      const member = await registerMember(app, { accountid, accountname: DEMO_ACCOUNT_NAME, teamid: DEMO_TEAM_ID }, { lastname: `Mark${i}` });
      await db.updateTable('member').set({ birthdate: `${1960 + (i % 40)}-05-01`, postalcode: FIXTURE_ZIP }).where('id', '=', member.memberId).execute();
      members.push({ id: member.memberId, auth: member.auth });
    }
    const [effectivedate] = await offeredEffectiveDates(db, members[0]!.id, today);
    const cart = (n: number) =>
      n % 2 === 0
        ? { effectivedate, healthoption: 'buy', planid: HSA_PLAN, postalcode: FIXTURE_ZIP, countycode: FIXTURE_COUNTY, hsamonthly: 100, productoptionid: INDIVIDUAL_OPTION }
        : { effectivedate, healthoption: 'waive', postalcode: '', countycode: '', hsamonthly: 0, waivecoveragereason: 'Coverage under Medicare', productoptionid: INDIVIDUAL_OPTION };

    const times: number[] = [];
    let next = 0;
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          const n = next++;
          const member = members[n % members.length]!;
          const start = performance.now();
          const response = await post('/api/Enrollment/Authorize', cart(Math.floor(n / members.length)), { ...member.auth, 'idempotency-key': randomUUID() });
          const text = await response.text();
          times.push(performance.now() - start);
          if (!response.ok) throw new Error(`Authorize: HTTP ${response.status} ${text}`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const rssAfter = process.memoryUsage().rss;
    times.sort((a, b) => a - b);

    const current = await db
      .selectFrom('member_order')
      .select(['memberid', (eb) => eb.fn.countAll<number>().as('n')])
      .where('supersededon', 'is', null)
      .where('category', 'in', ['healthinsurance', 'waive'])
      .groupBy('memberid')
      .execute();
    const oneEach = current.length === members.length && current.every((row) => Number(row.n) === 1);

    console.log(`Node ${process.version}, ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}.`);
    console.log(`\n### ${name}\n`);
    console.log(`${REQUESTS} authorizations, ${CONCURRENCY} in flight, ${MEMBERS} members, half purchases (plan + HSA + service), half waivers (+ service).\n`);
    console.log('| Authorizations | Seconds | Per second | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|---|');
    console.log(
      `| ${REQUESTS} | ${seconds.toFixed(2)} | ${(REQUESTS / seconds).toFixed(0)} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${times.at(-1)!.toFixed(1)} |`,
    );
    console.log(`\nEvery member has exactly one current enrollment: ${oneEach ? 'yes' : 'NO'}.`);
    console.log(`Process RSS: ${(rssBefore / 1048576).toFixed(0)} MB before, ${(rssAfter / 1048576).toFixed(0)} MB after.`);
    if (!oneEach) process.exitCode = 1;
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
