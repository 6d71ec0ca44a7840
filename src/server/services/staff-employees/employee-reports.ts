/**
 * The reports of an employer's employees: the enrollment report (the standings counted) and the payroll deduction
 * file. The payroll figures are the domain's (src/domain/employer/employee-status.ts) over what the enrollment stored.
 */
import type { EnrollmentReport } from '#contracts/staff/staff-employees.ts';
import { formatCsv } from '#domain/values/csv.ts';
import { payrollFigures, statusCounts } from '#domain/employer/employee-status.ts';
import { centsToDollars } from '#domain/values/money.ts';
import type { DbOrTx } from '#db/database.ts';
import { rosterOf } from '#db/repositories/employer/employee-roster.repository.ts';
import type { ContentService } from '../../ports.ts';
import { employerFieldsOf, labelsOf, listEmployees, ownAnswersOf, standingOf } from './employee-roster.ts';

export async function enrollmentReport(db: DbOrTx, content: ContentService, accountid: string): Promise<EnrollmentReport> {
  const employees = await listEmployees(db, content, accountid);
  return { counts: statusCounts(employees), employees };
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
