/**
 * What `npm run forms:check` does, as a function the tests call: checks every base document (loadBaseContent's
 * checks) and every stored override version with the same checks the staff console applies (patchProblems), then
 * runs each employer's publish proof (employer-proof.ts, the walk a publish runs) and prints, for each employer, the
 * resolved enrollment flow's step list for each case the proof walks (the enrollment table,
 * src/domain/enrollment/enrollment-cases.ts), for testers to compare against the snapshots
 * (tests/content/__snapshots__/resolved-documents.test.ts.snap). A problem of the proof fails the check too.
 * A problem in a base document, a base text without its translation in a language other than English (documents
 * and catalogue: missing-translations.ts), a draft or a published version fails the check; a retired version that
 * today's checks refuse is listed as a note (it could not be rolled back to, but nobody gets it).
 */
import type { Kysely } from 'kysely';
import { CONSOLE_LOCALE, DEFAULT_LANGUAGE, LANGUAGES } from '#contracts/language.ts';
import { fillPlural } from '#contracts/messages.ts';
import type { Database } from '#db/database.ts';
import * as employers from '#db/repositories/employer/employer.repository.ts';
import * as overrides from '#db/repositories/employer/document-override.repository.ts';
import type { EnrollmentCase } from '#domain/enrollment/enrollment-cases.ts';
import type { ResolvedStep } from '#engine/runtime/index.ts';
import { missingTranslations } from './missing-translations.ts';
import { defaultContentRoot, loadBaseContent } from './base-content.ts';
import { employerProof } from './employer-proof.ts';
import { problemSentence } from './publish-proof.ts';
import { ownForms, patchProblems } from '../services/staff-employers/document-overrides.ts';

/** `cases`: the cases walked (default: every case of the enrollment table, as a publish walks them). */
export type FormsCheckOptions = { db: Kysely<Database>; cases?: readonly EnrollmentCase[]; today: string; root?: string };
export type FormsCheckResult = { lines: string[]; problems: number };

/** A step as one line: its title, its sub-steps' titles, and whether Next is off. */
function stepLine(step: ResolvedStep): string {
  const substeps = step.substeps.length > 0 ? `: ${step.substeps.map((substep) => substep.title).join(', ')}` : '';
  return `${step.title}${substeps}${step.canProceed ? '' : ' [Next disabled]'}`;
}

export async function runFormsCheck({ db, cases, today, root }: FormsCheckOptions): Promise<FormsCheckResult> {
  const lines: string[] = [];
  let problems = 0;
  const problem = (text: string) => {
    problems += 1;
    lines.push(`PROBLEM ${text}`);
  };

  let base: ReturnType<typeof loadBaseContent>;
  try {
    base = loadBaseContent(root);
  } catch (error) {
    problem(`base documents: ${(error as Error).message}`);
    return { lines, problems };
  }
  const documentIds = [...base.forms.keys(), ...base.flows.keys()].sort();
  lines.push(`Base documents: ${documentIds.length} checked (${documentIds.join(', ')})`);
  for (const gap of missingTranslations(base, root ?? defaultContentRoot)) problem(gap);
  lines.push(`Translations: every text of the base documents and the catalogue checked in ${LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).join(', ')}`);

  const names = new Map((await employers.listNames(db)).map((row) => [row.accountid, row.accountname]));
  const versions = await overrides.listAll(db);
  for (const row of versions) {
    const where = `${names.get(row.accountid) ?? row.accountid} (${row.accountid}) ${row.documentid} version ${row.version} (${row.status})`;
    // An id no base document has is a form of the employer's own (checked whole); a flow may name those published.
    const refused = patchProblems(base, row.documentid, row.patch, await ownForms(db, base, row.accountid));
    if (!refused) continue;
    if (row.status === 'retired') lines.push(`note: ${where} would be refused if rolled back to: ${refused.message}`);
    else problem(`${where}: ${refused.message}`);
  }
  lines.push(`Stored override versions: ${versions.length} checked`);

  for (const [accountid, accountname] of names) {
    lines.push('', `Employer ${accountname} (${accountid})`);
    const proof = await employerProof(db, base, accountid, { today, ...(cases ? { cases } : {}) });
    for (const walk of proof.walks) {
      lines.push(`  ${walk.case.name}`);
      for (const step of walk.steps) lines.push(`    ${stepLine(step)}`);
    }
    for (const found of proof.problems) problem(`${accountname} (${accountid}) publish proof: ${problemSentence(found)}`);
  }
  lines.push('', problems === 0 ? 'forms:check: no problems' : fillPlural({ one: 'forms:check: {count} problem', other: 'forms:check: {count} problems' }, problems, CONSOLE_LOCALE));
  return { lines, problems };
}
