/**
 * A member's HSA limit (spec §9 HSA figures), one computation for GET /api/Hsa/Limit (what the Flexible Spending
 * screen shows) and for the orders (what the server accepts), so the two never disagree. From what is stored:
 * the coverage tier (family when a dependent on file is on the policy, else self-only), the IRS figures of the
 * effective date's tax year (data/reference/constants.json) with the catch-up from age 55 by December 31, and the
 * months from the effective date through the end of the plan year (within the tax year), and the limit prorated to
 * the months of coverage in the tax year (what the step explains beside the amount). Rules: src/domain/enrollment/hsa.ts.
 */
import {
  hsaAnnualLimitCents,
  hsaCatchUpAllowed,
  hsaEligibleMonths,
  hsaFiguresFor,
  hsaMaxMonthlyCents,
  hsaMonthsLeft,
  hsaProratedLimitCents,
  type HsaTier,
} from '#domain/enrollment/hsa.ts';
import type { HsaLimit } from '#contracts/entities.ts';
import type { Cents } from '#domain/values/money.ts';
import type { DbOrTx } from '#db/database.ts';
import * as dependents from '#db/repositories/member/dependent.repository.ts';
import * as employers from '#db/repositories/employer/employer.repository.ts';
import * as members from '#db/repositories/member/member.repository.ts';
import { hsaFigures } from '../../data-import/constants.ts';
import { unauthorized } from '../../errors.ts';

export type MemberHsaLimit = {
  tier: HsaTier;
  /** The year whose IRS figures apply (the tax year, or the newest published before it). */
  figuresYear: number;
  annualCents: Cents;
  catchUpCents: Cents;
  monthsLeft: number;
  maxMonthlyCents: Cents;
  /** The months of the tax year covered from their first day (from the effective date through December). */
  eligibleMonths: number;
  /** The annual limit prorated to eligibleMonths (the full limit still applies under the last-month rule). */
  proratedCents: Cents;
};

/** The limit from rows already read (an authorization holds the member and employer rows it locked). */
export function hsaLimitOf(
  member: { birthdate: string | null },
  employer: { planyearend: string } | undefined,
  family: ReadonlyArray<{ isonhealthpolicy: string }>,
  effectiveDate: string,
): MemberHsaLimit {
  const taxYear = Number(effectiveDate.slice(0, 4));
  const tier: HsaTier = family.some((dependent) => dependent.isonhealthpolicy === 'Yes') ? 'family' : 'self-only';
  const { year: figuresYear, figures } = hsaFiguresFor(hsaFigures(), taxYear);
  const catchUp = hsaCatchUpAllowed(member.birthdate, taxYear);
  const annualCents = hsaAnnualLimitCents(figures, tier, catchUp);
  const monthsLeft = hsaMonthsLeft(effectiveDate, employer?.planyearend ?? null);
  const eligibleMonths = hsaEligibleMonths(effectiveDate);
  return {
    tier,
    figuresYear,
    annualCents,
    catchUpCents: catchUp ? figures.catchUpCents : 0,
    monthsLeft,
    maxMonthlyCents: hsaMaxMonthlyCents(annualCents, monthsLeft),
    eligibleMonths,
    proratedCents: hsaProratedLimitCents(annualCents, eligibleMonths),
  };
}

export async function hsaLimitForMember(db: DbOrTx, memberId: string, effectiveDate: string): Promise<MemberHsaLimit> {
  const member = await members.findById(db, memberId);
  if (!member) throw unauthorized();
  const [employer, family] = await Promise.all([employers.findById(db, member.accountid), dependents.listByMember(db, member.id)]);
  return hsaLimitOf(member, employer, family, effectiveDate);
}

/** A limit as GET /api/Hsa/Limit answers it, in cents (the route's edge writes dollars). */
export function hsaLimitAnswer(limit: MemberHsaLimit): HsaLimit {
  return {
    annuallimit: limit.annualCents,
    monthsleft: limit.monthsLeft,
    maxmonthly: limit.maxMonthlyCents,
    tier: limit.tier,
    catchup: limit.catchUpCents,
    figuresyear: limit.figuresYear,
    eligiblemonths: limit.eligibleMonths,
    proratedlimit: limit.proratedCents,
  };
}
