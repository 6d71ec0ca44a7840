/**
 * `npm start` on a fresh data folder: the time from the command to the first page (GET / answering index.html) and
 * to /healthz answering 200 (the start's one-time work done), the memory at rest (the RSS of the command's process
 * tree, and of the server's own node process, after BENCH_REST_MS, default 10 s, without requests), then again
 * after a few requests (pages, documents, the API). BENCH_RUNS starts (default 3) with the web build current, then
 * one after a source change (a stale build, so it builds first); with BENCH_DATABASE_URL (a PostgreSQL server
 * URL), BENCH_RUNS more on a fresh database of their own there. BENCH_START_COMMAND replaces the command (e.g. the
 * old 'npm run build && tsx src/server/main.ts' to measure before). Run with `npx tsx bench/start.bench.ts`; it uses
 * port BENCH_PORT (default 3502).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 3502);
const command = process.env.BENCH_START_COMMAND ?? 'npm start';
const restMs = Number(process.env.BENCH_REST_MS ?? 10_000);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
const DEMO_EMPLOYER_ID = '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a11';

/** Every process's parent (Linux /proc). */
function parents(): Map<number, number> {
  const result = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      result.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  return result;
}

function rssKb(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * The RSS in MB of a process tree, and of its server process: the one running src/server/main.ts, itself or after
 * the build check (`npm start`: scripts/build-if-stale.ts --serve).
 */
function memoryMb(root: number): { tree: number; server: number } {
  const parentOf = parents();
  const tree = [root];
  for (let index = 0; index < tree.length; index++) {
    for (const [pid, parent] of parentOf) if (parent === tree[index]) tree.push(pid);
  }
  const isServer = (pid: number) => {
    try {
      return /src\/server\/main\.ts|\0--serve\0/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    } catch {
      return false;
    }
  };
  const server = tree.filter(isServer).at(-1);
  const mb = (kb: number) => Math.round(kb / 1024);
  return { tree: mb(tree.reduce((sum, pid) => sum + rssKb(pid), 0)), server: mb(server ? rssKb(server) : 0) };
}

async function until(what: string, started: number, child: ChildProcess, output: () => string, probe: () => Promise<boolean>): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The command ended (${child.exitCode}):\n${output()}`);
    if (await probe().catch(() => false)) return performance.now() - started;
    if (performance.now() - started > 120_000) throw new Error(`No ${what} in 120 s:\n${output()}`);
    await sleep(25);
  }
}

/** A few requests as a first visitor makes them: pages, the profile document, the API. */
async function someRequests(base: string): Promise<void> {
  const employer = await (await fetch(`${base}/api/Employer/Branding/${DEMO_EMPLOYER_ID}`)).text();
  if (!employer.includes('"success":true')) throw new Error(`The demo employer is not there: ${employer}`);
  for (let round = 0; round < 20; round++) {
    for (const url of ['/', '/register', '/healthz', '/api/Version/test', `/api/content/forms/profile?accountid=${DEMO_EMPLOYER_ID}`]) {
      await (await fetch(`${base}${url}`)).arrayBuffer();
    }
  }
}

async function run(label: string, databaseUrl = ''): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'benefit-portal-start-'));
  const base = `http://127.0.0.1:${port}`;
  const load = os.loadavg()[0]!.toFixed(1);
  const started = performance.now();
  const child = spawn(command, {
    cwd: root,
    shell: true,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SMTP_URL: '', PUBLIC_URL: base },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const text = () => output;
  try {
    const firstPage = await until('first page', started, child, text, async () => {
      const answer = await fetch(`${base}/`);
      return answer.ok && (await answer.text()).includes('<div id="root">');
    });
    const ready = await until('ready /healthz', started, child, text, async () => (await fetch(`${base}/healthz`)).ok);
    await sleep(restMs);
    const rest = memoryMb(child.pid!);
    await someRequests(base);
    const used = memoryMb(child.pid!);
    const built = /built in|building/i.test(output) ? 'built' : 'not rebuilt';
    const s = (ms: number) => (ms / 1000).toFixed(1);
    console.log(`| ${label} | ${load} | ${s(firstPage)} | ${s(ready)} | ${built} | ${rest.tree} / ${rest.server} | ${used.tree} / ${used.server} |`);
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A fresh database on the PostgreSQL server of BENCH_DATABASE_URL, dropped by the returned function. */
async function freshDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_start_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

console.log(`Command: ${command}; memory at rest ${restMs / 1000} s after /healthz is ready, then after 100 requests.\n`);
console.log('| Start | Load avg | First page s | /healthz ready s | Web app | RSS at rest MB (tree / server) | RSS after requests MB (tree / server) |');
console.log('|---|---|---|---|---|---|---|');
// Current build: build once (if stale) outside the timing.
spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'build-if-stale.ts')], { cwd: root, stdio: 'ignore' });
for (let index = 1; index <= runs; index++) await run(`PGlite, fresh data folder, build current (${index})`);
if (databaseUrl) {
  for (let index = 1; index <= runs; index++) {
    const database = await freshDatabase(databaseUrl);
    try {
      await run(`PostgreSQL, fresh database, build current (${index})`, database.url);
    } finally {
      await database.drop();
    }
  }
}
rmSync(path.join(root, 'dist', 'web-build.sha256'), { force: true });
await run('PGlite, fresh data folder, build stale');
