/**
 * An employer's contribution rules in force (migrations 0004, 0031): read whole, replaced whole (in a transaction,
 * by a publish: contribution-version.repository.ts keeps the versions), mapped to the domain's ContributionRule
 * for the one computation in src/domain/enrollment/contribution.ts.
 */
import type { Selectable } from 'kysely';
import { FAMILY_TIERS, type ContributionRule, type FamilyTier } from '#domain/enrollment/contribution.ts';
import type { ContributionRuleTable, DbOrTx } from '../../database.ts';

export type ContributionRuleRow = Selectable<ContributionRuleTable>;

/** An employer's rules (every class), by class, tier, location and youngest band first. */
export async function listByAccount(db: DbOrTx, accountid: string): Promise<ContributionRuleRow[]> {
  return db
    .selectFrom('contribution_rule')
    .selectAll()
    .where('accountid', '=', accountid)
    .orderBy('contributionclass')
    .orderBy('tier')
    .orderBy('state')
    .orderBy('rating_area')
    .orderBy('age_min')
    .execute();
}

/** Replaces an employer's rules with the given ones (run it in a transaction; validate with ruleSetProblems first). */
export async function replaceRules(
  db: DbOrTx,
  accountid: string,
  rules: ReadonlyArray<ContributionRule & { id: string }>,
): Promise<void> {
  await db.deleteFrom('contribution_rule').where('accountid', '=', accountid).execute();
  if (rules.length === 0) return;
  await db
    .insertInto('contribution_rule')
    .values(
      rules.map((rule) => ({
        id: rule.id,
        accountid,
        contributionclass: rule.contributionclass,
        age_min: rule.ageMin,
        age_max: rule.ageMax,
        tier: rule.tier,
        state: rule.state,
        rating_area: rule.ratingArea,
        amount_cents: rule.amountCents,
        no_contribution: rule.noContribution === true,
      })),
    )
    .execute();
}

function tierOf(text: string): FamilyTier {
  const tier = FAMILY_TIERS.find((known) => known === text);
  if (!tier) throw new Error(`Unknown family tier '${text}' in contribution_rule.`);
  return tier;
}

/** A stored rule as the domain reads it. */
export function toDomain(row: ContributionRuleRow): ContributionRule {
  return {
    contributionclass: row.contributionclass,
    ageMin: row.age_min,
    ageMax: row.age_max,
    tier: tierOf(row.tier),
    state: row.state,
    ratingArea: row.rating_area,
    amountCents: row.amount_cents,
    ...(row.no_contribution ? { noContribution: true } : {}),
  };
}
