/**
 * The versions of an employer's contribution rules (migration 0031), numbered 1, 2, ... per employer, each draft,
 * published or retired, as document_override keeps a document's: at most one draft and one published version
 * (partial unique indexes). Every write happens under the employer's row lock (staff-employers.ts lockedEmployer),
 * so versions are numbered and published one at a time however many staff act at once. A version holds the
 * domain's rules (cents).
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { ContributionRule } from '#domain/enrollment/contribution.ts';
import type { ContributionRuleVersionTable, DbOrTx } from '../../database.ts';

export type RuleVersionRow = Selectable<ContributionRuleVersionTable>;
export type RuleVersionStatus = RuleVersionRow['status'];

/** A version as the versions list shows it: who made it and who published it, by e-mail address. */
export type RuleVersion = {
  version: number;
  status: RuleVersionStatus;
  createdon: string;
  publishedon: string | null;
  staffEmail: string | null;
  publishedByEmail: string | null;
  copiedFrom: number | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The rules a version holds. */
export const rulesOf = (row: Pick<RuleVersionRow, 'rules'>): ContributionRule[] => row.rules as ContributionRule[];

export async function listVersions(db: DbOrTx, accountid: string): Promise<RuleVersion[]> {
  const rows = await db
    .selectFrom('contribution_rule_version as v')
    .leftJoin('staff_user as author', 'author.id', 'v.created_by')
    .leftJoin('staff_user as publisher', 'publisher.id', 'v.published_by')
    .select(['v.version', 'v.status', 'v.createdon', 'v.publishedon', 'v.copied_from', 'author.email as author', 'publisher.email as publisher'])
    .where('v.accountid', '=', accountid)
    .orderBy('v.version', 'desc')
    .execute();
  return rows.map((row) => ({
    version: row.version,
    status: row.status,
    createdon: iso(row.createdon)!,
    publishedon: iso(row.publishedon),
    staffEmail: row.author,
    publishedByEmail: row.publisher,
    copiedFrom: row.copied_from,
  }));
}

export async function findVersion(db: DbOrTx, accountid: string, version: number): Promise<RuleVersionRow | undefined> {
  return db.selectFrom('contribution_rule_version').selectAll().where('accountid', '=', accountid).where('version', '=', version).executeTakeFirst();
}

const withStatus = (db: DbOrTx, accountid: string, status: RuleVersionStatus) =>
  db.selectFrom('contribution_rule_version').selectAll().where('accountid', '=', accountid).where('status', '=', status).executeTakeFirst();

/** The draft being edited, if any. */
export const findDraft = (db: DbOrTx, accountid: string) => withStatus(db, accountid, 'draft');

/** The published version, if any (rules written outside the versions, by the seed or an import, have none yet). */
export const findPublished = (db: DbOrTx, accountid: string) => withStatus(db, accountid, 'published');

/** A new version numbered after the newest; call under the employer's lock. */
export async function insertVersion(
  tx: DbOrTx,
  version: { accountid: string; status: 'draft' | 'published'; rules: readonly ContributionRule[]; staffId: string | null; copiedFrom?: number; now: Date },
): Promise<RuleVersionRow> {
  const { max } = await tx
    .selectFrom('contribution_rule_version')
    .select((eb) => eb.fn.max<number | null>('version').as('max'))
    .where('accountid', '=', version.accountid)
    .executeTakeFirstOrThrow();
  const published = version.status === 'published';
  return tx
    .insertInto('contribution_rule_version')
    .values({
      id: randomUUID(),
      accountid: version.accountid,
      version: Number(max ?? 0) + 1,
      status: version.status,
      rules: JSON.stringify(version.rules),
      created_by: version.staffId,
      published_by: published ? version.staffId : null,
      publishedon: published ? version.now : null,
      copied_from: version.copiedFrom ?? null,
      createdon: version.now,
      updatedon: version.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Replaces a draft's rules; the staff user who saved it last is its author. */
export async function updateDraft(tx: DbOrTx, id: string, rules: readonly ContributionRule[], staffId: string, now: Date): Promise<RuleVersionRow> {
  return tx
    .updateTable('contribution_rule_version')
    .set({ rules: JSON.stringify(rules), created_by: staffId, updatedon: now })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Deletes the draft (a discard): a draft was never in force, so nothing refers to it, and the next draft takes its
 * number. The staff audit keeps what it held.
 */
export async function deleteDraft(tx: DbOrTx, id: string): Promise<void> {
  await tx.deleteFrom('contribution_rule_version').where('id', '=', id).where('status', '=', 'draft').execute();
}

/** Retires the published version (none: nothing happens); call under the employer's lock before publishing another. */
export async function retirePublished(tx: DbOrTx, accountid: string): Promise<void> {
  await tx.updateTable('contribution_rule_version').set({ status: 'retired' }).where('accountid', '=', accountid).where('status', '=', 'published').execute();
}

/** Publishes a draft; call under the employer's lock after retirePublished. */
export async function markPublished(tx: DbOrTx, id: string, staffId: string, now: Date): Promise<RuleVersionRow> {
  return tx
    .updateTable('contribution_rule_version')
    .set({ status: 'published', published_by: staffId, publishedon: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
