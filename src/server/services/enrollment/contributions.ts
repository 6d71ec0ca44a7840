/**
 * The server's authority on the employer contribution and the effective dates (contract 3 of the parallel work).
 * Every path that shows or stores a contribution (the two §7 calls, /welcome's call, the order's member account)
 * comes here, and this module asks the one computation of src/domain/enrollment/contribution.ts with what is STORED: the
 * member's date of birth, class and address, the dependents (their family tier), the employer's rules and plan
 * year settings. Nothing a request says about the person is used. `today` is the caller's (the app's injectable
 * clock, app.now), so tests run on fixed clocks.
 */
import {
  contributionCents,
  familyTier,
  SELF_ONLY_TIER,
  type ContributionLocation,
  type ContributionRule,
  type FamilyTier,
} from '#domain/enrollment/contribution.ts';
import { isIsoDate } from '#domain/values/dates.ts';
import { effectiveDateChoices } from '#domain/enrollment/effective-dates.ts';
import type { Cents } from '#domain/values/money.ts';
import type { DbOrTx } from '#db/database.ts';
import * as contributions from '#db/repositories/employer/contribution.repository.ts';
import * as dependents from '#db/repositories/member/dependent.repository.ts';
import * as employers from '#db/repositories/employer/employer.repository.ts';
import { findCountyWithRatingArea } from '#db/repositories/reference/location.repository.ts';
import * as members from '#db/repositories/member/member.repository.ts';
import { catalogueText } from '../../content/catalogue-messages.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { Language } from '#contracts/language.ts';
import type { ContentService } from '../../ports.ts';

const DATE_MESSAGE = catalogueText('error-date-invalid');
const TWO_LETTERS = /^[A-Z]{2}$/;

/** What the contribution of a member rests on, all read from stored records. */
export type MemberContributionFacts = {
  memberId: string;
  accountid: string;
  contributionclass: string;
  /** 'YYYY-MM-DD', or null while the profile has none (then nothing can be computed: 0 cents). */
  birthdate: string | null;
  /** The stored state, as the member's profile holds it (null when none). */
  state: string | null;
  /** The stored dependents' birthdates, in the order GET /api/Dependent answers them. */
  dependentBirthdates: Array<string | null>;
  tier: FamilyTier;
  location: ContributionLocation;
  rules: ContributionRule[];
};

/**
 * The location the rules read for a stored address: the state (two capital letters, else none) and the rating
 * area of the stored (ZIP, county) within it, from the shipped crosswalk and rating areas (null when unknown, so
 * a state-wide rule is then the most specific that can apply).
 */
export async function resolveContributionLocation(
  db: DbOrTx,
  address: { stateorprovince: string | null; county: string | null; postalcode: string | null },
): Promise<ContributionLocation> {
  const state = address.stateorprovince?.trim().toUpperCase() ?? '';
  if (!TWO_LETTERS.test(state)) return { state: null, ratingArea: null };
  const found = address.postalcode && address.county ? await findCountyWithRatingArea(db, address.postalcode, address.county) : undefined;
  return { state, ratingArea: found && found.location.state === state ? found.ratingArea : null };
}

/** The stored facts of a member's contribution; 404 when there is no such member. */
export async function contributionFactsForMember(db: DbOrTx, memberId: string): Promise<MemberContributionFacts> {
  const member = await members.findById(db, memberId);
  if (!member) throw notFound(catalogueText('error-no-member'));
  return contributionFactsOf(db, member, await dependents.listByMember(db, memberId));
}

/**
 * The facts of a member and dependents the caller read already (an authorization, under the member's lock): the
 * employer's rules and the location are read here.
 */
export async function contributionFactsOf(
  db: DbOrTx,
  member: members.MemberRow,
  family: readonly dependents.DependentRow[],
): Promise<MemberContributionFacts> {
  const [rows, location] = await Promise.all([contributions.listByAccount(db, member.accountid), resolveContributionLocation(db, member)]);
  return {
    memberId: member.id,
    accountid: member.accountid,
    contributionclass: member.contributionclass,
    birthdate: member.birthdate && isIsoDate(member.birthdate) ? member.birthdate : null,
    state: member.stateorprovince,
    dependentBirthdates: family.map((dependent) => dependent.dateofbirth),
    tier: familyTier(family),
    location,
    rules: rows.map(contributions.toDomain),
  };
}

/** The amount for stored facts, a tier and a date: the domain's one computation (0 without a date of birth). */
export function contributionOfFacts(facts: MemberContributionFacts, effectiveDate: string, tier: FamilyTier = facts.tier): Cents {
  if (!isIsoDate(effectiveDate)) throw badRequest(DATE_MESSAGE, { '/effectiveDate': [DATE_MESSAGE] });
  if (facts.birthdate === null) return 0;
  return contributionCents(facts.rules, {
    contributionclass: facts.contributionclass,
    birthdate: facts.birthdate,
    effectiveDate,
    tier,
    location: facts.location,
  });
}

/**
 * The monthly employer contribution for a member on an effective date, in cents: the member's class, age on
 * that date, stored family tier and location. The caller decides which dates it accepts (offeredEffectiveDates).
 */
export async function monthlyContributionForMember(db: DbOrTx, memberId: string, effectiveDate: string): Promise<Cents> {
  return contributionOfFacts(await contributionFactsForMember(db, memberId), effectiveDate);
}

/** The self-only amount (the waived contribution): the employee tier, whatever the family. */
export async function selfOnlyContributionForMember(db: DbOrTx, memberId: string, effectiveDate: string): Promise<Cents> {
  return contributionOfFacts(await contributionFactsForMember(db, memberId), effectiveDate, SELF_ONLY_TIER);
}

/**
 * The effective dates a member may choose on `today` (UTC 'YYYY-MM-DD'): spec §9's choices within the employer's
 * plan year, with its edoc_period cut-off. 404 when there is no such member.
 */
export async function offeredEffectiveDates(db: DbOrTx, memberId: string, today: string): Promise<string[]> {
  const member = await members.findById(db, memberId);
  if (!member) throw notFound(catalogueText('error-no-member'));
  const employer = await employers.findById(db, member.accountid);
  if (!employer) throw notFound(catalogueText('error-no-employer'));
  return offeredDatesOf(employer, today);
}

/** The effective dates the employer's plan year settings offer on `today` (offeredEffectiveDates, employer read). */
export function offeredDatesOf(employer: { edoc_period: number | null; planyearstart: string; planyearend: string }, today: string): string[] {
  return effectiveDateChoices(today, { edocPeriod: employer.edoc_period, planYearStart: employer.planyearstart, planYearEnd: employer.planyearend });
}

/**
 * The dates a contribution may be asked for: the offered ones, and the effective dates of the member's own main
 * orders (waive or health insurance), so /welcome shows the contribution of an enrollment made earlier.
 */
export async function contributionDatesForMember(db: DbOrTx, memberId: string, today: string): Promise<string[]> {
  const offered = await offeredEffectiveDates(db, memberId, today);
  const ordered = await db
    .selectFrom('member_order')
    .select('policyeffectivedate')
    .where('memberid', '=', memberId)
    .where('category', 'in', ['healthinsurance', 'waive'])
    .where('policyeffectivedate', 'is not', null)
    .execute();
  const own = ordered.map((row) => row.policyeffectivedate).filter((date): date is string => typeof date === 'string');
  return [...new Set([...offered, ...own])].sort();
}

/** The contributions document's message keys the server answers with (schemas/forms/contributions.schema.json). */
export type ContributionsMessageKey = 'effective-date-not-offered' | 'profile-changed' | 'no-effective-dates';

/** A text of the employer's resolved contributions document (so an employer's override changes it everywhere). */
export async function contributionsMessage(content: Pick<ContentService, 'resolve'>, accountId: string, language: Language, key: ContributionsMessageKey): Promise<string> {
  const [text] = await contributionsMessages(content, accountId, language, [key]);
  return text!;
}

/** Several of the employer's contributions document's texts, the document resolved once. */
export async function contributionsMessages(
  content: Pick<ContentService, 'resolve'>,
  accountId: string,
  language: Language,
  keys: readonly ContributionsMessageKey[],
): Promise<string[]> {
  const { document } = await content.resolve('contributions', accountId, language);
  const messages = (document as { messages?: Record<string, string> }).messages;
  return keys.map((key) => {
    const text = messages?.[key];
    if (!text) throw new Error(`The contributions document has no message '${key}'.`);
    return text;
  });
}

/**
 * Refuses (400, the document's message on `pointer`) an effective date that is not among `accepted`; a date that
 * is not a date is refused with the date message first.
 */
export async function requireAcceptedDate(
  content: Pick<ContentService, 'resolve'>,
  accountId: string,
  language: Language,
  effectiveDate: string,
  accepted: readonly string[],
  pointer: string,
): Promise<void> {
  if (!isIsoDate(effectiveDate)) throw badRequest(DATE_MESSAGE, { [pointer]: [DATE_MESSAGE] });
  if (accepted.includes(effectiveDate)) return;
  const message = await contributionsMessage(content, accountId, language, 'effective-date-not-offered');
  throw badRequest(message, { [pointer]: [message] });
}
