/**
 * Every bench under bench/ that runs in a test's time runs here at its smallest size, so none rots against today's
 * code: a handful of requests or rows on each test database (PGlite, and PostgreSQL with TEST_DATABASE_URL), one
 * database holding the shipped reference data for all of them (each bench checks only what it made). What a bench checks on the way (every answer 200,
 * the quote's plans, one current enrollment per member) is asserted; its timings never are. The benches that start
 * the product or a browser, or run the suite itself (start, typing, suite-costs), are run by hand.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiBench } from '../../bench/api.bench.ts';
import { authorizeBench } from '../../bench/authorize.bench.ts';
import type { BenchTarget } from '../../bench/bench-db.ts';
import { bundleReport } from '../../bench/bundle.bench.ts';
import { forgotPasswordBench } from '../../bench/forgot-password.bench.ts';
import { publishProofBench } from '../../bench/publish-proof.bench.ts';
import { quoteBench } from '../../bench/quote.bench.ts';
import { everyDatabase, type TestDatabase } from '../server/helpers/databases.ts';

beforeAll(() => {
  // The benches print their reports; a smoke run's figures mean nothing.
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

describe.each(everyDatabase())('the benches run at their smallest size on $name', (database) => {
  let target: BenchTarget;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const created = await database.create();
    close = created.close;
    target = { name: database.name, db: created.db, dataDir: mkdtempSync(path.join(os.tmpdir(), 'benefit-portal-bench-smoke-')) };
  });
  afterAll(async () => {
    await close();
    rmSync(target.dataDir, { recursive: true, force: true });
  });

  it('authorize: purchases and waivers leave every member one current enrollment', async () => {
    const result = await authorizeBench(target, { members: 2, warmup: 2, rounds: 1, requests: 4, concurrency: 2 });
    expect(result.oneEnrollmentEach).toBe(true);
  });

  it('quote: the family of five is quoted every plan of the densest pair', async () => {
    const result = await quoteBench(target, { requests: 3, warmup: 1, concurrency: 2, rounds: 1 });
    expect(result.plansQuoted).toBeGreaterThan(0);
  });

  it('api: each call answers', async () => {
    const rows = await apiBench(target, 2);
    expect(rows).toHaveLength(4);
  });

  it('forgot-password: both kinds of address answer', async () => {
    const ratio = await forgotPasswordBench(target, { rounds: 2, warmup: 0 });
    expect(ratio).toBeGreaterThan(0);
  });

  it('publish-proof: the passing change has no problem and the hidden SSN has', async () => {
    const proofs = await publishProofBench(target, { rows: 8, rounds: 1 });
    expect(proofs.map((proof) => proof.problems > 0)).toEqual([false, true]);
  });
});

it('bundle: every route of the built web app is measured (npm run build first)', () => {
  const lines = bundleReport();
  expect(lines.filter((line) => /^\| (?!Route|---)/.test(line)).length).toBeGreaterThan(1);
});
