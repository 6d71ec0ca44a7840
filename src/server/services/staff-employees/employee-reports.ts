/**
 * The reports of an employer's employees: the enrollment report (the standings counted) and the payroll deduction
 * file. The payroll figures are the domain's (src/domain/employer/employee-status.ts) over what the enrollment stored.
 */
import { Readable, pipeline } from 'node:stream';
import type { EmployeePageQuery, EnrollmentReportPage } from '#contracts/staff/employee-pages.ts';
import { csvFileStream } from '#domain/values/csv-stream.ts';
import { payrollFigures } from '#domain/employer/employee-status.ts';
import { centsToDollars } from '#domain/values/money.ts';
import type { DbOrTx } from '#db/database.ts';
import { rosterInChunks, statusTallies } from '#db/repositories/employer/employee-pages.repository.ts';
import type { ContentService } from '../../ports.ts';
import { employeePage, employerFieldsOf, labelsOf, ownAnswersOf, standingOf } from './employee-roster.ts';

/** The enrollment report: the employer's employees counted by status, and the page of them the query asks for. */
export async function enrollmentReport(db: DbOrTx, content: ContentService, accountid: string, query: EmployeePageQuery): Promise<EnrollmentReportPage> {
  return { counts: await statusTallies(db, accountid), ...(await employeePage(db, content, accountid, query)) };
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
 * employee's answers. Written as it is read (docs/decisions/050-rosters-in-pages-reports-streamed.md): the file is
 * a stream, its bytes those formatCsv would give.
 */
export function payrollCsv(db: DbOrTx, content: ContentService, accountid: string, chunk = PAYROLL_CHUNK): Readable {
  const file = csvFileStream();
  pipeline(Readable.from(payrollRecords(db, content, accountid, chunk)), file, () => {
    // A failure destroys the file with it: the reply ends there and the error is logged.
  });
  return file;
}

/** Employees read from the database at a time (`chunk`): a 50,000-row file holds one chunk in memory, not the roster. */
const PAYROLL_CHUNK = 500;

/** The header, then each enrolled or waived employee's line, read a chunk at a time. */
async function* payrollRecords(db: DbOrTx, content: ContentService, accountid: string, chunk: number): AsyncGenerator<Array<string | number>> {
  const fields = await ownAnswersOf(db, content, accountid, []);
  yield [...PAYROLL_COLUMNS, ...labelsOf(fields)];
  for await (const entries of rosterInChunks(db, accountid, chunk)) {
    const own = await ownAnswersOf(db, content, accountid, entries.map((entry) => entry.member.id));
    for (const entry of entries) {
      if (!entry.mainOrder || !entry.account) continue;
      const figures = payrollFigures({
        contributionCents: entry.account.currentemployercontribution_cents,
        currentBalanceCents: entry.account.currentbalance_cents,
        premiumDeductionCents: entry.account.currentpayrolldeduction_cents,
        hsaDeductionCents: entry.account.currenthsadeduction_cents,
      });
      const standing = standingOf(entry);
      yield [
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
      ];
    }
  }
}
