/**
 * API latency over loopback: the app on PGlite in a temp dir, and on PostgreSQL too when BENCH_DATABASE_URL is set
 * (in a schema of its own, dropped at the end). Per database: one member registers, sets a password and signs in,
 * then each call runs BENCH_REQUESTS times (default 200) one after another, and the script prints p50/p95 and the
 * process RSS before and after. npm test runs it at a handful of requests (tests/bench/smoke.test.ts); run it with
 * `npx tsx bench/api.bench.ts`.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { seedDemoEmployer } from '#db/seed/demo-employer.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openMailBody } from '#server/security/crypto.ts';
import { onBenchDb, openPglite, openPostgres, runAsScript, type BenchTarget } from './bench-db.ts';

const PASSWORD = 'Str0ng!Pass';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(label: string, requests: number, call: () => Promise<Response>): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < requests; i += 1) {
    const start = performance.now();
    const response = await call();
    await response.arrayBuffer();
    times.push(performance.now() - start);
    if (!response.ok) throw new Error(`${label}: HTTP ${response.status}`);
  }
  times.sort((a, b) => a - b);
  return `| ${label} | ${requests} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`;
}

/** The calls' table rows, each timed `requests` times on the target's database. */
export async function apiBench({ name, db, dataDir }: BenchTarget, requests: number): Promise<string[]> {
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1', AUTH_RATE_LIMIT: '100000', NODE_ENV: 'test' });
  const accountid = await seedDemoEmployer(db, new Date().toISOString().slice(0, 10));
  const app = await buildApp({ config, db, mail: { announce: () => {} } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  try {
    const email = `bench.${randomBytes(4).toString('hex')}@example.test`;
    const registered = await post('/api/Member/Register', {
      memberdto: { firstname: 'Bench', lastname: 'Mark', personalemailaddress: email, accountid, terms: true },
      company: 'Acme Benefits Demo',
      plan_year: new Date().getUTCFullYear(),
    });
    if (!registered.ok) throw new Error(`Register: ${await registered.text()}`);
    const mail = await db.selectFrom('mail_outbox').select('text_body').where('recipient', '=', email).executeTakeFirstOrThrow();
    const link = new URL(/https?:\/\/\S+\/set-password\?\S+/.exec(openMailBody(mail.text_body, config.SSN_KEY))![0]);
    const set = await post('/api/changepassword', { id: link.searchParams.get('member_id'), password: PASSWORD, token: link.searchParams.get('token') });
    if (!set.ok) throw new Error(`Set password: ${await set.text()}`);
    const login = () => post('/api/Login', { email, password: PASSWORD });
    const tokens = (await (await login()).json()).data.tokenResponse;
    const auth = { authorization: `Bearer ${tokens.access_token}` };

    const rssBefore = process.memoryUsage().rss;
    const rows = [
      await measure('POST /api/Login', requests, login),
      await measure('GET /api/Member/GetMember', requests, () => fetch(`${base}/api/Member/GetMember`, { headers: auth })),
      await measure('GET /api/content/forms/profile?accountid=', requests, () => fetch(`${base}/api/content/forms/profile?accountid=${accountid}`)),
      await measure('POST /api/Order (waive)', requests, () =>
        post('/api/Order', { order: { category: 'waive' }, memberAccount: { waivecoveragereason: 'Coverage under Medicare' } }, auth),
      ),
    ];
    const rssAfter = process.memoryUsage().rss;
    console.log(`\n### ${name}\n`);
    console.log('| Call | Requests | p50 ms | p95 ms |\n|---|---|---|---|');
    console.log(rows.join('\n'));
    console.log(`\nProcess RSS: ${mb(rssBefore)} before the calls, ${mb(rssAfter)} after.`);
    return rows;
  } finally {
    await app.close();
  }
}

runAsScript(import.meta.url, async () => {
  const requests = Number(process.env.BENCH_REQUESTS ?? 200);
  console.log(`Node ${process.version}, ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}; ${requests} sequential requests per call.`);
  console.log(`Process RSS at start: ${mb(process.memoryUsage().rss)}.`);
  const url = process.env.BENCH_DATABASE_URL;
  for (const open of [openPglite, ...(url ? [() => openPostgres(url)] : [])]) await onBenchDb((target) => apiBench(target, requests), open);
});
