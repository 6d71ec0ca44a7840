/**
 * API paths whose shape is part of the wire contract, for the screens that call them outside a flow document
 * (the enrollment flow declares its own calls). Each segment is URL-encoded, as the engine fills a declared path.
 * Imports nothing.
 */

export type MonthlyContributionPathInput = {
  accountid: string;
  /** The coverage effective date, 'YYYY-MM-DD'. */
  effectiveDate: string;
  /** The member's date of birth, 'YYYY-MM-DD'. */
  birthdate: string;
  stateorprovince: string;
  /** The member's class; none is sent as the word 'empty'. */
  contributionclass: string | null | undefined;
  /** The dependents' birthdates already padded to the call's five slots (the domain's padDependentBirthdates). */
  dependentBirthdates: readonly string[];
};

/** GET: the employer's class-aware monthly contribution in dollars. */
export function monthlyContributionPath(input: MonthlyContributionPathInput): string {
  const segments = [
    input.accountid,
    input.effectiveDate,
    input.birthdate,
    input.stateorprovince,
    input.contributionclass || 'empty',
    ...input.dependentBirthdates,
  ];
  return `/api/EmployerContribution/GetMonthlyEmployerContributionWithClass/${segments.map(encodeURIComponent).join('/')}`;
}
