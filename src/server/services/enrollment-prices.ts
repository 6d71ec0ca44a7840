/**
 * What the order code needs from the other helpers' contracts, behind their exact signatures (docs/CONTRACTS
 * 2 and 3), so wiring the real modules is a change of this file only:
 * - planPremiumForMember: contract 2 (src/server/services/plan-quotes.ts). That module is not on this branch, so
 *   the premium source fails closed: every plan is 'not found' and a health-insurance order is refused. A price
 *   from the request is never used instead. The app takes the source as an option (BuildAppOptions.planPremiums)
 *   so the API tests can run the buy path against a fixture catalogue priced from the stored family.
 * - monthlyContributionForMember, selfOnlyContributionForMember, offeredEffectiveDates: contract 3
 *   (src/server/services/contributions.ts). Until it is merged they are computed here with the domain functions on
 *   main (contribution.ts, effective-dates.ts) over the stored schedule, member and dependents.
 * Every function takes the database or a transaction first, so the authorization reads inside its transaction.
 */
import type { HealthPlan } from '#contracts/entities.ts';
import { monthlyContributionCents, waivedContributionCents } from '#domain/contribution.ts';
import { isIsoDate } from '#domain/dates.ts';
import { effectiveDateChoices } from '#domain/effective-dates.ts';
import type { Cents } from '#domain/money.ts';
import type { DbOrTx } from '#db/database.ts';
import * as contributions from '#db/repositories/contribution.repository.ts';
import * as dependents from '#db/repositories/dependent.repository.ts';
import * as employers from '#db/repositories/employer.repository.ts';
import * as members from '#db/repositories/member.repository.ts';

/** Where and when a plan is quoted (contract 2). */
export type PlanLocation = { postalcode: string; countycode: string; effectiveDate: string };
export type PlanPremium = { plan: HealthPlan; premiumCents: Cents };
/** Contract 2's planPremiumForMember: the plan's monthly premium for the member's stored family, or null. */
export type PlanPremiumSource = (db: DbOrTx, memberId: string, planid: string, location: PlanLocation) => Promise<PlanPremium | null>;

/**
 * Contract 2 as this branch has it: no plan catalogue, so no plan is found (fail closed).
 * INTEGRATOR: replace the body with `return quotes.planPremiumForMember(db, memberId, planid, location);`
 * (import * as quotes from './plan-quotes.ts').
 */
export const planPremiumForMember: PlanPremiumSource = async () => null;

async function basisOf(db: DbOrTx, memberId: string, effectiveDate: string) {
  const member = await members.findById(db, memberId);
  if (!member) throw new RangeError('Unknown member.');
  if (!member.birthdate || !isIsoDate(member.birthdate) || !isIsoDate(effectiveDate)) return null;
  const rows = (await contributions.listByAccount(db, member.accountid)).map(contributions.toDomain);
  return { rows, contributionclass: member.contributionclass, birthdate: member.birthdate, effectiveDate };
}

/**
 * Contract 3: the employer's monthly contribution for the member's stored family on the effective date (0 before
 * the profile has a date of birth). INTEGRATOR: re-export from './contributions.ts' once merged.
 */
export async function monthlyContributionForMember(db: DbOrTx, memberId: string, effectiveDate: string): Promise<Cents> {
  const basis = await basisOf(db, memberId, effectiveDate);
  if (!basis) return 0;
  const family = await dependents.listByMember(db, memberId);
  return monthlyContributionCents({ ...basis, dependentBirthdates: family.map((dependent) => dependent.dateofbirth) });
}

/** Contract 3: the employee-only amount, what a member who waives receives. INTEGRATOR: as above. */
export async function selfOnlyContributionForMember(db: DbOrTx, memberId: string, effectiveDate: string): Promise<Cents> {
  const basis = await basisOf(db, memberId, effectiveDate);
  return basis ? waivedContributionCents(basis) : 0;
}

/** Contract 3: the effective dates offered to the member on `today` (inside the employer's plan year). */
export async function offeredEffectiveDates(db: DbOrTx, memberId: string, today: string): Promise<string[]> {
  const member = await members.findById(db, memberId);
  const employer = member ? await employers.findById(db, member.accountid) : undefined;
  if (!employer) return [];
  return effectiveDateChoices(today, {
    edocPeriod: employer.edoc_period,
    planYearStart: employer.planyearstart,
    planYearEnd: employer.planyearend,
  });
}
