/**
 * An employer's contribution rules as versions (docs/decisions/048-contribution-rules-are-published-versions.md):
 * staff save a draft (or discard it), preview what it changes for every employee of the census on their own
 * effective date, publish it, roll back to an earlier version, list the versions and diff two, as they do a
 * document. The rules in force (contribution_rule, what a member's contribution, cart and enrollment read) change
 * only at a publish or a rollback, and only when no employee would be left at $0.00 without a rule saying no
 * contribution on purpose (the domain's publishProblems). Every write runs under the employer's lock, names the
 * version it was made on (a tag of the rules, as GET answers it) and is audited in its own transaction.
 */
import { randomUUID } from 'node:crypto';
import type { ContributionRulesDiff, ContributionRulesPreview, StaffContributionRule } from '#contracts/staff/staff-employers.ts';
import { contributionChanges, publishProblems, type CensusEmployee, type ContributionChange } from '#domain/enrollment/contribution-change.ts';
import { FAMILY_TIER_NAMES, familyTier, ruleSetProblems, type ContributionLocation, type ContributionRule } from '#domain/enrollment/contribution.ts';
import { employeeEffectiveDate } from '#domain/enrollment/effective-dates.ts';
import { isIsoDate, todayUtc } from '#domain/values/dates.ts';
import { formatCents } from '#domain/values/money.ts';
import { lineDiff } from '#engine/authoring/line-diff.ts';
import type { DbOrTx } from '#db/database.ts';
import { contributionFactsOfEmployer } from '#db/repositories/employer/census.repository.ts';
import * as contributions from '#db/repositories/employer/contribution.repository.ts';
import * as versions from '#db/repositories/employer/contribution-version.repository.ts';
import { recordStaffChange } from '#db/repositories/staff/staff-audit.repository.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { representationTag, requireUnchanged, type Precondition, type Resource } from '../../http/preconditions.ts';
import { resolveContributionLocation } from '../enrollment/contributions.ts';
import { audited, checkedRules, toWireRule } from './staff-contribution-rules.ts';
import type { Staff } from '../../ports.ts';
import { lockedEmployer, type Employer } from './staff-employers.ts';

const wire = (rules: readonly ContributionRule[]): StaffContributionRule[] => rules.map(toWireRule);

/** The tag of a set of rules as staff read it (GET's ETag): what a draft save, publish or rollback names. */
export const rulesTag = (rules: readonly ContributionRule[]) => representationTag(wire(rules));

const resource = (accountid: string): Resource => ({
  name: "the employer's contribution rules",
  entity: 'employer',
  entityId: accountid,
  actions: ['contribution-rules', 'contribution-rules-draft', 'contribution-rules-discard', 'contribution-rules-rollback'],
});

/** The rules in force. */
export async function rulesInForce(db: DbOrTx, accountid: string): Promise<ContributionRule[]> {
  return (await contributions.listByAccount(db, accountid)).map(contributions.toDomain);
}

/** The rules being edited: the draft, or the rules in force while there is none (a draft starts from them). */
export async function draftRules(db: DbOrTx, accountid: string): Promise<ContributionRule[]> {
  const draft = await versions.findDraft(db, accountid);
  return draft ? versions.rulesOf(draft) : rulesInForce(db, accountid);
}

/**
 * Rules in force written without a version (the demo seed, an import, a test's fixture) become the published
 * version before a version is made, so a rollback can return to them.
 */
async function adoptRulesInForce(tx: DbOrTx, accountid: string, now: Date): Promise<void> {
  if (await versions.findPublished(tx, accountid)) return;
  const rules = await rulesInForce(tx, accountid);
  if (rules.length > 0) await versions.insertVersion(tx, { accountid, status: 'published', rules, staffId: null, now });
}

/**
 * Saves the whole set as the draft (checked whole first: ruleSetProblems, every problem named); `read` names the
 * set it was edited from (the draft's tag, or the rules in force' while there is no draft).
 */
export async function saveDraft(db: DbOrTx, staff: Staff, accountid: string, list: readonly StaffContributionRule[], read: Precondition, now: Date): Promise<StaffContributionRule[]> {
  const rules = checkedRules(list);
  return db.transaction().execute(async (tx) => {
    await lockedEmployer(tx, accountid);
    await adoptRulesInForce(tx, accountid, now);
    const draft = await versions.findDraft(tx, accountid);
    const before = draft ? versions.rulesOf(draft) : await rulesInForce(tx, accountid);
    await requireUnchanged(tx, read, rulesTag(before), resource(accountid));
    if (draft) await versions.updateDraft(tx, draft.id, rules, staff.id, now);
    else await versions.insertVersion(tx, { accountid, status: 'draft', rules, staffId: staff.id, now });
    await recordStaffChange(tx, { staffId: staff.id, action: 'contribution-rules-draft', entity: 'employer', entityId: accountid, before: audited(wire(before)), after: audited(wire(rules)) });
    return wire(rules);
  });
}

/**
 * Discards the draft as it was read (`read`: its tag, as GET .../draft answered it): the rules being edited are
 * the rules in force again, which answers them. Nothing an employee is paid changes; the trail keeps what the
 * draft held.
 */
export async function discardDraft(db: DbOrTx, staff: Staff, accountid: string, read: Precondition): Promise<StaffContributionRule[]> {
  return db.transaction().execute(async (tx) => {
    await lockedEmployer(tx, accountid);
    const draft = await versions.findDraft(tx, accountid);
    if (!draft) throw notFound('There is no draft of the contribution rules to discard.');
    const discarded = versions.rulesOf(draft);
    await requireUnchanged(tx, read, rulesTag(discarded), resource(accountid));
    await versions.deleteDraft(tx, draft.id);
    const inForce = await rulesInForce(tx, accountid);
    await recordStaffChange(tx, { staffId: staff.id, action: 'contribution-rules-discard', entity: 'employer', entityId: accountid, before: audited(wire(discarded)), after: audited(wire(inForce)) });
    return wire(inForce);
  });
}

/**
 * The employer's employees as the comparison reads them, each address's location resolved once, each on their
 * effective date: the one they chose if they enrolled for the plan year, else the first offered on `today`.
 */
async function censusOf(db: DbOrTx, employer: Employer, today: string): Promise<CensusEmployee[]> {
  const facts = await contributionFactsOfEmployer(db, employer.accountid, { start: employer.planyearstart, end: employer.planyearend });
  const settings = { edocPeriod: employer.edoc_period, planYearStart: employer.planyearstart, planYearEnd: employer.planyearend };
  const places = new Map<string, Promise<ContributionLocation>>();
  const placeOf = (address: { stateorprovince: string | null; county: string | null; postalcode: string | null }) => {
    const key = JSON.stringify([address.stateorprovince, address.county, address.postalcode]);
    let place = places.get(key);
    if (!place) places.set(key, (place = resolveContributionLocation(db, address)));
    return place;
  };
  return Promise.all(
    facts.map(async (member) => ({
      memberid: member.id,
      name: `${member.firstname} ${member.lastname}`.trim(),
      contributionclass: member.contributionclass,
      birthdate: member.birthdate && isIsoDate(member.birthdate) ? member.birthdate : null,
      tier: familyTier(member.relationships.map((relationship) => ({ relationship }))),
      location: await placeOf(member),
      effectiveDate: employeeEffectiveDate(member.chosenEffectiveDate, today, settings),
    })),
  );
}

/** What `after` changes for the census against the rules in force, each employee on their effective date. */
async function changesOf(db: DbOrTx, employer: Employer, after: readonly ContributionRule[], now: Date): Promise<ContributionChange[]> {
  return contributionChanges(await censusOf(db, employer, todayUtc(now)), await rulesInForce(db, employer.accountid), after);
}

/** The draft's preview: each employee's contribution now and under the draft, and why it may not be published. */
export async function previewDraft(db: DbOrTx, employer: Employer, now: Date): Promise<ContributionRulesPreview> {
  const [draft, published] = await Promise.all([versions.findDraft(db, employer.accountid), versions.findPublished(db, employer.accountid)]);
  const after = draft ? versions.rulesOf(draft) : await rulesInForce(db, employer.accountid);
  const employees = await changesOf(db, employer, after, now);
  return {
    draftVersion: draft?.version ?? null,
    draftEtag: rulesTag(after),
    publishedVersion: published?.version ?? null,
    employees,
    refusals: publishProblems(employees, after),
  };
}

/**
 * Refuses (400, nothing written) a set to be put in force: the domain's rule-set problems (the checks may be newer
 * than the version), then every class that would leave an employee at $0.00 without saying so, employees named.
 */
async function requirePublishable(tx: DbOrTx, employer: Employer, rules: readonly ContributionRule[], now: Date): Promise<void> {
  const problems = [...new Set(ruleSetProblems(rules))];
  if (problems.length > 0) throw badRequest('These contribution rules were not published: they no longer pass the checks.', { '/rules': problems });
  const changes = await changesOf(tx, employer, rules, now);
  const refusals = publishProblems(changes, rules);
  if (refusals.length === 0) return;
  const zero = changes.filter((change) => change.zero);
  const message = zero.length === 1 ? 'These contribution rules were not published: one employee would get $0.00.' : `These contribution rules were not published: ${zero.length} employees would get $0.00.`;
  throw new AppError('VALIDATION_FAILED', 400, message, { '/rules': refusals }, { employees: zero.map(({ memberid, name, contributionclass }) => ({ memberid, name, contributionclass })) });
}

/** Puts `rules` in force (the version `id` already published). */
async function putInForce(tx: DbOrTx, accountid: string, rules: readonly ContributionRule[]): Promise<void> {
  await contributions.replaceRules(tx, accountid, rules.map((rule) => ({ ...rule, id: randomUUID() })));
}

/** Publishes the draft as it was read (`read`: its tag, as GET .../draft or its preview answered it). */
export async function publishDraft(db: DbOrTx, staff: Staff, accountid: string, read: Precondition, now: Date): Promise<StaffContributionRule[]> {
  return db.transaction().execute(async (tx) => {
    const employer = await lockedEmployer(tx, accountid);
    await adoptRulesInForce(tx, accountid, now);
    const draft = await versions.findDraft(tx, accountid);
    if (!draft) throw notFound('There is no draft of the contribution rules to publish.');
    const rules = versions.rulesOf(draft);
    await requireUnchanged(tx, read, rulesTag(rules), resource(accountid));
    await requirePublishable(tx, employer, rules, now);
    const before = await rulesInForce(tx, accountid);
    await versions.retirePublished(tx, accountid);
    await versions.markPublished(tx, draft.id, staff.id, now);
    await putInForce(tx, accountid, rules);
    await recordStaffChange(tx, { staffId: staff.id, action: 'contribution-rules', entity: 'employer', entityId: accountid, before: audited(wire(before)), after: audited(wire(rules)) });
    return wire(await rulesInForce(tx, accountid));
  });
}

/**
 * Publishes a copy of an earlier version as a new version (`read`: the tag of the rules in force as read); the
 * draft, if any, stays. The same proof as a publish: the census may have changed since that version was in force.
 */
export async function rollBack(db: DbOrTx, staff: Staff, accountid: string, version: number, read: Precondition, now: Date): Promise<StaffContributionRule[]> {
  return db.transaction().execute(async (tx) => {
    const employer = await lockedEmployer(tx, accountid);
    await adoptRulesInForce(tx, accountid, now);
    const before = await rulesInForce(tx, accountid);
    await requireUnchanged(tx, read, rulesTag(before), resource(accountid));
    const row = await versions.findVersion(tx, accountid, version);
    if (!row) throw notFound(`There is no version ${version} of the contribution rules.`);
    if (row.status === 'draft') throw new AppError('CONFLICT', 409, `Version ${version} is the draft: publish it rather than roll back to it.`);
    if (row.status === 'published') throw new AppError('CONFLICT', 409, `Version ${version} is the one in force already.`);
    const rules = versions.rulesOf(row);
    await requirePublishable(tx, employer, rules, now);
    await versions.retirePublished(tx, accountid);
    await versions.insertVersion(tx, { accountid, status: 'published', rules, staffId: staff.id, copiedFrom: version, now });
    await putInForce(tx, accountid, rules);
    await recordStaffChange(tx, { staffId: staff.id, action: 'contribution-rules-rollback', entity: 'employer', entityId: accountid, before: audited(wire(before)), after: audited(wire(rules)) });
    return wire(await rulesInForce(tx, accountid));
  });
}

/** Every version, newest first, with who made and who published it. */
export const listVersions = (db: DbOrTx, accountid: string) => versions.listVersions(db, accountid);

/** A rule as one line of a diff: 'ALL, Employee, anywhere, ages 0-29: $400.00'. */
function ruleLine(rule: ContributionRule): string {
  const where = rule.state === null ? 'anywhere' : rule.ratingArea === null ? rule.state : `${rule.state} area ${rule.ratingArea}`;
  const amount = rule.noContribution ? `${formatCents(0)}, no contribution` : formatCents(rule.amountCents);
  return `${rule.contributionclass}, ${FAMILY_TIER_NAMES[rule.tier]}, ${where}, ages ${rule.ageMin}-${rule.ageMax}: ${amount}`;
}

/** The rules of a version (0: none, before the first), or a 404. */
async function rulesOfVersion(db: DbOrTx, accountid: string, version: number): Promise<ContributionRule[]> {
  if (version === 0) return [];
  const row = await versions.findVersion(db, accountid, version);
  if (!row) throw notFound(`There is no version ${version} of the contribution rules.`);
  return versions.rulesOf(row);
}

/** A line diff of two versions, one rule a line, in a stable order. */
export async function diffVersions(db: DbOrTx, accountid: string, from: number, to: number): Promise<ContributionRulesDiff> {
  const text = (rules: readonly ContributionRule[]) => rules.map(ruleLine).sort().join('\n');
  const [before, after] = await Promise.all([rulesOfVersion(db, accountid, from), rulesOfVersion(db, accountid, to)]);
  return { from, to, lines: lineDiff(text(before), text(after)) };
}
