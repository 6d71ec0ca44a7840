/**
 * An employer's contribution rules in force as staff list them, a rule set checked as the wire sends it, and what
 * the rules pay one person (the preview of the editor). Drafts, publishes and rollbacks are
 * staff-contribution-versions.ts's. The rules are the domain's (ruleSetProblems, contributionCents), never
 * restated here.
 */
import { CONSOLE_LOCALE } from '#contracts/language.ts';
import { fillPlural } from '#contracts/messages.ts';
import { StaffContributionRuleAnswerSchema, type ContributionPreview, type ContributionPreviewRequest, type StaffContributionRule } from '#contracts/staff/staff-employers.ts';
import { contributionCents, familyTier, ruleSetProblems, type ContributionRule } from '#domain/enrollment/contribution.ts';
import { formatCents } from '#domain/values/money.ts';
import type { DbOrTx } from '#db/database.ts';
import * as contributions from '#db/repositories/employer/contribution.repository.ts';
import { countiesForZip, ratingAreaFor } from '#db/repositories/reference/location.repository.ts';
import { badRequest } from '../../errors.ts';
import { dollarsOfAnswer } from '../../http/money-wire.ts';
import type { Employer } from './staff-employers.ts';

export const toWireRule = (rule: ContributionRule): StaffContributionRule => ({
  contributionclass: rule.contributionclass,
  ageMin: rule.ageMin,
  ageMax: rule.ageMax,
  tier: rule.tier,
  state: rule.state,
  ratingArea: rule.ratingArea,
  amount: rule.amountCents,
  noContribution: rule.noContribution === true,
});

/** The rules as the audit keeps them: as staff read them (the wire's dollars, by the routes' own mapping). */
export const audited = (list: StaffContributionRule[]) => dollarsOfAnswer({ items: StaffContributionRuleAnswerSchema }, list);

/** The employer's rules in force, amounts in cents. */
export async function listRules(db: DbOrTx, accountid: string): Promise<StaffContributionRule[]> {
  return (await contributions.listByAccount(db, accountid)).map((row) => toWireRule(contributions.toDomain(row)));
}

/**
 * The domain's rules of a list from the wire (amounts in cents: the route's mapping refused negative or
 * fractional cents on their fields), or a 400: the set must pass ruleSetProblems (bands, overlaps, every age 0..120 of every tier, ICHRA's 3:1
 * within a class), every problem named.
 */
export function checkedRules(list: readonly StaffContributionRule[], pointer = '/rules'): ContributionRule[] {
  const rules = list.map((rule) => ({
    contributionclass: rule.contributionclass.trim(),
    ageMin: rule.ageMin,
    ageMax: rule.ageMax,
    tier: rule.tier,
    state: rule.state,
    ratingArea: rule.ratingArea,
    amountCents: rule.amount,
    ...(rule.noContribution ? { noContribution: true } : {}),
  }));
  // Each problem once (two copies of a rule would name it twice), listed under the set rather than in the message.
  const problems = [...new Set(ruleSetProblems(rules))];
  const refused = { one: 'These contribution rules are refused: one problem.', other: 'These contribution rules are refused: {count} problems.' };
  if (problems.length > 0) throw badRequest(fillPlural(refused, problems.length, CONSOLE_LOCALE), { [pointer]: problems });
  return rules;
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** 'with a spouse and one child', 'with two children', 'with a spouse', '' (alone). */
function familyWords(spouse: boolean, children: number): string {
  const kids = children === 0 ? null : fillPlural({ one: '{number} child', other: '{number} children' }, children, CONSOLE_LOCALE, { number: NUMBER_WORDS[children] ?? String(children) });
  const parts = [spouse ? 'a spouse' : null, kids].filter((part): part is string => part !== null);
  return parts.length === 0 ? '' : ` with ${parts.join(' and ')}`;
}

/**
 * What the rules (the stored ones, or the draft the editor sends) pay a person: the age on the plan year's first
 * day, the ZIP's main county (its state and rating area, from the shipped crosswalk), the family tier. The
 * amount is the domain's one computation.
 */
export async function previewContribution(db: DbOrTx, employer: Employer, request: ContributionPreviewRequest): Promise<ContributionPreview> {
  const rules = request.rules ? checkedRules(request.rules, '/rules') : (await contributions.listByAccount(db, employer.accountid)).map(contributions.toDomain);
  const [county] = await countiesForZip(db, request.zip);
  if (!county) throw badRequest(`The ZIP crosswalk has no ZIP code ${request.zip}.`, { '/zip': [`The ZIP crosswalk has no ZIP code ${request.zip}.`] });
  const ratingArea = await ratingAreaFor(db, county.state, county.countycode);
  const effectiveDate = employer.planyearstart;
  const birthYear = Number(effectiveDate.slice(0, 4)) - request.age;
  const birthdate = `${String(birthYear).padStart(4, '0')}${effectiveDate.slice(4)}`;
  const dependents = [...(request.spouse ? [{ relationship: 'spouse' }] : []), ...Array.from({ length: request.children }, () => ({ relationship: 'child' }))];
  const tier = familyTier(dependents);
  const cents = contributionCents(rules, {
    contributionclass: request.class,
    birthdate,
    effectiveDate,
    tier,
    location: { state: county.state, ratingArea },
  });
  const inClass = request.class?.trim() ? ` in class ${request.class.trim()}` : '';
  return {
    amount: cents,
    text: `a ${request.age}-year-old${inClass} in ZIP ${request.zip}${familyWords(request.spouse, request.children)} gets ${formatCents(cents)}`,
    state: county.state,
    ratingArea,
    tier,
  };
}
