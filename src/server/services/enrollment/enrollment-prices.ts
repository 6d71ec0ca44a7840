/**
 * What the order code needs from the other contracts, in one place (docs: CONTRACTS 2 and 3):
 * - planPremiumForFamily: contract 2 (plan-quotes.ts): one plan's monthly premium for the member's family on
 *   file (read by the caller, under the member's lock) at the location and effective date, or null when the plan
 *   is not sold there. The app takes the source as an option (BuildAppOptions.planPremiums, this one by default)
 *   so the API tests can also price a small fixture catalogue. A price from the request is never used instead.
 * - contract 3 (contributions.ts), the one contribution engine and the effective-date authority: the order code
 *   imports contributionFactsOf, contributionOfFacts and offeredDatesOf from it directly.
 * Every function takes the database or a transaction first, so an authorization reads inside its transaction.
 */
import type { HealthPlan } from '#contracts/entities.ts';
import type { Cents } from '#domain/values/money.ts';
import type { DbOrTx } from '#db/database.ts';
import type { MemberFamily } from '#db/repositories/member/member.repository.ts';
import * as quotes from './plan-quotes.ts';

/** Where and when a plan is quoted (contract 2). */
export type PlanLocation = quotes.QuoteWhere;
export type PlanPremium = { plan: HealthPlan; premiumCents: Cents };
/**
 * Contract 2's planPremiumForFamily: the plan's monthly premium for the member's stored family, or null. It may
 * also refuse (400) a location or date it cannot quote; `now` is the app's clock.
 */
export type PlanPremiumSource = (db: DbOrTx, family: MemberFamily, planid: string, location: PlanLocation, now: Date) => Promise<PlanPremium | null>;

export const planPremiumForFamily: PlanPremiumSource = (db, family, planid, location, now) => quotes.planPremiumForFamily(db, family, planid, location, now);
