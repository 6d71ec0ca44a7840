/**
 * Throughput of whole authorizations (POST /api/Enrollment/Authorize), on PostgreSQL with BENCH_DATABASE_URL (a
 * schema of its own, dropped after) or else on PGlite in a temp dir (which serializes every query on one
 * connection). The app listens on loopback in this process with the real reference data (the ZIP crosswalk and the
 * plan catalogue, imported by the server's own import code) and
 * prices a real HSA-eligible plan at the catalogue's densest (ZIP, county) pair; the client is a process of its own
 * (bench/load-client.ts), so its work is not done on the server's event loop.
 *
 * BENCH_MEMBERS members (default 40) sign up through the API, each living at that pair with a spouse on the policy
 * (added through the API). Then BENCH_WARMUP authorizations (default 300) unmeasured, and BENCH_ROUNDS rounds
 * (default 3) of BENCH_REQUESTS (default 1000) with BENCH_CONCURRENCY in flight (default 32), each with its own
 * Idempotency-Key, members taken in turn, every other one a purchase (the plan, an HSA contribution, the additional
 * service) and the others a waiver with the service. Each one is a full transaction: member lock, effective dates,
 * premium from the catalogue, HSA limit, service price, contribution, the earlier enrollment superseded, the orders,
 * member plan, member account, SUBMITTED REQUEST, the stored answer. Per round: the rate, p50/p95/max latency, the
 * load average and the server process's CPU per authorization; the verdict (exit code) is the median rate against
 * the 200 a second. At the end every member must have exactly one current enrollment. npm test runs it
 * only at a handful of requests (tests/bench/smoke.test.ts, never a timed assertion); run it with
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/authorize.bench.ts
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { countiesForZip } from '#db/repositories/reference/location.repository.ts';
import { DEMO_ACCOUNT_NAME, DEMO_TEAM_ID, seedDemoEmployer } from '#db/seed/demo-employer.ts';
import { todayUtc } from '#domain/values/dates.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { importReferenceData } from '#server/data-import/index.ts';
import { offeredEffectiveDates } from '#server/services/enrollment/contributions.ts';
import { registerMember } from '../tests/server/helpers/fixtures.ts';
import { densestPair, onBenchDb, runAsScript, type BenchTarget } from './bench-db.ts';
import type { LoadVariant } from './load-client.ts';
import { median, runLoad, type Measured } from './load-run.ts';

export type AuthorizeSizes = { members: number; warmup: number; rounds: number; requests: number; concurrency: number };
export type AuthorizeResult = { perSecond: number; meetsGoal: boolean; oneEnrollmentEach: boolean };

const GOAL_PER_SECOND = 200;
const INDIVIDUAL_OPTION = '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a32';

/** The bench on a migrated database: the reference data imported (skipped when there), members signed up, the load. */
export async function authorizeBench({ name, db, dataDir }: BenchTarget, sizes: AuthorizeSizes): Promise<AuthorizeResult> {
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1', AUTH_RATE_LIMIT: '100000', NODE_ENV: 'test' });
  const today = todayUtc(new Date());
  const accountid = await seedDemoEmployer(db, today);
  // The ZIP crosswalk and the plan catalogue, as the server imports them at start.
  await importReferenceData(db);
  const pair = await densestPair(db);
  // The member's county on file is the crosswalk's name of the pair's county, as the profile stores it.
  const county = (await countiesForZip(db, pair.zip)).find((location) => location.countycode === pair.county_fips);
  if (!county) throw new Error(`The ZIP crosswalk has no county ${pair.county_fips} for ZIP ${pair.zip}`);
  const app = await buildApp({ config, db, mail: { announce: () => {} } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  let client: ChildProcess | undefined;
  try {
    const year = Number(today.slice(0, 4));
    const members: { id: string; auth: Record<string, string> }[] = [];
    for (let i = 0; i < sizes.members; i += 1) {
      // Signed up as the API tests sign up (register, the e-mailed set-password link, sign-in).
      const member = await registerMember(app, { accountid, accountname: DEMO_ACCOUNT_NAME, teamid: DEMO_TEAM_ID }, { lastname: `Mark${i}` });
      await db
        .updateTable('member')
        // The whole profile step 1 asks for: an authorization checks the stored profile against the profile document.
        .set({
          birthdate: `${year - 25 - (i % 40)}-05-01`,
          postalcode: pair.zip,
          county: county.countyname,
          stateorprovince: pair.state,
          address1: '1 Bench St',
          city: 'Bench',
          phonenumber: '503-555-0100',
          gender: 'Male',
          istobaccouser: 'No',
          pcpname: 'Dr. Bench',
          pcpid: 'PCP-1',
          existingpatient: 'yes',
        })
        .where('id', '=', member.memberId)
        .execute();
      const spouse = await fetch(`${base}/api/Dependent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...member.auth },
        body: JSON.stringify({ firstname: 'Sam', lastname: `Mark${i}`, relationship: 'spouse', dateofbirth: `${year - 27 - (i % 40)}-07-21`, gender: 'Female', additionalid: `12345${String(6000 + i)}`, istobaccouser: false }),
      });
      if (!spouse.ok) throw new Error(`Dependent: ${await spouse.text()}`);
      members.push({ id: member.memberId, auth: member.auth });
    }
    const [effectivedate] = await offeredEffectiveDates(db, members[0]!.id, today);
    // The first HSA-eligible plan the quote answers at the pair.
    const quote = await fetch(`${base}/api/HealthPlanQuote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...members[0]!.auth },
      body: JSON.stringify({ postalcode: pair.zip, countycode: pair.county_fips, policyeffectivedaterequested: effectivedate, accountid, memberdependentlist: [] }),
    });
    const quoted = ((await quote.json()) as { data: { healthplans: Array<{ planid: string; ishsaeligible: string }> } }).data.healthplans;
    const hsaPlan = quoted.find((candidate) => candidate.ishsaeligible === 'Yes');
    if (!hsaPlan) throw new Error('No HSA-eligible plan is quoted at the densest pair');
    const buy = { effectivedate, healthoption: 'buy', planid: hsaPlan.planid, postalcode: pair.zip, countycode: pair.county_fips, hsamonthly: 100, productoptionid: INDIVIDUAL_OPTION, ichraacknowledged: true };
    const waive = { effectivedate, healthoption: 'waive', postalcode: '', countycode: '', hsamonthly: 0, waivecoveragereason: 'Coverage under Medicare', productoptionid: INDIVIDUAL_OPTION };
    // Request n: member n mod M; purchases and waivers alternate every M requests, so each member does both in turn.
    const variants: LoadVariant[] = [buy, waive].flatMap((cart) =>
      members.map((member) => ({ headers: { 'content-type': 'application/json', ...member.auth }, body: JSON.stringify(cart) })),
    );
    const request = { name: 'POST /api/Enrollment/Authorize', url: `${base}/api/Enrollment/Authorize`, method: 'POST', headers: {}, variants, idempotencyKeys: true };

    client = fork(fileURLToPath(new URL('./load-client.ts', import.meta.url)), { execArgv: ['--import', 'tsx'] });
    await runLoad(client, request, sizes.warmup, sizes.concurrency);
    const rounds: Measured[] = [];
    for (let round = 1; round <= sizes.rounds; round += 1) rounds.push(await runLoad(client, request, sizes.requests, sizes.concurrency));

    const current = await db
      .selectFrom('member_order')
      .select(['memberid', (eb) => eb.fn.countAll<number>().as('n')])
      .where('memberid', 'in', members.map((member) => member.id))
      .where('supersededon', 'is', null)
      .where('category', 'in', ['healthinsurance', 'waive'])
      .groupBy('memberid')
      .execute();
    const oneEach = current.length === members.length && current.every((row) => Number(row.n) === 1);

    const mem = (os.totalmem() / 1073741824).toFixed(0);
    console.log(`Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${mem} GB RAM, ${os.platform()} ${os.release()}.`);
    console.log(`\n### ${name}\n`);
    console.log(
      `Plan ${hsaPlan.planid} (HSA-eligible) at ZIP ${pair.zip}, ${pair.county_name} (FIPS ${pair.county_fips}), ${pair.plans} off-exchange plans there; effective ${effectivedate}.`,
    );
    console.log(
      `${sizes.requests} authorizations per round after ${sizes.warmup} unmeasured, ${sizes.concurrency} in flight, ${sizes.members} members with a spouse, half purchases (plan + HSA + service), half waivers (+ service); client in its own process.\n`,
    );
    console.log('| Round | Load avg (1 min) | Per second | p50 ms | p95 ms | max ms | Server CPU µs/authorization |\n|---|---|---|---|---|---|---|');
    rounds.forEach((f, index) =>
      console.log(`| ${index + 1} | ${f.load.toFixed(2)} | ${f.perSecond.toFixed(0)} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.max.toFixed(1)} | ${f.serverCpuMicros.toFixed(0)} |`),
    );
    const rate = median(rounds.map((f) => f.perSecond));
    console.log(`\nMedian ${rate.toFixed(0)} a second: ${rate >= GOAL_PER_SECOND ? 'meets' : 'BELOW'} the goal of ${GOAL_PER_SECOND}.`);
    console.log(`Every member has exactly one current enrollment: ${oneEach ? 'yes' : 'NO'}.`);
    console.log(`Server process RSS after: ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB.`);
    return { perSecond: rate, meetsGoal: rate >= GOAL_PER_SECOND, oneEnrollmentEach: oneEach };
  } finally {
    client?.kill();
    await app.close();
  }
}

runAsScript(import.meta.url, async () => {
  const sizes: AuthorizeSizes = {
    members: Number(process.env.BENCH_MEMBERS ?? 40),
    warmup: Number(process.env.BENCH_WARMUP ?? 300),
    rounds: Number(process.env.BENCH_ROUNDS ?? 3),
    requests: Number(process.env.BENCH_REQUESTS ?? 1000),
    concurrency: Number(process.env.BENCH_CONCURRENCY ?? 32),
  };
  const result = await onBenchDb((target) => authorizeBench(target, sizes));
  return result.oneEnrollmentEach && result.meetsGoal;
});
