/**
 * The census import: the whole file judged before anything is written (the domain's row checks and merge,
 * src/domain/employer/census.ts and census-merge.ts, a person's fields by the portal's own forms:
 * census-person-check.ts); imported again, it updates the employees it names.
 */
import { randomUUID } from 'node:crypto';
import { EMPTY_ID } from '#contracts/api.ts';
import { CONSOLE_LOCALE } from '#contracts/language.ts';
import { fillPlural } from '#contracts/messages.ts';
import type { CensusImport } from '#contracts/staff/staff-employees.ts';
import { readCensus, type CensusProblem } from '#domain/employer/census.ts';
import { planCensus, type CensusUpdate } from '#domain/employer/census-merge.ts';
import { todayUtc } from '#domain/values/dates.ts';
import type { DbOrTx } from '#db/database.ts';
import { isUniqueViolation } from '#db/errors.ts';
import { employeesNamed, updateEmployees, type NamedEmployee } from '#db/repositories/employer/census.repository.ts';
import * as employers from '#db/repositories/employer/employer.repository.ts';
import { countiesForZips } from '#db/repositories/reference/location.repository.ts';
import * as members from '#db/repositories/member/member.repository.ts';
import { recordStaffChange } from '#db/repositories/staff/staff-audit.repository.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { ContentService, MailService, Staff } from '../../ports.ts';
import { mailInvitation, newInvitationLink } from '../member/invitations.ts';
import { censusPersonCheck } from './census-person-check.ts';

const CENSUS_INVALID = {
  one: 'The census was not imported: {count} row is not valid. Correct it and import the whole file again.',
  other: 'The census was not imported: {count} rows are not valid. Correct them and import the whole file again.',
};

/** A 400 naming every bad row; nothing is written. */
const censusInvalid = (rows: CensusProblem[]) => new AppError('CENSUS_INVALID', 400, fillPlural(CENSUS_INVALID, rows.length, CONSOLE_LOCALE), undefined, { rows });

/** A 409 when the database refuses an address as another member's after the checks passed: another writer took it. */
const censusRaced = () =>
  new AppError(
    'CONFLICT',
    409,
    "The census was not imported: one of its e-mail addresses was given to another member while the file was imported. Import the whole file again.",
  );

/** What a census import stores of every new employee beyond their row: no prior or external record, an employee (not a dependent), active. */
export const CENSUS_MEMBER = {
  priormemberid: EMPTY_ID,
  externalid: EMPTY_ID,
  primarymemberid: EMPTY_ID,
  origination: 1,
  relationship: 1,
  gender: null,
  status: 'Active',
  createdby: 'Census',
  modifiedby: 'Census',
} as const;

/**
 * The updates as the import's audit record lists them: each employee's line, id and changed fields before and after
 * (the values as read, locked, before the update: nothing of the employee the trail did not hold before).
 */
function updatesRecorded(updates: readonly CensusUpdate[], named: readonly NamedEmployee[]) {
  const stored = new Map(named.map((member) => [member.id, member]));
  return updates.map(({ employee, memberid, changes }) => ({
    line: employee.line,
    memberid,
    before: Object.fromEntries(Object.keys(changes).map((field) => [field, stored.get(memberid)?.[field as keyof typeof changes] ?? null])),
    after: changes,
  }));
}

/**
 * Imports a census, the first time or again: every row is read and checked (the domain's checks, a person's names,
 * e-mail and birthdate by the employer's profile and registration documents, then against the stored members and
 * the ZIP crosswalk: src/domain/employer/census-merge.ts decides which rows add an employee, update one
 * the employer has, or change nothing), all refusals reported at once, by line. Only a file without a single
 * refused row is written: its new members (invited), the updates (in bulk), and the import's one audit record
 * listing both, in one transaction. With `invite`, each new member is also e-mailed the set-password link (after the
 * commit, so no mail goes out for an import that did not happen).
 */
export async function importCensus(
  db: DbOrTx,
  context: { config: Pick<Config, 'PUBLIC_URL'>; mail: MailService; content: ContentService; now: Date },
  staff: Staff,
  employer: employers.EmployerRow,
  csv: string,
  invite: boolean,
): Promise<CensusImport> {
  const checkPerson = await censusPersonCheck(context.content, employer.accountid, todayUtc(context.now));
  const { employees, problems: rowProblems } = readCensus(csv, checkPerson);
  if (employees.length === 0 && rowProblems.length > 0) throw censusInvalid(rowProblems);

  return db.transaction().execute(async (tx) => {
    // Two imports of one employer at once would both read no such employee and both add them.
    await employers.lockForUpdate(tx, employer.accountid);
    const emails = employees.map((employee) => employee.email);
    const named = await employeesNamed(tx, employer.accountid, emails, employees.flatMap((employee) => (employee.externalid ? [employee.externalid] : [])));
    const plan = planCensus(employees, {
      accountid: employer.accountid,
      members: named,
      emailOwners: await members.emailOwners(tx, emails),
      zips: await countiesForZips(tx, employees.flatMap((employee) => (employee.zip ? [employee.zip] : []))),
    });
    const problems = [...rowProblems, ...plan.problems];
    if (problems.length > 0) throw censusInvalid(problems.sort((a, b) => a.line - b.line));

    const created = await members.insertMany(
      tx,
      plan.add.map(({ fields }) => ({
        ...fields,
        id: randomUUID(),
        accountid: employer.accountid,
        ...CENSUS_MEMBER,
      })),
    );
    await updateEmployees(tx, plan.update, { modifiedby: 'Census', modifiedon: context.now });
    const links: Array<{ member: members.MemberRow; link: string }> = [];
    if (invite) for (const member of created) links.push({ member, link: await newInvitationLink(tx, context.config, member) });
    const answer: CensusImport = {
      imported: created.length + plan.update.length,
      added: created.length,
      updated: plan.update.length,
      unchanged: plan.unchanged.length,
      invited: links.length,
      memberids: created.map((member) => member.id),
      updates: plan.update.map(({ employee, memberid, changed }) => ({ line: employee.line, memberid, changed })),
    };
    await recordStaffChange(tx, {
      staffId: staff.id,
      action: 'census-import',
      entity: 'employer',
      entityId: employer.accountid,
      before: null,
      after: {
        added: answer.added,
        updated: answer.updated,
        unchanged: answer.unchanged,
        imported: answer.imported,
        invited: answer.invited,
        memberids: answer.memberids,
        updates: updatesRecorded(plan.update, named),
      },
    });
    return { answer, links };
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw censusRaced();
    throw error;
  }).then(async ({ answer, links }) => {
    for (const { member, link } of links) await mailInvitation(context.mail, member, employer.accountname, link);
    return answer;
  });
}
