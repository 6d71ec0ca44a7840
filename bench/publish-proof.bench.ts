/**
 * The publish proof (src/server/content/publish-proof.ts) for an employer of BENCH_ROWS census employees (default
 * 1,000; every fourth with a spouse and a child on file), on PGlite in a temp dir or with BENCH_DATABASE_URL a schema
 * of PostgreSQL: what a publish of the profile adds before it answers (employerProof: the employer's documents,
 * its employees and families read, every case of the enrollment table walked for each distinct employee). Timed:
 * the first proof (validators of the changed documents compiled on the way), then BENCH_ROUNDS more (default 5),
 * of a change that passes (a required Employee ID of the employer's own) and of one the proof refuses (the SSN
 * hidden). Prints each time and the median; never a timed assertion (npm test runs it at a few rows,
 * tests/bench/smoke.test.ts). Run with
 *   npx tsx bench/publish-proof.bench.ts
 */
import '#product/compile-setup.ts';
import '#product/engine-setup.ts';
import { randomUUID } from 'node:crypto';
import { DEMO_ACCOUNT_ID, seedDemoEmployer } from '#db/seed/demo-employer.ts';
import * as dependents from '#db/repositories/member/dependent.repository.ts';
import * as members from '#db/repositories/member/member.repository.ts';
import { todayUtc } from '#domain/values/dates.ts';
import { compileWithAjv } from '#engine/compile/index.ts';
import { installRuntimeCompiler } from '#engine/runtime/index.ts';
import { loadBaseContent } from '#server/content/base-content.ts';
import { CENSUS_MEMBER } from '#server/services/staff-employees/census-import.ts';
import { employerProof, type Replacing } from '#server/content/employer-proof.ts';
import { onBenchDb, runAsScript, type BenchTarget } from './bench-db.ts';

export type PublishProofSizes = { rows: number; rounds: number };
/** Per change proved: the cases walked and the problems found. */
export type PublishProofResult = { label: string; walked: number; problems: number }[];
/** A few real (ZIP, city, county, state) places, as a census import would have filled them from the crosswalk. */
const PLACES = [
  { postalcode: '97201', city: 'Portland', county: 'Multnomah County', stateorprovince: 'OR' },
  { postalcode: '62701', city: 'Springfield', county: 'Sangamon County', stateorprovince: 'IL' },
  { postalcode: '30301', city: 'Atlanta', county: 'Fulton County', stateorprovince: 'GA' },
  { postalcode: '10001', city: 'New York', county: 'New York County', stateorprovince: 'NY' },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The proof of each change, timed 1 + `rounds` times, for an employer of `rows` census employees (every fourth with a spouse and a child). */
export async function publishProofBench({ name, db }: BenchTarget, { rows: employees, rounds }: PublishProofSizes): Promise<PublishProofResult> {
  installRuntimeCompiler(compileWithAjv);
  const result: PublishProofResult = [];
  const today = todayUtc(new Date());
  await seedDemoEmployer(db, today);
  const accountid = DEMO_ACCOUNT_ID;
  const rows = Array.from({ length: employees }, (_, n) => {
    const year = 1950 + (n % 50);
    const birthdate = `${year}-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;
    return {
      id: randomUUID(),
      accountid,
      ...CENSUS_MEMBER,
      firstname: `Employee${n}`,
      lastname: 'Census',
      emailaddress: `employee${n}.${randomUUID().slice(0, 8)}@census.example`,
      personalemailaddress: '',
      birthdate,
      contributionclass: 'ALL',
      ...PLACES[n % PLACES.length]!,
    };
  });
  for (let at = 0; at < rows.length; at += 500) await members.insertMany(db, rows.slice(at, at + 500));
  for (const [n, member] of rows.entries()) {
    if (n % 4 !== 0) continue;
    const year = Number(member.birthdate.slice(0, 4));
    for (const dependent of [
      { firstname: 'Partner', dateofbirth: `${year + 1}-06-15`, gender: 'Male', relationship: 'spouse' as const },
      { firstname: 'Kid', dateofbirth: `${Number(today.slice(0, 4)) - 8}-03-03`, gender: 'Female', relationship: 'child' as const },
    ]) {
      await dependents.insert(db, { id: randomUUID(), memberid: member.id, lastname: 'Census', istobaccouser: false, createdby: 'Census', modifiedby: 'Census', ...dependent });
    }
  }

  const base = loadBaseContent();
  const profile = structuredClone(base.forms.get('profile')!) as unknown as { schema: { required: string[]; properties: Record<string, unknown> }; uiSchema: Record<string, Record<string, unknown>> };
  const passing = structuredClone(profile);
  passing.schema.properties.employeeid = { type: 'string', maxLength: 20, title: 'Employee ID', pattern: '^E-\\d{4}$' };
  passing.schema.required.push('employeeid');
  const refused = structuredClone(profile);
  refused.uiSchema.additionalid = { ...refused.uiSchema.additionalid, 'ui:widget': 'hidden' };

  console.log(`Publish proof: ${name}, ${employees} census employees (${Math.ceil(employees / 4)} with a spouse and a child), Node ${process.version}`);
  for (const [label, document] of [['passes (a required Employee ID)', passing], ['refused (the SSN hidden)', refused]] as const) {
    const replacing: Replacing = { documentid: 'profile', patch: document };
    const times: number[] = [];
    let problems = 0;
    let walked = 0;
    for (let round = 0; round <= rounds; round += 1) {
      const started = performance.now();
      const proof = await employerProof(db, base, accountid, { today, replacing });
      times.push(performance.now() - started);
      problems = proof.problems.length;
      walked = proof.walks.length;
    }
    const [first, ...rest] = times;
    result.push({ label, walked, problems });
    console.log(`  ${label}: ${walked} cases, ${problems} problems; first ${first!.toFixed(0)} ms, then ${rest.map((ms) => ms.toFixed(0)).join(', ')} ms (median ${median(rest).toFixed(0)} ms)`);
  }
  return result;
}

runAsScript(import.meta.url, async () => {
  await onBenchDb((target) => publishProofBench(target, { rows: Number(process.env.BENCH_ROWS ?? 1000), rounds: Number(process.env.BENCH_ROUNDS ?? 5) }));
});
