/**
 * The server's memory at rest, started as `npm run serve` starts it (the built web app, dist/, must be there:
 * `npm run build` once): RSS, V8 heap used, external and array buffers (process.memoryUsage) and the WebAssembly
 * memory (PGlite's Postgres heap), when /healthz first answers 200 and after BENCH_REST_MS (default 15 s) without
 * requests; with BENCH_GC=1 a last sample after a forced collection (node --expose-gc), telling garbage from what
 * is kept. Starts on PGlite: a fresh data folder (initdb, migrations, reference data imported), then a restart on
 * that folder (nothing to import); with BENCH_DATABASE_URL (a PostgreSQL server) the same two on a fresh database
 * of its own there. Run with `npx tsx bench/memory-at-rest.bench.ts`; port BENCH_PORT (default 4620).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 4620);
const restMs = Number(process.env.BENCH_REST_MS ?? 15_000);
const withGc = process.env.BENCH_GC === '1';
const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';

/** `npm run serve`'s node arguments (package.json), with the probe loaded first. */
const serve = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { serve: string } }).scripts.serve.split(' ');
if (serve[0] !== 'node') throw new Error(`npm run serve does not start node: ${serve.join(' ')}`);
const serverArgs = [...(withGc ? ['--expose-gc'] : []), ...serve.slice(1, -1), '--import', './bench/memory-probe.ts', ...serve.slice(-1)];

type Sample = NodeJS.MemoryUsage & { wasm: number };

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const row = (label: string, when: string, sample: Sample) =>
  `| ${label} | ${when} | ${mb(sample.rss)} | ${mb(sample.heapUsed)} | ${mb(sample.external)} | ${mb(sample.arrayBuffers)} | ${mb(sample.wasm)} |`;

async function start(label: string, env: Record<string, string>): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serverArgs, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SMTP_URL: '', PUBLIC_URL: base, DATABASE_URL: '', ...env },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const sample = (gc = false) =>
    new Promise<Sample>((resolve) => {
      child.once('message', (message) => resolve(message as Sample));
      child.send({ gc });
    });
  try {
    const started = performance.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The server ended (${child.exitCode}):\n${output}`);
      if (await fetch(`${base}/healthz`).then((answer) => answer.ok, () => false)) break;
      if (performance.now() - started > 180_000) throw new Error(`Not ready in 180 s:\n${output}`);
      await sleep(50);
    }
    console.log(row(label, `ready (${((performance.now() - started) / 1000).toFixed(1)} s)`, await sample()));
    await sleep(restMs);
    console.log(row(label, `${restMs / 1000} s at rest`, await sample()));
    if (withGc) console.log(row(label, 'after a forced GC', await sample(true)));
    if (!(await (await fetch(`${base}/`)).text()).includes('<div id="root">')) throw new Error('GET / did not answer the web app');
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function onPostgres(serverUrl: string, run: (url: string) => Promise<void>): Promise<void> {
  const name = `memory_bench_${Date.now()}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await run(url.toString());
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

console.log(`Memory of the server (MB), at /healthz ready and after ${restMs / 1000} s without requests.\n`);
console.log('| Database | When | RSS | V8 heap used | External | Array buffers | WebAssembly memory |');
console.log('|---|---|---|---|---|---|---|');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'memory-bench-'));
try {
  await start('PGlite, fresh data folder', { DATA_DIR: dataDir });
  await start('PGlite, restart', { DATA_DIR: dataDir });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
if (databaseUrl) {
  await onPostgres(databaseUrl, async (url) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'memory-bench-'));
    try {
      await start('PostgreSQL, fresh database', { DATABASE_URL: url, DATA_DIR: dir });
      await start('PostgreSQL, restart', { DATABASE_URL: url, DATA_DIR: dir });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
