/**
 * POST /api/Member/ForgotPassword for an address with an account and one without, alternated, in this process on
 * PGlite (temp dir) or, with BENCH_DATABASE_URL, PostgreSQL. The answer must not tell which is which: both do the
 * same work before answering (the lookup and the security event) and the link is made and mailed after the answer
 * (draining.ts afterAnswer). Prints the median and p95 of each; the verdict (exit code 1) is a median differing by
 * more than 25%. npm test runs it at a handful of requests (tests/bench/smoke.test.ts, never a timed assertion):
 *   npx tsx bench/forgot-password.bench.ts
 */
import { performance } from 'node:perf_hooks';
import { DEMO_ACCOUNT_NAME, DEMO_TEAM_ID, seedDemoEmployer } from '#db/seed/demo-employer.ts';
import { todayUtc } from '#domain/values/dates.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { registerMember } from '../tests/server/helpers/fixtures.ts';
import { onBenchDb, runAsScript, type BenchTarget } from './bench-db.ts';

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;

/** `rounds` of each after `warmup` unmeasured; answers the ratio of the medians (known over unknown). */
export async function forgotPasswordBench({ name, db, dataDir }: BenchTarget, { rounds, warmup }: { rounds: number; warmup: number }): Promise<number> {
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1', AUTH_RATE_LIMIT: '100000', NODE_ENV: 'test' });
  const accountid = await seedDemoEmployer(db, todayUtc(new Date()));
  const app = await buildApp({ config, db, mail: { announce: () => {} } });
  try {
    const member = await registerMember(app, { accountid, accountname: DEMO_ACCOUNT_NAME, teamid: DEMO_TEAM_ID });
    const times = { known: [] as number[], unknown: [] as number[] };
    const ask = async (email: string) => {
      const started = performance.now();
      const answer = await app.inject({ method: 'POST', url: '/api/Member/ForgotPassword', payload: { email } });
      const elapsed = performance.now() - started;
      if (answer.statusCode !== 200) throw new Error(`ForgotPassword answered ${answer.statusCode}`);
      // The work after the answer is not timed, but must not pile up under the next request either.
      await app.inFlight.settled();
      return elapsed;
    };
    for (let round = 0; round < rounds + warmup; round += 1) {
      const known = await ask(member.email);
      const unknown = await ask(`nobody-${round}@example.test`);
      if (round < warmup) continue;
      times.known.push(known);
      times.unknown.push(unknown);
    }
    const line = (label: string, values: number[]) => `${label.padEnd(8)} p50 ${quantile(values, 0.5).toFixed(2)} ms  p95 ${quantile(values, 0.95).toFixed(2)} ms`;
    console.log(`ForgotPassword on ${name}, ${rounds} of each, alternated`);
    console.log(line('known', times.known));
    console.log(line('unknown', times.unknown));
    const ratio = quantile(times.known, 0.5) / quantile(times.unknown, 0.5);
    console.log(`known / unknown median: ${ratio.toFixed(2)}`);
    return ratio;
  } finally {
    await app.close();
  }
}

runAsScript(import.meta.url, async () => {
  const ratio = await onBenchDb((target) => forgotPasswordBench(target, { rounds: Number(process.env.BENCH_REQUESTS ?? 300), warmup: 50 }));
  return Math.abs(ratio - 1) <= 0.25;
});
