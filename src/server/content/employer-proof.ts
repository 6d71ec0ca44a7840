/**
 * The publish proof (publish-proof.ts) of one employer over what is stored: its published documents with one of
 * them replaced by the version about to be published (a draft, or the version a roll back copies), its employees
 * as the census and their profiles make them (ages, ZIPs, families; each walked as themselves, and the sample
 * employee with the sample family besides) and the effective dates it offers now. Everything is read through `db`,
 * which at a publish is the publish's own transaction (so nothing waits for a connection the transaction holds).
 */
import { ENROLLING_CASES, type EnrollmentCase } from '#domain/enrollment/enrollment-cases.ts';
import { MAX_CENSUS_ROWS } from '#domain/employer/census.ts';
import { SAMPLE_EMPLOYEE, SAMPLE_FAMILY } from '#domain/enrollment/sample-employee.ts';
import type { DbOrTx } from '#db/database.ts';
import { proofPeople, type ProofPerson } from '#db/repositories/employer/census.repository.ts';
import * as employers from '#db/repositories/employer/employer.repository.ts';
import * as overrides from '#db/repositories/employer/document-override.repository.ts';
import type { FlowDocument, FormDocument } from '#engine/runtime/index.ts';
import { withoutPersonalFields } from '#product/index.ts';
import { offeredDatesOf } from '../services/enrollment/contributions.ts';
import { applyOverride } from './apply-override.ts';
import type { BaseContent } from './base-content.ts';
import { provePublish, type Proof, type SampleEmployee } from './publish-proof.ts';

/** The enrollment flow the proof walks. */
const FLOW = 'enrollment';

/** The version about to be published: its document and patch (a form of the employer's own: the whole form). */
export type Replacing = { documentid: string; patch: unknown };

export type EmployerProofOptions = { today: string; replacing?: Replacing; cases?: readonly EnrollmentCase[] };

/** A stored value as a form reads it: a date by its day, nothing for null or an empty text. */
function loaded(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).flatMap(([name, value]) => {
      if (value === null || value === undefined || value === '') return [];
      return [[name, typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value instanceof Date ? value.toISOString().slice(0, 10) : value]];
    }),
  );
}

/** An employee as the walk enrolls them: their record and family as the profile loads them. */
const asSample = (person: ProofPerson): SampleEmployee => ({
  label: `employee ${person.id}`,
  loaded: loaded(person.record),
  family: person.family.map((dependent) => loaded(dependent)),
});

/** The census' people, each distinct record and family once, and the sample employee with the sample family. */
export function proofEmployees(people: readonly ProofPerson[]): SampleEmployee[] {
  const seen = new Set<string>();
  const census = people.map(asSample).filter(({ loaded: record, family }) => {
    const key = JSON.stringify([record, family.map(({ id: _id, ...dependent }) => dependent)]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [...census, { label: 'the sample employee', loaded: SAMPLE_EMPLOYEE, family: SAMPLE_FAMILY }];
}

/** Runs the proof of the employer's configuration, with `replacing` in place of what is published of its document. */
export async function employerProof(db: DbOrTx, base: BaseContent, accountid: string, options: EmployerProofOptions): Promise<Proof> {
  const [employer, rows, people] = await Promise.all([
    employers.findById(db, accountid),
    overrides.listByEmployer(db, accountid),
    proofPeople(db, accountid, MAX_CENSUS_ROWS),
  ]);
  const isBase = (id: string) => base.forms.has(id) || base.flows.has(id);
  const patches = new Map(rows.filter((row) => row.status === 'published').map((row) => [row.documentid, row.patch]));
  if (options.replacing) patches.set(options.replacing.documentid, options.replacing.patch);
  const ownIds = new Set([...patches.keys()].filter((id) => !isBase(id)));
  const resolved = (id: string) => (patches.has(id) ? applyOverride(base, id, patches.get(id), ownIds).document : (base.forms.get(id) ?? base.flows.get(id))!);

  const forms = new Map<string, FormDocument>();
  for (const id of base.forms.keys()) forms.set(id, resolved(id) as FormDocument);
  for (const id of ownIds) {
    // An own form is served without the personal fields today's checks refuse (as the content store serves it).
    const served = withoutPersonalFields(resolved(id) as FormDocument, base.personal);
    if (served) forms.set(id, served);
  }
  return provePublish({
    flow: resolved(FLOW) as FlowDocument,
    baseFlow: base.flows.get(FLOW)!,
    forms,
    baseForms: base.forms,
    cases: options.cases ?? ENROLLING_CASES,
    employees: proofEmployees(people),
    today: options.today,
    effectiveDates: employer ? offeredDatesOf(employer, options.today) : [],
  });
}
