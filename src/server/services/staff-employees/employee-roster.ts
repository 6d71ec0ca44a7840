/**
 * An employer's employees as staff list them, a page at a time (employeePage): each employee's standing (the
 * domain's rule, src/domain/employer/employee-status.ts, over what the enrollment stored; nothing is recomputed
 * here) and their answers to the employer's own fields. The reports (employee-reports.ts) and the invitation (employee-invitations.ts) show
 * employees as this list does.
 */
import { DEFAULT_LANGUAGE } from '#contracts/language.ts';
import { EMPLOYEE_PAGE_MAX, EMPLOYEE_PAGE_SIZE, type EmployeePage, type EmployeePageQuery } from '#contracts/staff/employee-pages.ts';
import type { StaffEmployee, StaffEmployerField } from '#contracts/staff/staff-employees.ts';
import { employeeStanding, type EmployeeStanding } from '#domain/employer/employee-status.ts';
import type { DbOrTx } from '#db/database.ts';
import * as dependents from '#db/repositories/member/dependent.repository.ts';
import { rosterCount, rosterPage } from '#db/repositories/employer/employee-pages.repository.ts';
import type { RosterEntry } from '#db/repositories/employer/employee-roster.repository.ts';
import { badRequest } from '../../errors.ts';
import type { ContentService } from '../../ports.ts';
import { answerText, employerFields, storedAnswers, type OwnField } from '../member/employer-fields.ts';

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
 * answers, read once for a whole roster (or, with memberid, for that employee alone).
 */
export type OwnAnswers = {
  memberFields: OwnField[];
  dependentFields: OwnField[];
  dependentsOf: Map<string, Array<{ firstname: string; lastname: string; employerfields: unknown }>>;
};

/** `memberids`: only those members' dependents (a page of the roster, a chunk of a file); every member's without. */
export async function ownAnswersOf(db: DbOrTx, content: ContentService, accountid: string, memberids?: readonly string[]): Promise<OwnAnswers> {
  // Staff read the fields' English titles (the console's language).
  const memberFields = await employerFields(content, 'profile', accountid, DEFAULT_LANGUAGE);
  const dependentFields = await employerFields(content, 'dependent', accountid, DEFAULT_LANGUAGE);
  const dependentsOf: OwnAnswers['dependentsOf'] = new Map();
  if (dependentFields.length > 0) {
    for (const row of await dependents.listOwnAnswersByEmployer(db, accountid, memberids)) {
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
export const labelsOf = (own: OwnAnswers): string[] => [
  ...own.memberFields.map((field) => labelOf(field, 'member')),
  ...own.dependentFields.map((field) => labelOf(field, 'dependent')),
];

/** An employee's answers to the employer's own fields; a dependent field's names each dependent who answered. */
export function employerFieldsOf(entry: RosterEntry, own: OwnAnswers): StaffEmployerField[] {
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

export const toEmployee = (entry: RosterEntry, own: OwnAnswers): StaffEmployee => ({
  memberid: entry.member.id,
  firstname: entry.member.firstname,
  lastname: entry.member.lastname,
  email: entry.member.personalemailaddress,
  contributionclass: entry.member.contributionclass,
  ...standingOf(entry),
  employerfields: employerFieldsOf(entry, own),
});

/** A page of the employer's employees as the query asks (src/contracts/staff/employee-pages.ts), with the count of its filter. */
export async function employeePage(db: DbOrTx, content: ContentService, accountid: string, query: EmployeePageQuery): Promise<EmployeePage> {
  // A search of only spaces looks for nothing: the whole list.
  const filter = { search: query.search?.trim() || undefined, status: query.status };
  const limit = query.limit ?? EMPLOYEE_PAGE_SIZE;
  if (limit > EMPLOYEE_PAGE_MAX) {
    throw badRequest(`A page holds at most ${EMPLOYEE_PAGE_MAX} employees: ask for ${EMPLOYEE_PAGE_MAX} or fewer, and the next page with its cursor.`, {
      'querystring/limit': [`${EMPLOYEE_PAGE_MAX} is the most a page holds.`],
    });
  }
  const page = await rosterPage(db, accountid, filter, { after: query.after, limit });
  if (!page) {
    throw badRequest('This page starts after an employee who is not on this list: start again from the first page.', {
      'querystring/after': ["Must be the `next` of this employer's previous page."],
    });
  }
  const own = await ownAnswersOf(db, content, accountid, page.entries.map((entry) => entry.member.id));
  return { employees: page.entries.map((entry) => toEmployee(entry, own)), next: page.next, total: await rosterCount(db, accountid, filter) };
}
