/**
 * The staff console's roster and payroll file for a large employer (issue 38; docs/decisions/050-rosters-in-pages-
 * reports-streamed.md): BENCH_EMPLOYEES census employees (default 50,000; every other one enrolled, the others
 * waived, each with an order and a member account, so each is a payroll line) on PGlite in a temp dir, and on PostgreSQL too when
 * BENCH_DATABASE_URL is set. The app listens on loopback; a staff viewer signs in and the script times, with the
 * process's memory sampled every 5 ms during the call (RSS and heap, peak above what it was before):
 * the first roster page, a page deep in the list (by its cursor), a search, a page of one status, the enrollment
 * report's first page, and the payroll CSV streamed whole (its body read and dropped as it arrives).
 * Run: `node --expose-gc --import tsx bench/roster.bench.ts` (with --expose-gc each call starts after a collection).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import * as staffUsers from '#db/repositories/staff/staff-user.repository.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { hashPassword } from '#server/security/crypto.ts';
import { openPglite, openPostgres, type BenchDb } from './bench-db.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 50_000);
const PASSWORD = 'Bench-Roster-Password-1';
const YEAR = new Date().getUTCFullYear();

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** An employer with `count` census employees: names spread over the alphabet, every other one enrolled, the rest waived. */
async function seed(target: BenchDb, count: number): Promise<string> {
  const { db } = target;
  const [employer] = (
    await sql<{ accountid: string }>`
      insert into employer (accountid, accountname, teamid, emailaddress, employeazecustomer, hsaonly, planyearstart, planyearend, businessyear)
      values (gen_random_uuid(), 'Roster Bench Co', gen_random_uuid(), 'help@roster.bench', 1, 0, ${`${YEAR}-01-01`}, ${`${YEAR}-12-31`}, ${YEAR})
      returning accountid`.execute(db)
  ).rows;
  const accountid = employer!.accountid;
  await sql`
    insert into member (id, accountid, priormemberid, externalid, primarymemberid, firstname, lastname, emailaddress, personalemailaddress,
                        census_externalid, ispasswordchanged, createdby, modifiedby)
    select id, ${accountid}, id, id, id, 'First' || n, chr(65 + n % 26) || 'Last' || n, 'roster' || n || '@bench.example', 'roster' || n || '@bench.example',
           'E' || n, now(), 'Census', 'Census'
    from (select gen_random_uuid() as id, n from generate_series(1, ${count}) as n) as numbered`.execute(db);
  await sql`
    insert into member_order (id, memberid, productid, productfeeid, orderid, category, amountspent_cents, productname, policyeffectivedate, planyear,
                              enrollmentid, createdby, modifiedby)
    select gen_random_uuid(), id, gen_random_uuid(), gen_random_uuid(), gen_random_uuid(),
           case when census_externalid ~ '[02468]$' then 'healthinsurance' else 'waive' end, 52050,
           case when census_externalid ~ '[02468]$' then 'Peach Silver 3000' end, ${`${YEAR}-04-01`}, ${YEAR}, id, 'bench', 'bench'
    from member where accountid = ${accountid}`.execute(db);
  await sql`
    insert into member_account (id, memberid, currentbalance_cents, currenthealthinsurancepremium_cents, currentemployercontribution_cents,
                                currentpayrolldeduction_cents, enrollmentid)
    select gen_random_uuid(), id, 0, 52050, 45000, 7050, id from member where accountid = ${accountid}`.execute(db);
  await sql`analyze`.execute(db);
  return accountid;
}

type Measured = { ms: number; bytes: number; rssPeak: number; heapPeak: number; rssAfter: number };

/** Times one call, reading its body as it arrives and dropping it, with the memory's peak above its start. */
async function measure(url: string, headers: Record<string, string>): Promise<Measured> {
  gc();
  const rssStart = process.memoryUsage().rss;
  const heapStart = process.memoryUsage().heapUsed;
  let rssPeak = 0;
  let heapPeak = 0;
  const sample = () => {
    const now = process.memoryUsage();
    rssPeak = Math.max(rssPeak, now.rss - rssStart);
    heapPeak = Math.max(heapPeak, now.heapUsed - heapStart);
  };
  const sampler = setInterval(sample, 5);
  const start = performance.now();
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
  let bytes = 0;
  for await (const part of response.body!) bytes += (part as Uint8Array).byteLength;
  const ms = performance.now() - start;
  clearInterval(sampler);
  sample();
  return { ms, bytes, rssPeak, heapPeak, rssAfter: process.memoryUsage().rss - rssStart };
}

async function run(target: BenchDb, dataDir: string): Promise<void> {
  const seeding = performance.now();
  const accountid = await seed(target, EMPLOYEES);
  const seeded = performance.now() - seeding;
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1', AUTH_RATE_LIMIT: '100000', NODE_ENV: 'test' });
  const app = await buildApp({ config, db: target.db, mail: { announce: () => {} } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const email = `roster-viewer-${Date.now()}@bench.example`;
    await staffUsers.insert(target.db, { email, role: 'viewer', passwordHash: await hashPassword(PASSWORD), employers: { all: true, accountids: [] } });
    const login = await fetch(`${origin}/api/staff/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-staff-request': '1' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`Staff sign-in: HTTP ${login.status} ${await login.text()}`);
    const cookie = login.headers.getSetCookie().find((line) => line.startsWith('bp_staff='))!.split(';')[0]!;
    const headers = { cookie, 'x-staff-request': '1' };
    const base = `${origin}/api/staff/employers/${accountid}`;

    // A cursor deep in the list: the employee at about the middle, by the roster's order.
    const middle = await sql<{ id: string }>`
      select id from member where accountid = ${accountid} order by lastname, firstname, id offset ${Math.floor(EMPLOYEES / 2)} limit 1`.execute(target.db);
    // Warm the route (schemas compiled, caches filled) so the figures are a page's, not the first request's.
    await measure(`${base}/employees`, headers);
    const calls: Array<[string, string]> = [
      ['GET .../employees (first page of 50)', `${base}/employees`],
      ['GET .../employees?after= (a page in the middle)', `${base}/employees?after=${middle.rows[0]!.id}`],
      ['GET .../employees?search=last4999 (a search)', `${base}/employees?search=last4999`],
      ['GET .../employees?status=enrolled (one status)', `${base}/employees?status=enrolled`],
      ['GET .../reports/enrollment (counts, first page)', `${base}/reports/enrollment`],
      [`GET .../reports/payroll.csv (${EMPLOYEES.toLocaleString('en-US')} lines, streamed)`, `${base}/reports/payroll.csv`],
    ];
    console.log(`\n### ${target.name}: ${EMPLOYEES.toLocaleString('en-US')} employees (seeded in ${(seeded / 1000).toFixed(1)} s)\n`);
    console.log('| Call | ms | Body | RSS peak above start | Heap peak above start | RSS after, above start |\n|---|---|---|---|---|---|');
    for (const [label, url] of calls) {
      const m = await measure(url, headers);
      console.log(`| ${label} | ${m.ms.toFixed(0)} | ${kb(m.bytes)} | ${mb(m.rssPeak)} | ${mb(m.heapPeak)} | ${mb(m.rssAfter)} |`);
    }
    console.log(`\nProcess RSS at the end: ${mb(process.memoryUsage().rss)}.`);
  } finally {
    await app.close();
    await target.close();
  }
}

async function main(): Promise<void> {
  console.log(`Node ${process.version}, ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}; gc between calls: ${globalThis.gc ? 'yes' : 'no (run with --expose-gc)'}.`);
  const url = process.env.BENCH_DATABASE_URL;
  for (const open of [openPglite, ...(url ? [() => openPostgres(url)] : [])]) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'benefit-portal-roster-bench-'));
    try {
      await run(await open(dataDir), dataDir);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
