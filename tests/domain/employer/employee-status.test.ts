import { describe, expect, it } from 'vitest';
import { employeeStanding, payrollFigures, statusCounts, type EmployeeFacts } from '#domain/employer/employee-status.ts';
import { enrollmentTotals } from '#domain/values/money.ts';

const base: EmployeeFacts = { createdOn: '2026-01-05T10:00:00.000Z', invitedOn: null, passwordSetOn: null, mainOrder: null };

describe('employeeStanding', () => {
  it('is invited on the creation day until a link is sent, then on the latest link day', () => {
    expect(employeeStanding(base)).toEqual({ status: 'invited', statusdate: '2026-01-05', plan: null });
    expect(employeeStanding({ ...base, invitedOn: new Date('2026-01-09T23:30:00Z') })).toEqual({ status: 'invited', statusdate: '2026-01-09', plan: null });
  });

  it('is registered once the password is set', () => {
    expect(employeeStanding({ ...base, invitedOn: '2026-01-06T00:00:00Z', passwordSetOn: '2026-01-07T08:00:00Z' })).toEqual({
      status: 'registered',
      statusdate: '2026-01-07',
      plan: null,
    });
  });

  it('is enrolled with the plan, or waived without one, on the main order day', () => {
    const registered = { ...base, passwordSetOn: '2026-01-07T08:00:00Z' };
    expect(employeeStanding({ ...registered, mainOrder: { category: 'healthinsurance', createdOn: '2026-01-08T12:00:00Z', planName: 'Silver 3000' } })).toEqual({
      status: 'enrolled',
      statusdate: '2026-01-08',
      plan: 'Silver 3000',
    });
    expect(employeeStanding({ ...registered, mainOrder: { category: 'waive', createdOn: '2026-01-09T12:00:00Z', planName: null } })).toEqual({
      status: 'waived',
      statusdate: '2026-01-09',
      plan: null,
    });
  });
});

describe('statusCounts', () => {
  it('counts every status, zero included, and the total', () => {
    expect(statusCounts([{ status: 'invited' }, { status: 'enrolled' }, { status: 'invited' }])).toEqual({
      invited: 2,
      registered: 0,
      enrolled: 1,
      waived: 0,
      total: 3,
    });
  });
});

describe('payrollFigures', () => {
  it.each([
    ['spend above the contribution', { premiumCents: 52000, serviceCents: 999, hsaCents: 5000, contributionCents: 45000 }],
    ['spend below the contribution', { premiumCents: 30000, serviceCents: 0, hsaCents: 0, contributionCents: 45000 }],
    ['a waiver', { premiumCents: 0, serviceCents: 0, hsaCents: 0, contributionCents: 30000 }],
  ])('gives back the enrollment coverage and deductions of the stored account: %s', (_, amounts) => {
    const totals = enrollmentTotals(amounts);
    expect(
      payrollFigures({
        contributionCents: amounts.contributionCents,
        currentBalanceCents: totals.currentBalanceCents,
        premiumDeductionCents: totals.premiumDeductionCents,
        hsaDeductionCents: totals.hsaDeductionCents,
      }),
    ).toEqual({
      contributionCents: amounts.contributionCents,
      coverageCents: totals.coverageCents,
      premiumDeductionCents: totals.premiumDeductionCents,
      hsaDeductionCents: totals.hsaDeductionCents,
      remainingContributionCents: totals.currentBalanceCents,
    });
  });
});
