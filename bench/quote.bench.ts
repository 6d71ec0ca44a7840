/**
 * POST /api/HealthPlanQuote for a family of five in the densest (ZIP, county) of the plan catalogue, against
 * trivial endpoints of the same server measured in the same run at the same concurrency: GET /api/Version/test
 * (no sign-in, no database) and GET /bench/signed-in, a route this bench adds that answers the same envelope
 * after the same bearer check as the quote (the token, then its session: kept in memory, or read with the quote's
 * family in one statement), so the comparison shows the quote's own cost beside the sign-in every member call pays. The
 * issue's bar: the quote costs at most 3 times the trivial endpoint at p99, held against Version/test, the more
 * trivial of the two.
 *
 * The app listens on loopback in this process, on PGlite (temp dir) or, with BENCH_DATABASE_URL, on PostgreSQL
 * (a schema of its own, dropped after); the client is a process of its own (bench/load-client.ts), so its
 * work is not done on the server's event loop, and the server's CPU time per request is printed. The reference data
 * (the ZIP crosswalk, the whole plan catalogue) is imported by the server's own import code; the densest pair is
 * the (ZIP, county) with the most off-exchange plans sold there (the quote's own rules: service area covers the
 * pair, plan sold in the county), computed from the database and printed. One member signs up through the API
 * and adds four dependents through the API (spouse, three children, one of them over 21); the quote prices that
 * family on file on the first effective date GET /api/EffectiveDates offers.
 *
 * Each endpoint: BENCH_WARMUP requests (default 500) unmeasured, then BENCH_REQUESTS (default 2000) per round
 * with BENCH_CONCURRENCY in flight (default 50), over loopback (keep-alive; BENCH_CLIENT=http, the default, or
 * fetch: bench/load-client.ts), every request with Chromium's Accept-Encoding, the answers collected as they came
 * (the quote's compressed). The first answer of each endpoint is decompressed by its Content-Encoding, parsed and
 * checked; every later one must be the same bytes. The quote's answer is printed with its size as JSON and on the
 * wire, and the one-time cost of compressing it (content-coding.ts compress; the server keeps the copy). The endpoints take turns for
 * BENCH_ROUNDS rounds (default 4), the order reversed every other round; each line reports the load average
 * when it ran. The verdict (exit code) is the median over the rounds of the quote's p99 over Version/test's.
 * npm test runs it only at a handful of requests (tests/bench/smoke.test.ts, never a timed assertion); run it with
 *   npm run bench:quote                                   (PGlite)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:quote
 */
import { fork, type ChildProcess } from 'node:child_process';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNT_NAME, DEMO_TEAM_ID, seedDemoEmployer } from '#db/seed/demo-employer.ts';
import { todayUtc } from '#domain/values/dates.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { envelope, ok } from '#server/http/route-schemas.ts';
import { importReferenceData } from '#server/data-import/index.ts';
import { registerMember } from '../tests/server/helpers/fixtures.ts';
import { compress } from '#server/http/content-coding.ts';
import type { FirstAnswer, LoadRequest } from './load-client.ts';
import { median, runLoad, type Measured } from './load-run.ts';
import { densestPair, onBenchDb, runAsScript, type BenchTarget } from './bench-db.ts';

export type QuoteSizes = { requests: number; warmup: number; concurrency: number; rounds: number };

/** The answer of both trivial endpoints: the version text in the envelope. */
const checkVersion = ({ text }: Checked) => {
  if (!(JSON.parse(text) as { data: string }).data.startsWith('Benefit Portal')) throw new Error(`Unexpected answer: ${text.slice(0, 300)}`);
};

/** The endpoint's first answer: its text, decompressed by its Content-Encoding, and what came over the wire. */
type Checked = { text: string; json: Buffer; wireBytes: number; contentEncoding: string };

const INFLATE: Record<string, (bytes: Buffer) => Buffer> = { identity: (bytes) => bytes, br: brotliDecompressSync, gzip: gunzipSync };

function decoded({ base64, contentEncoding, inflated, wireBytes }: FirstAnswer): Checked {
  const inflate = INFLATE[contentEncoding];
  if (!inflate) throw new Error(`Unexpected Content-Encoding: ${contentEncoding}`);
  const bytes = Buffer.from(base64, 'base64');
  const json = inflated ? bytes : inflate(bytes);
  return { text: json.toString('utf8'), json, wireBytes, contentEncoding };
}

type Endpoint = Omit<LoadRequest, 'count' | 'concurrency'> & { check: (answer: Checked) => void };

/** Runs `count` requests of the endpoint in the load client; checks the endpoint's first answer. */
async function measure(client: ChildProcess, count: number, concurrency: number, endpoint: Endpoint): Promise<Measured> {
  const { check, ...request } = endpoint;
  const measured = await runLoad(client, request, count, concurrency);
  if (measured.first !== undefined) check(decoded(measured.first));
  return measured;
}

/** The one-time cost of compressing the answer in a coding: the median of 21 runs, and the size it makes. */
function compressionCost(coding: 'br' | 'gzip', json: Buffer): string {
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < 21; run += 1) {
    const start = performance.now();
    bytes = compress(coding, json).length;
    times.push(performance.now() - start);
  }
  return `${coding} ${median(times).toFixed(2)} ms for ${(bytes / 1024).toFixed(1)} KB`;
}

/** The bench on a migrated database (the reference data imported, skipped when there); answers the verdict's ratio. */
export async function quoteBench({ name, db, dataDir }: BenchTarget, sizes: QuoteSizes): Promise<{ p99OverVersion: number; plansQuoted: number }> {
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1', AUTH_RATE_LIMIT: '100000', NODE_ENV: 'test' });
  const today = todayUtc(new Date());
  const accountid = await seedDemoEmployer(db, today);
  await importReferenceData(db);
  const pair = await densestPair(db);
  const app = await buildApp({
    config,
    db,
    mail: { announce: () => {} },
    // The trivial call behind the sign-in: the quote's bearer check, then a constant answer.
    beforeRoutes: (server) => {
      server.get(
        '/bench/signed-in',
        { onRequest: server.authenticate, schema: { response: { 200: envelope({ type: 'string' }) } } },
        async () => ok(`Benefit Portal ${config.APP_VERSION}`),
      );
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  let client: ChildProcess | undefined;
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
    let plansQuoted = 0;
    let ratesYear = 0;
    let json: Buffer = Buffer.alloc(0);
    let wire = { bytes: 0, contentEncoding: 'identity' };
    const quote: Endpoint = {
      name: 'POST /api/HealthPlanQuote',
      url: `${base}/api/HealthPlanQuote`,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: quoteBody,
      check: (answer) => {
        const data = (JSON.parse(answer.text) as { data: { healthplans: unknown[]; ratesyear: number } }).data;
        if (data.healthplans.length !== pair.plans) throw new Error(`Quoted ${data.healthplans.length} plans, expected ${pair.plans}`);
        plansQuoted = data.healthplans.length;
        json = answer.json;
        wire = { bytes: answer.wireBytes, contentEncoding: answer.contentEncoding };
        ratesYear = data.ratesyear;
      },
    };
    const version: Endpoint = { name: 'GET /api/Version/test', url: `${base}/api/Version/test`, method: 'GET', headers: {}, check: checkVersion };
    const signedIn: Endpoint = { name: 'GET /bench/signed-in (bearer check)', url: `${base}/bench/signed-in`, method: 'GET', headers: auth, check: checkVersion };
    const endpoints = [quote, version, signedIn];

    client = fork(fileURLToPath(new URL('./load-client.ts', import.meta.url)), { execArgv: ['--import', 'tsx'] });
    for (const endpoint of endpoints) await measure(client, sizes.warmup, sizes.concurrency, endpoint);
    const rows: Array<{ round: number; figures: Map<Endpoint, Measured> }> = [];
    for (let round = 1; round <= sizes.rounds; round += 1) {
      const figures = new Map<Endpoint, Measured>();
      for (const endpoint of round % 2 ? endpoints : [...endpoints].reverse()) figures.set(endpoint, await measure(client, sizes.requests, sizes.concurrency, endpoint));
      rows.push({ round, figures });
    }

    const mem = (os.totalmem() / 1073741824).toFixed(0);
    console.log(`Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${mem} GB RAM, ${os.platform()} ${os.release()}.`);
    console.log(`\n### ${name}\n`);
    console.log(
      `Densest pair: ZIP ${pair.zip}, ${pair.county_name} (FIPS ${pair.county_fips}), ${pair.plans} off-exchange plans in ${pair.plan_year}` +
        ` (plans per county FIPS, top 3: ${pair.topCounties.map((c) => `${c.county_fips} ${c.plans}`).join(', ')}).`,
    );
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(bytes < 10240 ? 1 : 0)} KB`;
    console.log(
      `Family of five on file (45, spouse 43, children 22, 16, 9), effective ${effectivedate}, rates year ${ratesYear}, ${plansQuoted} plans in each answer` +
        ` (${kb(json.length)} of JSON, ${kb(wire.bytes)} on the wire in ${wire.contentEncoding}).`,
    );
    console.log(`Compressing the answer once (the server keeps the copy): ${(['br', 'gzip'] as const).map((coding) => compressionCost(coding, json)).join('; ')}.`);
    console.log(`${sizes.requests} requests per endpoint per round, ${sizes.concurrency} in flight, after ${sizes.warmup} warm-up requests each; client ${process.env.BENCH_CLIENT ?? 'http'} in its own process; order reversed every other round.\n`);
    console.log('| Round | Endpoint | Load avg (1 min) | Per second | p50 ms | p95 ms | p99 ms | max ms | Server CPU µs/request |\n|---|---|---|---|---|---|---|---|---|');
    for (const { round, figures } of rows) {
      for (const [endpoint, f] of figures) {
        console.log(
          `| ${round} | ${endpoint.name} | ${f.load.toFixed(2)} | ${f.perSecond.toFixed(0)} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.max.toFixed(1)} | ${f.serverCpuMicros.toFixed(0)} |`,
        );
      }
    }
    console.log('');
    const ratios = (trivial: Endpoint) => rows.map(({ figures }) => figures.get(quote)!.p99 / figures.get(trivial)!.p99);
    for (const trivial of [signedIn, version]) {
      const each = ratios(trivial);
      const verdict = median(each) <= 3 ? 'within' : 'ABOVE';
      console.log(`Quote p99 / ${trivial.name} p99 by round: ${each.map((r) => r.toFixed(2)).join(', ')}; median ${median(each).toFixed(2)}: ${verdict} 3x.`);
      const cpu = rows.map(({ figures }) => figures.get(quote)!.serverCpuMicros / figures.get(trivial)!.serverCpuMicros);
      console.log(`  server CPU per request, quote / ${trivial.name}: median ${median(cpu).toFixed(2)}.`);
    }
    return { p99OverVersion: median(ratios(version)), plansQuoted };
  } finally {
    client?.kill();
    await app.close();
  }
}

runAsScript(import.meta.url, async () => {
  const sizes: QuoteSizes = {
    requests: Number(process.env.BENCH_REQUESTS ?? 2000),
    warmup: Number(process.env.BENCH_WARMUP ?? 500),
    concurrency: Number(process.env.BENCH_CONCURRENCY ?? 50),
    rounds: Number(process.env.BENCH_ROUNDS ?? 4),
  };
  const { p99OverVersion } = await onBenchDb((target) => quoteBench(target, sizes));
  return p99OverVersion <= 3;
});
