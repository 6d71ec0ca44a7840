/**
 * Where the test suite's time goes: runs each part of `npm test` alone, one after another (typecheck, build, vitest
 * node, vitest dom, Playwright), records each part's wall time, and reads the reporters' JSON for the 15 slowest
 * files. Writes suite-costs.json in a temp folder (its path printed) and prints a markdown table for bench/RESULTS.md. A record, not a check: it
 * asserts nothing about speed. Uses the environment as given (TEST_DATABASE_URL as .ci/run sets it).
 *
 *   npx tsx bench/suite-costs.ts            # every part
 *   SUITE_PARTS=node,dom npx tsx bench/suite-costs.ts
 *   SUITE_WHOLE=1 npx tsx bench/suite-costs.ts   # also `npm test` as one command (its own wall time)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = mkdtempSync(path.join(os.tmpdir(), 'suite-costs-'));

type Part = { name: string; command: string; report?: { file: string; kind: 'vitest' | 'playwright' } };

const vitestReport = (name: string): Part => {
  const file = path.join(out, `${name}.json`);
  return {
    name: `vitest ${name}`,
    command: `npx vitest run --project ${name} --reporter=default --reporter=json --outputFile.json=${file}`,
    report: { file, kind: 'vitest' },
  };
};
const playwrightFile = path.join(out, 'playwright.json');
const allParts: Record<string, Part> = {
  typecheck: { name: 'typecheck', command: 'npm run typecheck' },
  build: { name: 'build', command: 'npm run build' },
  node: vitestReport('node'),
  dom: vitestReport('dom'),
  e2e: {
    name: 'playwright',
    command: `PLAYWRIGHT_JSON_OUTPUT_NAME=${playwrightFile} npx playwright test -c tests/e2e/playwright.config.ts --reporter=list,json`,
    report: { file: playwrightFile, kind: 'playwright' },
  },
};
const chosen = (process.env.SUITE_PARTS ?? 'typecheck,build,node,dom,e2e').split(',').map((name) => {
  const part = allParts[name.trim()];
  if (!part) throw new Error(`Unknown part ${name}; parts: ${Object.keys(allParts).join(', ')}`);
  return part;
});
if (process.env.SUITE_WHOLE === '1') chosen.push({ name: 'npm test (whole)', command: 'npm test' });

type FileCost = { part: string; file: string; seconds: number; tests: number };
type PartCost = { name: string; seconds: number; exitCode: number | null; files: FileCost[] };

function vitestFiles(part: string, file: string): FileCost[] {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    testResults: { name: string; startTime: number; endTime: number; assertionResults: unknown[] }[];
  };
  return report.testResults.map((result) => ({
    part,
    file: path.relative(root, result.name),
    seconds: (result.endTime - result.startTime) / 1000,
    tests: result.assertionResults.length,
  }));
}

type PlaywrightSuite = { file: string; suites?: PlaywrightSuite[]; specs?: { tests: { results: { duration: number }[] }[] }[] };

/** A spec file's cost: the sum of its tests' durations (tests of one file may run on both workers). */
function playwrightFiles(part: string, file: string): FileCost[] {
  const report = JSON.parse(readFileSync(file, 'utf8')) as { suites: PlaywrightSuite[] };
  const costs = new Map<string, FileCost>();
  const walk = (suite: PlaywrightSuite, file: string) => {
    const cost = costs.get(file) ?? { part, file: path.join('tests/e2e', file), seconds: 0, tests: 0 };
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        cost.tests += 1;
        for (const result of test.results) cost.seconds += result.duration / 1000;
      }
    }
    costs.set(file, cost);
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report.suites) walk(suite, suite.file);
  return [...costs.values()];
}

const results: PartCost[] = [];
for (const part of chosen) {
  const started = performance.now();
  const run = spawnSync(part.command, { cwd: root, shell: true, stdio: 'inherit', env: process.env });
  const seconds = (performance.now() - started) / 1000;
  let files: FileCost[] = [];
  if (part.report && existsSync(part.report.file)) {
    files = part.report.kind === 'vitest' ? vitestFiles(part.name, part.report.file) : playwrightFiles(part.name, part.report.file);
  }
  results.push({ name: part.name, seconds, exitCode: run.status, files });
  console.log(`\n[suite-costs] ${part.name}: ${seconds.toFixed(1)} s (exit ${run.status})\n`);
}

const slowest = results.flatMap((part) => part.files).sort((a, b) => b.seconds - a.seconds).slice(0, 15);
writeFileSync(path.join(out, 'suite-costs.json'), `${JSON.stringify({ date: new Date().toISOString(), cores: os.cpus().length, database: process.env.TEST_DATABASE_URL ? 'PGlite + PostgreSQL' : 'PGlite', results }, null, 2)}\n`);

const lines = [
  '| part | wall | exit |',
  '|---|---|---|',
  ...results.map((part) => `| ${part.name} | ${part.seconds.toFixed(1)} s | ${part.exitCode} |`),
  `| sum | ${results.reduce((sum, part) => sum + part.seconds, 0).toFixed(1)} s | |`,
  '',
  '| slowest files | part | tests | time |',
  '|---|---|---|---|',
  ...slowest.map((file) => `| ${file.file} | ${file.part} | ${file.tests} | ${file.seconds.toFixed(1)} s |`),
];
console.log(`${lines.join('\n')}\n\n[suite-costs] the whole record: ${path.join(out, 'suite-costs.json')}`);
