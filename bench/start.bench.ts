/**
 * `npm start` on a fresh data folder: the time from the command to the first page (GET / answering index.html),
 * then the memory at rest (the RSS of the command's process tree after BENCH_REST_MS, default 10 s, without
 * requests). Runs the command twice: with the web build current, and after a source change (a stale build, so
 * it builds first). BENCH_START_COMMAND replaces the command (e.g. the old 'npm run build && tsx src/server/main.ts'
 * to measure before). Run with `npx tsx bench/start.bench.ts`; it uses port BENCH_PORT (default 3502).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 3502);
const command = process.env.BENCH_START_COMMAND ?? 'npm start';
const restMs = Number(process.env.BENCH_REST_MS ?? 10_000);

/** The RSS in kB of a process and all its descendants (Linux /proc). */
function treeRssKb(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  const walk = (id: number) => {
    try {
      const status = readFileSync(`/proc/${id}/status`, 'utf8');
      total += Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
    } catch {
      return;
    }
    for (const child of children.get(id) ?? []) walk(child);
  };
  walk(pid);
  return total;
}

async function run(label: string): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'benefit-portal-start-'));
  const started = performance.now();
  const child = spawn(command, {
    cwd: root,
    shell: true,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', SMTP_URL: '', PUBLIC_URL: `http://127.0.0.1:${port}` },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let firstPage = 0;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The command ended (${child.exitCode}):\n${output}`);
      try {
        const answer = await fetch(`http://127.0.0.1:${port}/`);
        if (answer.ok && (await answer.text()).includes('<div id="root">')) break;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 120_000) throw new Error(`No first page in 120 s:\n${output}`);
      await sleep(50);
    }
    firstPage = performance.now() - started;
    await sleep(restMs);
    const rest = treeRssKb(child.pid!);
    const built = /built in|building/i.test(output) ? 'built' : 'not rebuilt';
    console.log(`| ${label} | ${(firstPage / 1000).toFixed(1)} | ${built} | ${(rest / 1024).toFixed(0)} |`);
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`Command: ${command}; memory after ${restMs / 1000} s at rest (the whole process tree).\n`);
console.log('| Start | First page s | Web app | RSS at rest MB |');
console.log('|---|---|---|---|');
// Current build: build once (if stale) outside the timing.
spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'build-if-stale.ts')], { cwd: root, stdio: 'ignore' });
await run('fresh data folder, build current');
await run('fresh data folder, build current (again)');
rmSync(path.join(root, 'dist', 'web-build.sha256'), { force: true });
await run('fresh data folder, build stale');
