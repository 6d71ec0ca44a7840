/**
 * An employer's employees as staff list them: each employee's standing (the domain's rule, src/domain/employer/
 * employee-status.ts, over what the enrollment stored; nothing is recomputed here) and their answers to the
 * employer's own fields. The reports (employee-reports.ts) and the invitation (employee-invitations.ts) show
 * employees as this list does.
 */
import { DEFAULT_LANGUAGE } from '#contracts/language.ts';
import type { StaffEmployee, StaffEmployerField } from '#contracts/staff-employers.ts';
import { employeeStanding, type EmployeeStanding } from '#domain/employer/employee-status.ts';
import type { DbOrTx } from '#db/database.ts';
import * as dependents from '#db/repositories/member/dependent.repository.ts';
import { rosterOf, type RosterEntry } from '#db/repositories/employer/employee-roster.repository.ts';
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

export async function ownAnswersOf(db: DbOrTx, content: ContentService, accountid: string, memberid?: string): Promise<OwnAnswers> {
  // Staff read the fields' English titles (the console's language).
  const memberFields = await employerFields(content, 'profile', accountid, DEFAULT_LANGUAGE);
  const dependentFields = await employerFields(content, 'dependent', accountid, DEFAULT_LANGUAGE);
  const dependentsOf: OwnAnswers['dependentsOf'] = new Map();
  if (dependentFields.length > 0) {
    for (const row of await dependents.listOwnAnswersByEmployer(db, accountid, memberid)) {
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

export async function listEmployees(db: DbOrTx, content: ContentService, accountid: string): Promise<StaffEmployee[]> {
  const own = await ownAnswersOf(db, content, accountid);
  return (await rosterOf(db, accountid)).map((entry) => toEmployee(entry, own));
}
