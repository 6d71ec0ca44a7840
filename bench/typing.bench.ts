/**
 * Keystroke to paint while typing in the profile with six dependents, under Chrome's CPU throttling (the Chrome
 * DevTools Protocol's Emulation.setCPUThrottlingRate, BENCH_CPU_RATE, default 4; 1 for none). Starts the product
 * (built web app, fresh data folder, port BENCH_PORT default 3503), registers a member, sets the password from the
 * invitation e-mail, signs in, adds six dependents with a first name each, then types BENCH_KEYS (default 100)
 * characters, one at a time, into the sixth dependent's Last Name and the member's PCP Name. Per key: from the
 * keydown's timestamp to the frame after it (requestAnimationFrame, then a task): p50, p95, max. The same keys typed
 * into a bare <input> on a blank page, in the same browser and throttling, give the floor of this method (the wait
 * for the next frame and the browser's own work), printed first; then the same fields of a copy of the profile page
 * as it is before typing, markup and styles without any script: what the browser alone takes for this page. By default each key is pressed as soon as the last
 * one painted, faster than anyone types, so the work a key leaves for later delays the next one, and each key
 * comes a few ms after a frame and waits most of the next one (the floor's p50 is then about 15 ms at any CPU rate);
 * BENCH_KEY_INTERVAL_MS=117 types at a fast typist's 100 words a minute instead, at moments that drift against the
 * frames as a person's keys do (an interval of whole frames, 150 ms say, locks each key to the same moment of a
 * frame again). BENCH_PROFILE=<file>
 * also writes the Chrome CPU profile of the typing (DevTools' Performance panel or any .cpuprofile reader opens it).
 * BENCH_CPU_TIME=1 also traces each field's typing and prints the page's main-thread CPU time per key (the thread
 * time of its tasks, from Chrome's trace): the work a key costs, which other processes on a shared machine inflate far
 * less than the wall-clock figures (the CPU throttling does not count in it either), and how much of it the
 * browser's own phases take (style, layout, pre-paint, paint, layerize; thread time, forced layouts included), and the
 * four biggest sources of tasks (the function that posted them, as Chrome's trace names it: the input's events, the
 * frames, and the browser's own work beside the page's, such as autofill's tracking of a changed form control).
 * BENCH_RENDERS=1 also counts, per key, the React components that rendered, by name (through React's developer-tools
 * hook, installed before the app loads; build with `npx vite build --minify false` for the app's own names); the
 * counting walks the whole tree at each commit, so take the latencies from a run without it.
 * Run `npm run build` first, then `npx tsx bench/typing.bench.ts`.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 3503);
const base = `http://127.0.0.1:${port}`;
const rate = Number(process.env.BENCH_CPU_RATE ?? 4);
const keys = Number(process.env.BENCH_KEYS ?? 100);
/** Milliseconds from one key to the next (BENCH_KEY_INTERVAL_MS); 0, the default, presses each key once the last painted. */
const interval = Number(process.env.BENCH_KEY_INTERVAL_MS ?? 0);
const DEMO_EMPLOYER_ID = '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a11';
const PASSWORD = 'Str0ng!Pass#1';

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}.`);
    await sleep(100);
  }
}

function invitationLink(dataDir: string, email: string): string | undefined {
  const folder = path.join(dataDir, 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(folder);
  } catch {
    return undefined;
  }
  const text = files.map((f) => readFileSync(path.join(folder, f), 'utf8')).find((m) => m.includes(`To: ${email}`));
  if (!text) return undefined;
  const decoded = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return decoded.match(/https?:\/\/\S+\/set-password\?\S+/)?.[0];
}

/** Installs the per-key measurement: keydown timestamp to the task after the next animation frame. */
// A string, not a function: tsx would add its own helpers to a function's source, which the page does not have.
const INSTRUMENT = `
  window.__latencies = [];
  window.__pending = Promise.resolve();
  const channel = new MessageChannel();
  let resolveNext = null;
  channel.port1.onmessage = () => resolveNext && resolveNext();
  window.addEventListener('keydown', (event) => {
    const start = event.timeStamp;
    window.__pending = new Promise((resolve) => {
      requestAnimationFrame(() => {
        resolveNext = () => { window.__latencies.push(performance.now() - start); resolve(); };
        channel.port2.postMessage(null);
      });
    });
  }, true);
`;

async function instrument(page: Page): Promise<void> {
  await page.evaluate(INSTRUMENT);
}

/**
 * The page as it is now, markup and styles, without its scripts, served from the product's origin (so its style
 * sheets load) in a page of its own with the same measurement and throttling: what the browser alone costs per key
 * for this page, whatever the code does.
 */
async function staticCopy(browser: Browser, page: Page): Promise<Page> {
  const markup = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link\b[^>]*modulepreload[^>]*>/g, '');
  const copy = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await copy.route(`${base}/static-copy`, (route) => route.fulfill({ contentType: 'text/html', body: markup }));
  await copy.goto(`${base}/static-copy`);
  await instrument(copy);
  await (await copy.context().newCDPSession(copy)).send('Emulation.setCPUThrottlingRate', { rate });
  return copy;
}

const cpuTime = process.env.BENCH_CPU_TIME === '1';
const countRenders = process.env.BENCH_RENDERS === '1';

/**
 * React's developer-tools hook, counting at each commit the components whose props or state are new since the last
 * commit seen (a fiber and its alternate share what was seen, so a component that bailed out is not counted).
 */
const RENDER_COUNTER = `
  window.__renders = new Map();
  window.__counting = false;
  const seen = new WeakMap();
  const nameOf = (type) => typeof type === 'string' ? '<' + type + '>' :
    type.displayName || type.name || (type.render && (type.render.displayName || type.render.name)) || (type.type && (type.type.displayName || type.type.name)) || '(anonymous)';
  const visit = (first) => {
    for (let fiber = first; fiber; fiber = fiber.sibling) {
      const before = seen.get(fiber);
      const now = [fiber.memoizedProps, fiber.memoizedState];
      seen.set(fiber, now);
      if (fiber.alternate) seen.set(fiber.alternate, now);
      if (window.__counting && fiber.type && before && (before[0] !== now[0] || before[1] !== now[1])) {
        const name = nameOf(fiber.type);
        window.__renders.set(name, (window.__renders.get(name) || 0) + 1);
      }
      visit(fiber.child);
    }
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, inject: () => 1, checkDCE() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    onCommitFiberRoot: (id, root) => visit(root.current.child),
  };
`;

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string; src_func?: string } };

/** The complete ('X') events of a trace on the renderer main threads. */
function mainThreadEvents(trace: Buffer): TraceEvent[] {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const threads = new Set(main.map((e) => `${e.pid}:${e.tid}`));
  return events.filter((e) => e.ph === 'X' && threads.has(`${e.pid}:${e.tid}`));
}

const isTask = (event: TraceEvent) => event.name === 'ThreadControllerImpl::RunTask';

/** The thread time of the renderer main threads' tasks in a trace, in ms (a task run inside another is not counted twice). */
function mainThreadCpuMs(events: TraceEvent[]): number {
  const tasks = events.filter(isTask).sort((a, b) => a.ts - b.ts);
  let sum = 0;
  const busyUntil = new Map<string, number>();
  for (const task of tasks) {
    const thread = `${task.pid}:${task.tid}`;
    if (task.ts < (busyUntil.get(thread) ?? 0)) continue;
    busyUntil.set(thread, task.ts + (task.dur ?? 0));
    sum += task.tdur ?? 0;
  }
  return sum / 1000;
}

/** The browser's own phases of a key on the renderer main threads, in ms of thread time (forced ones included). */
const PHASES = { UpdateLayoutTree: 'style', Layout: 'layout', PrePaint: 'pre-paint', Paint: 'paint', Layerize: 'layerize' } as const;

function phaseCpuMs(events: TraceEvent[]): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const event of events) {
    const phase = PHASES[event.name as keyof typeof PHASES];
    if (phase) sums[phase] = (sums[phase] ?? 0) + (event.tdur ?? 0) / 1000;
  }
  return sums;
}

/**
 * The renderer main threads' task time by what posted the task (Chrome's trace names the posting function), in ms,
 * most first: the input's own events, the frames, and work the browser does beside the page's (autofill's tracking).
 */
function taskSourceCpuMs(events: TraceEvent[]): Array<[string, number]> {
  const sums = new Map<string, number>();
  for (const task of events.filter(isTask)) {
    const source = task.args?.src_func ?? '(unnamed)';
    sums.set(source, (sums.get(source) ?? 0) + (task.tdur ?? 0) / 1000);
  }
  return [...sums].sort((a, b) => b[1] - a[1]);
}

type Typed = { latencies: number[]; cpuPerKey?: number; phases?: string; sources?: string; renders?: string };

/**
 * Types `text` one key at a time; the latency of each key, with BENCH_CPU_TIME the main-thread CPU ms per key, and
 * on a page with the render counter the components that rendered per key, most first ('Name 2.0').
 */
async function typeMeasured(page: Page, text: string): Promise<Typed> {
  await page.evaluate('window.__latencies = []; if (window.__renders) { window.__renders = new Map(); window.__counting = true; }');
  if (cpuTime) await page.context().browser()!.startTracing(page, { categories: ['toplevel', 'devtools.timeline'] });
  for (const char of text) {
    const pressed = Date.now();
    await page.keyboard.press(char);
    await page.evaluate('window.__pending');
    if (interval > 0) await sleep(Math.max(0, interval - (Date.now() - pressed)));
  }
  const trace = cpuTime ? mainThreadEvents(await page.context().browser()!.stopTracing()) : undefined;
  const perKey = (entries: Array<[string, number]>) => entries.map(([name, ms]) => `${name} ${(ms / text.length).toFixed(2)}`).join(', ');
  const cpuPerKey = trace ? mainThreadCpuMs(trace) / text.length : undefined;
  const phases = trace && perKey(Object.entries(phaseCpuMs(trace)));
  const sources = trace && perKey(taskSourceCpuMs(trace).slice(0, 4));
  const counted = (await page.evaluate('window.__counting = false; window.__renders ? [...window.__renders] : null')) as [string, number][] | null;
  const renders = counted
    ?.sort((a, b) => b[1] - a[1])
    .map(([name, count]) => `${name} ${(count / text.length).toFixed(1)}`)
    .join(', ');
  return { latencies: (await page.evaluate('window.__latencies')) as number[], cpuPerKey, phases, sources, renders };
}

function summary({ latencies, cpuPerKey }: Typed): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  const cpu = cpuPerKey === undefined ? '' : ` ${cpuPerKey.toFixed(2)} |`;
  return `${at(0.5).toFixed(1)} | ${at(0.95).toFixed(1)} | ${sorted.at(-1)!.toFixed(1)} |${cpu}`;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'benefit-portal-typing-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  detached: true,
  stdio: 'ignore',
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', SMTP_URL: '', PUBLIC_URL: base, AUTH_RATE_LIMIT: '1000' },
});
let browser: Browser | undefined;
try {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  await waitFor('the server', async () => ((await fetch(`${base}/api/Version/test`).catch(() => null))?.ok ? true : undefined), 120_000);
  const text = 'abcdefghijklmnopqrstuvwxyz'.repeat(Math.ceil(keys / 26)).slice(0, keys);
  const blank = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await blank.setContent('<label>Bare <input></label>');
  await instrument(blank);
  await (await blank.context().newCDPSession(blank)).send('Emulation.setCPUThrottlingRate', { rate });
  await blank.getByLabel('Bare').click();
  const floor = await typeMeasured(blank, text);
  await blank.close();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  if (countRenders) await page.addInitScript(RENDER_COUNTER);
  page.setDefaultTimeout(60_000);
  page.on('crash', () => console.error('The page crashed.'));
  page.on('pageerror', (error) => console.error('Page error:', error.message));
  const email = `typing.${Date.now()}@example.com`;
  await page.goto(`${base}/register?employer_id=${DEMO_EMPLOYER_ID}`);
  await page.getByLabel('First Name').fill('Tess');
  await page.getByLabel('Last Name').fill('Typist');
  await page.getByLabel('Personal Email').fill(email);
  await page.getByRole('checkbox', { name: /Terms of Use/ }).check();
  await page.getByRole('button', { name: 'Register Account' }).click();
  await page.waitForURL(/\/login\?register=true/);
  await page.goto(await waitFor('the invitation', () => invitationLink(dataDir, email)));
  await page.getByLabel('New Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm New Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await page.waitForURL(/\/login\?employer_id=/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: false }).first().fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/\/profile$/);
  for (let index = 0; index < 6; index++) {
    await page.getByRole('button', { name: 'Add Dependent' }).click();
    await page.getByRole('group', { name: `Dependent #${index + 1}` }).getByLabel('First Name').fill(`Kid${index + 1}`);
  }
  const copy = await staticCopy(browser, page);
  await copy.getByRole('group', { name: 'Dependent #6' }).getByLabel('Last Name').click();
  const copyDependent = await typeMeasured(copy, text);
  await copy.getByLabel('PCP Name').first().click();
  const copyMember = await typeMeasured(copy, text);
  await copy.close();
  await instrument(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const profile = process.env.BENCH_PROFILE;
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await page.getByRole('group', { name: 'Dependent #6' }).getByLabel('Last Name').click();
  const dependent = await typeMeasured(page, text);
  await page.getByLabel('PCP Name').first().click();
  const member = await typeMeasured(page, text);
  if (profile) writeFileSync(profile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  console.log(`CPU throttling rate ${rate}, ${keys} keys per field${interval > 0 ? `, one every ${interval} ms` : ''}, six dependents.\n`);
  console.log(`| Field | p50 ms | p95 ms | max ms |${cpuTime ? ' main-thread CPU ms per key |' : ''}`);
  console.log(`|---|---|---|---|${cpuTime ? '---|' : ''}`);
  console.log(`| A bare input on a blank page (the floor) | ${summary(floor)}`);
  console.log(`| The same page without JavaScript, Dependent #6 Last Name | ${summary(copyDependent)}`);
  console.log(`| The same page without JavaScript, Member PCP Name | ${summary(copyMember)}`);
  console.log(`| Dependent #6 Last Name | ${summary(dependent)}`);
  console.log(`| Member PCP Name | ${summary(member)}`);
  if (cpuTime) console.log(`\nBrowser phases, ms per key: the floor ${floor.phases}; Dependent #6 Last Name ${dependent.phases}; Member PCP Name ${member.phases}`);
  if (cpuTime) console.log(`\nTasks by their source, ms per key: the floor ${floor.sources}; Dependent #6 Last Name ${dependent.sources}; Member PCP Name ${member.sources}`);
  if (countRenders) console.log(`\nRenders per key, Dependent #6 Last Name: ${dependent.renders}\n\nRenders per key, Member PCP Name: ${member.renders}`);
} finally {
  await browser?.close();
  process.kill(-server.pid!, 'SIGTERM');
  await sleep(500);
  rmSync(dataDir, { recursive: true, force: true });
}
