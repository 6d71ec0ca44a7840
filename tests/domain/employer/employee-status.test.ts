import { describe, expect, it } from 'vitest';
import { employeeStanding, payrollFigures, statusCounts, type EmployeeFacts, type EmployeeStanding, type PayrollFigures, type StoredAccount } from '#domain/employer/employee-status.ts';
import { enrollmentTotals } from '#domain/values/money.ts';
import type { RuleCase } from '../rule-case.ts';

const base: EmployeeFacts = { createdOn: '2026-01-05T10:00:00.000Z', invitedOn: null, passwordSetOn: null, mainOrder: null };
const registered = { ...base, passwordSetOn: '2026-01-07T08:00:00Z' };

describe('employeeStanding', () => {
  it.each([
    { name: 'invited on the creation day until a link is sent', period: '', input: base, output: { status: 'invited', statusdate: '2026-01-05', plan: null } },
    { name: 'invited on the latest link day once one is sent', period: '', input: { ...base, invitedOn: new Date('2026-01-09T23:30:00Z') }, output: { status: 'invited', statusdate: '2026-01-09', plan: null } },
    {
      name: 'registered once the password is set',
      period: '',
      input: { ...base, invitedOn: '2026-01-06T00:00:00Z', passwordSetOn: '2026-01-07T08:00:00Z' },
      output: { status: 'registered', statusdate: '2026-01-07', plan: null },
    },
    {
      name: 'enrolled with the plan on the main order day',
      period: '',
      input: { ...registered, mainOrder: { category: 'healthinsurance', createdOn: '2026-01-08T12:00:00Z', planName: 'Silver 3000' } },
      output: { status: 'enrolled', statusdate: '2026-01-08', plan: 'Silver 3000' },
    },
    {
      name: 'waived without a plan on the main order day',
      period: '',
      input: { ...registered, mainOrder: { category: 'waive', createdOn: '2026-01-09T12:00:00Z', planName: null } },
      output: { status: 'waived', statusdate: '2026-01-09', plan: null },
    },
  ] satisfies RuleCase<EmployeeFacts, EmployeeStanding>[])('$name', ({ input, output }) => {
    expect(employeeStanding(input)).toEqual(output);
  });
});

describe('statusCounts', () => {
  it.each([
    {
      name: 'counts every status, zero included, and the total',
      period: '',
      input: [{ status: 'invited' }, { status: 'enrolled' }, { status: 'invited' }],
      output: { invited: 2, registered: 0, enrolled: 1, waived: 0, total: 3 },
    },
  ] satisfies RuleCase<Pick<EmployeeStanding, 'status'>[], ReturnType<typeof statusCounts>>[])('$name', ({ input, output }) => {
    expect(statusCounts(input)).toEqual(output);
  });
});

describe('payrollFigures (the enrollment coverage and deductions, given back from the stored account)', () => {
  type Amounts = Parameters<typeof enrollmentTotals>[0];
  /** The account the enrollment stores for `amounts`, and the figures its totals say. */
  const stored = (amounts: Amounts): { input: StoredAccount; output: PayrollFigures } => {
    const totals = enrollmentTotals(amounts);
    return {
      input: { contributionCents: amounts.contributionCents, currentBalanceCents: totals.currentBalanceCents, premiumDeductionCents: totals.premiumDeductionCents, hsaDeductionCents: totals.hsaDeductionCents },
      output: {
        contributionCents: amounts.contributionCents,
        coverageCents: totals.coverageCents,
        premiumDeductionCents: totals.premiumDeductionCents,
        hsaDeductionCents: totals.hsaDeductionCents,
        remainingContributionCents: totals.currentBalanceCents,
      },
    };
  };

  it.each([
    { name: 'spend above the contribution', period: '', ...stored({ premiumCents: 52000, serviceCents: 999, hsaCents: 5000, contributionCents: 45000 }) },
    { name: 'spend below the contribution', period: '', ...stored({ premiumCents: 30000, serviceCents: 0, hsaCents: 0, contributionCents: 45000 }) },
    { name: 'a waiver', period: '', ...stored({ premiumCents: 0, serviceCents: 0, hsaCents: 0, contributionCents: 30000 }) },
  ] satisfies RuleCase<StoredAccount, PayrollFigures>[])('$name', ({ input, output }) => {
    expect(payrollFigures(input)).toEqual(output);
  });
});
