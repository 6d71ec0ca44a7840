/**
 * An employer's employees as implementation staff handle them: the census import (the whole file judged before
 * anything is written; imported again, it updates the employees it names), the set-password invitation, each employee's standing, and the reports (enrollment,
 * payroll deductions, the event log). The standing and the payroll figures are the domain's
 * (src/domain/employer/employee-status.ts) over what the enrollment stored; nothing is recomputed here.
 */
import { randomUUID } from 'node:crypto';
import { EMPTY_ID } from '#contracts/api.ts';
import { DEFAULT_LANGUAGE } from '#contracts/language.ts';
import type { CensusImport, EnrollmentReport, StaffEmployee, StaffEmployerField, StaffEvent } from '#contracts/staff-employers.ts';
import { readCensus, type CensusProblem } from '#domain/employer/census.ts';
import { planCensus } from '#domain/employer/census-merge.ts';
import { formatCsv } from '#domain/values/csv.ts';
import { todayUtc } from '#domain/values/dates.ts';
import { employeeStanding, payrollFigures, statusCounts, type EmployeeStanding } from '#domain/employer/employee-status.ts';
import { centsToDollars } from '#domain/values/money.ts';
import type { DbOrTx } from '#db/database.ts';
import * as dependents from '#db/repositories/member/dependent.repository.ts';
import { rosterOf, type RosterEntry } from '#db/repositories/employer/employee-roster.repository.ts';
import * as employers from '#db/repositories/employer/employer.repository.ts';
import { isUniqueViolation } from '#db/errors.ts';
import { employeesNamed } from '#db/repositories/employer/census.repository.ts';
import { countiesForZips } from '#db/repositories/reference/location.repository.ts';
import * as logFacts from '#db/repositories/member/log-fact.repository.ts';
import * as members from '#db/repositories/member/member.repository.ts';
import { recordStaffChange } from '#db/repositories/staff/staff-audit.repository.ts';
import type { Config } from '../../config.ts';
import { AppError, notFound } from '../../errors.ts';
import type { ContentService, MailService } from '../../ports.ts';
import { censusPersonCheck } from './census-person-check.ts';
import { answerText, employerFields, storedAnswers, type OwnField } from '../member/employer-fields.ts';
import { mailInvitation, newInvitationLink } from '../member/invitations.ts';

type Staff = { id: string };

/** The standing of a roster entry (the domain's rule over the stored facts). */
export function standingOf(entry: RosterEntry): EmployeeStanding {
  return employeeStanding({
    createdOn: entry.member.createdon,
    invitedOn: entry.invitedOn,
    passwordSetOn: entry.member.ispasswordchanged,
    mainOrder: entry.mainOrder && {
      category: entry.mainOrder.category === 'healthinsurance' ? 'healthinsurance' : 'waive',
      createdOn: entry.mainOrder.createdon,
      planName: entry.mainOrder.productname,
    },
  });
}

/**
 * The employer's own fields (those its profile and dependent documents add) with its employees' dependents'
 * answers, read once for a whole roster.
 */
type OwnAnswers = {
  memberFields: OwnField[];
  dependentFields: OwnField[];
  dependentsOf: Map<string, Array<{ firstname: string; lastname: string; employerfields: unknown }>>;
};

async function ownAnswersOf(db: DbOrTx, content: ContentService, accountid: string): Promise<OwnAnswers> {
  // Staff read the fields' English titles (the console's language).
  const memberFields = await employerFields(content, 'profile', accountid, DEFAULT_LANGUAGE);
  const dependentFields = await employerFields(content, 'dependent', accountid, DEFAULT_LANGUAGE);
  const dependentsOf: OwnAnswers['dependentsOf'] = new Map();
  if (dependentFields.length > 0) {
    for (const row of await dependents.listOwnAnswersByEmployer(db, accountid)) {
      const list = dependentsOf.get(row.memberid) ?? [];
      list.push(row);
      dependentsOf.set(row.memberid, list);
    }
  }
  return { memberFields, dependentFields, dependentsOf };
}

/** An own field's column label: its title, a dependent field's marked as the dependents'. */
const labelOf = (field: OwnField, of: StaffEmployerField['of']) => (of === 'member' ? field.title : `${field.title} (dependents)`);

/** The labels of the employer's own fields, in the order employerFieldsOf answers them. */
const labelsOf = (own: OwnAnswers): string[] => [
  ...own.memberFields.map((field) => labelOf(field, 'member')),
  ...own.dependentFields.map((field) => labelOf(field, 'dependent')),
];

/** An employee's answers to the employer's own fields; a dependent field's names each dependent who answered. */
function employerFieldsOf(entry: RosterEntry, own: OwnAnswers): StaffEmployerField[] {
  const memberAnswers = storedAnswers(own.memberFields, entry.member.employerfields);
  const family = (own.dependentsOf.get(entry.member.id) ?? []).map((dependent) => ({
    name: `${dependent.firstname} ${dependent.lastname}`,
    answers: storedAnswers(own.dependentFields, dependent.employerfields),
  }));
  return [
    ...own.memberFields.map((field) => ({ name: field.name, of: 'member' as const, label: labelOf(field, 'member'), answer: answerText(memberAnswers[field.name]) })),
    ...own.dependentFields.map((field) => ({
      name: field.name,
      of: 'dependent' as const,
      label: labelOf(field, 'dependent'),
      answer: family
        .filter((dependent) => dependent.answers[field.name] !== undefined)
        .map((dependent) => `${dependent.name}: ${answerText(dependent.answers[field.name])}`)
        .join('; '),
    })),
  ];
}

const toEmployee = (entry: RosterEntry, own: OwnAnswers): StaffEmployee => ({
  memberid: entry.member.id,
  firstname: entry.member.firstname,
  lastname: entry.member.lastname,
  email: entry.member.personalemailaddress,
  contributionclass: entry.member.contributionclass,
  ...standingOf(entry),
  employerfields: employerFieldsOf(entry, own),
});

export async function listEmployees(db: DbOrTx, content: ContentService, accountid: string): Promise<StaffEmployee[]> {
  const own = await ownAnswersOf(db, content, accountid);
  return (await rosterOf(db, accountid)).map((entry) => toEmployee(entry, own));
}

export async function enrollmentReport(db: DbOrTx, content: ContentService, accountid: string): Promise<EnrollmentReport> {
  const employees = await listEmployees(db, content, accountid);
  return { counts: statusCounts(employees), employees };
}

/** A 400 naming every bad row; nothing is written. */
const censusInvalid = (rows: CensusProblem[]) =>
  new AppError('CENSUS_INVALID', 400, `The census was not imported: ${rows.length} ${rows.length === 1 ? 'row is' : 'rows are'} not valid. Correct them and import the whole file again.`, undefined, { rows });

/** A 409 when the database refuses an address as another member's after the checks passed: another writer took it. */
const censusRaced = () =>
  new AppError(
    'CONFLICT',
    409,
    "The census was not imported: one of its e-mail addresses was given to another member while the file was imported. Import the whole file again.",
  );

/**
 * Imports a census, the first time or again: every row is read and checked (the domain's checks, a person's names,
 * e-mail and birthdate by the employer's profile and registration documents, then against the stored members and
 * the ZIP crosswalk: src/domain/employer/census-merge.ts decides which rows add an employee, update one
 * the employer has, or change nothing), all refusals reported at once, by line. Only a file without a single
 * refused row is written: its new members (invited), each update with its own audit record, and the import's
 * record, in one transaction. With `invite`, each new member is also e-mailed the set-password link (after the
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
    const plan = planCensus(employees, {
      accountid: employer.accountid,
      members: await employeesNamed(tx, employer.accountid, emails, employees.flatMap((employee) => (employee.externalid ? [employee.externalid] : []))),
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
        priormemberid: EMPTY_ID,
        externalid: EMPTY_ID,
        primarymemberid: EMPTY_ID,
        origination: 1,
        relationship: 1,
        gender: null,
        status: 'Active',
        createdby: 'Census',
        modifiedby: 'Census',
      })),
    );
    for (const update of plan.update) {
      const before = await members.findById(tx, update.memberid);
      await members.update(tx, update.memberid, { ...update.changes, modifiedby: 'Census', modifiedon: context.now });
      await recordStaffChange(tx, {
        staffId: staff.id,
        action: 'census-update',
        entity: 'member',
        entityId: update.memberid,
        before: Object.fromEntries(Object.keys(update.changes).map((field) => [field, before?.[field as keyof typeof update.changes] ?? null])),
        after: update.changes,
      });
    }
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
      after: { added: answer.added, updated: answer.updated, unchanged: answer.unchanged, imported: answer.imported, invited: answer.invited, memberids: answer.memberids },
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

/**
 * E-mails an employee of the employer a new set-password link (the first invitation or a resend; older links stop
 * working). 404 for a member of another employer, 409 once the password is set.
 */
export async function inviteEmployee(
  db: DbOrTx,
  context: { config: Pick<Config, 'PUBLIC_URL'>; mail: MailService; content: ContentService },
  staff: Staff,
  employer: employers.EmployerRow,
  memberid: string,
): Promise<StaffEmployee> {
  const { member, link } = await db.transaction().execute(async (tx) => {
    const member = await members.findById(tx, memberid);
    if (!member || member.accountid !== employer.accountid) throw notFound('There is no such employee of this employer.');
    if (member.ispasswordchanged !== null) throw new AppError('CONFLICT', 409, 'This employee has set a password already: they sign in, or reset it from the sign-in page.');
    const before = (await rosterOf(tx, employer.accountid)).find((entry) => entry.member.id === memberid)!;
    const link = await newInvitationLink(tx, context.config, member);
    await recordStaffChange(tx, {
      staffId: staff.id,
      action: 'invite',
      entity: 'member',
      entityId: memberid,
      before: { invitedOn: before.invitedOn?.toISOString() ?? null },
      after: { invitedOn: new Date().toISOString() },
    });
    return { member, link };
  });
  await mailInvitation(context.mail, member, employer.accountname, link);
  const entry = (await rosterOf(db, employer.accountid)).find((candidate) => candidate.member.id === memberid)!;
  return toEmployee(entry, await ownAnswersOf(db, context.content, employer.accountid));
}

export const PAYROLL_COLUMNS = [
  'employee number',
  'lastname',
  'firstname',
  'email',
  'status',
  'plan',
  'effective date',
  'contribution',
  'coverage cost',
  'pre-tax premium deduction',
  'pre-tax hsa deduction',
  'remaining contribution',
] as const;

const money = (cents: number) => centsToDollars(cents).toFixed(2);

/**
 * The payroll deduction report: one line a month per enrolled or waived employee, from the member account its
 * latest enrollment stored (contribution, coverage cost, the premium's and the HSA's pre-tax deductions apart, as
 * payroll reports them apart (the HSA's in W-2 box 12, code W), remaining contribution) and the main order's
 * effective date, led by the employee number payroll systems match on (the census' external id). Dollars with two
 * decimals. Then one column per own field of the employer (PAYROLL_COLUMNS, then the fields' labels), with the
 * employee's answers.
 */
export async function payrollCsv(db: DbOrTx, content: ContentService, accountid: string): Promise<string> {
  const own = await ownAnswersOf(db, content, accountid);
  const roster = await rosterOf(db, accountid);
  const rows = roster.flatMap((entry) => {
    if (!entry.mainOrder || !entry.account) return [];
    const figures = payrollFigures({
      contributionCents: entry.account.currentemployercontribution_cents,
      currentBalanceCents: entry.account.currentbalance_cents,
      premiumDeductionCents: entry.account.currentpayrolldeduction_cents,
      hsaDeductionCents: entry.account.currenthsadeduction_cents,
    });
    const standing = standingOf(entry);
    return [
      [
        entry.member.census_externalid ?? '',
        entry.member.lastname,
        entry.member.firstname,
        entry.member.personalemailaddress,
        standing.status,
        standing.plan ?? '',
        entry.mainOrder.policyeffectivedate ?? '',
        money(figures.contributionCents),
        money(figures.coverageCents),
        money(figures.premiumDeductionCents),
        money(figures.hsaDeductionCents),
        money(figures.remainingContributionCents),
        ...employerFieldsOf(entry, own).map((field) => field.answer),
      ],
    ];
  });
  return formatCsv([...PAYROLL_COLUMNS, ...labelsOf(own)], rows);
}

export async function listEvents(db: DbOrTx, filter: logFacts.LogFactFilter): Promise<StaffEvent[]> {
  return (await logFacts.list(db, filter)).map((row) => ({
    id: row.id,
    title: row.title,
    accountid: row.accountid,
    employername: row.employername,
    memberid: row.memberid,
    membername: row.firstname === null ? null : `${row.firstname} ${row.lastname ?? ''}`.trim(),
    memberemail: row.memberemail,
    action: row.action,
    effectivedate: row.effectivedate,
    data: row.data,
    createdon: new Date(row.createdon).toISOString(),
  }));
}
