/**
 * Employer overrides of content documents: JSON Merge Patches, versioned per employer and document (1, 2, ...),
 * each draft, published or retired. At most one version per employer and document is published (a partial unique
 * index, migration 0011); every write of a version happens under lockDocument, so versions are numbered and
 * published one at a time however many staff act at once.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { DbOrTx, DocumentOverrideTable } from '../../database.ts';

export type DocumentOverrideRow = Selectable<DocumentOverrideTable>;
export type OverrideStatus = DocumentOverrideRow['status'];

/** A version as the versions list shows it: who made it and who published it by e-mail address. */
export type OverrideVersion = {
  version: number;
  status: OverrideStatus;
  createdon: string;
  publishedon: string | null;
  staffEmail: string | null;
  publishedByEmail: string | null;
  copiedFrom: number | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Holds the employer's document for the rest of the transaction: a transaction-scoped advisory lock on the pair,
 * so a second writer waits until the first commits (PostgreSQL and PGlite alike).
 */
export async function lockDocument(tx: DbOrTx, accountid: string, documentid: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`document_override/${accountid}/${documentid}`}, 0))`.execute(tx);
}

export async function listVersions(db: DbOrTx, accountid: string, documentid: string): Promise<OverrideVersion[]> {
  const rows = await db
    .selectFrom('document_override as o')
    .leftJoin('staff_user as author', 'author.id', 'o.created_by')
    .leftJoin('staff_user as publisher', 'publisher.id', 'o.published_by')
    .select(['o.version', 'o.status', 'o.createdon', 'o.publishedon', 'o.copied_from', 'author.email as author', 'publisher.email as publisher'])
    .where('o.accountid', '=', accountid)
    .where('o.documentid', '=', documentid)
    .orderBy('o.version', 'desc')
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

/** Every stored version (forms:check), oldest first per employer and document. */
export async function listAll(db: DbOrTx): Promise<DocumentOverrideRow[]> {
  return db.selectFrom('document_override').selectAll().orderBy('accountid').orderBy('documentid').orderBy('version').execute();
}

export async function findVersion(db: DbOrTx, accountid: string, documentid: string, version: number): Promise<DocumentOverrideRow | undefined> {
  return db
    .selectFrom('document_override')
    .selectAll()
    .where('accountid', '=', accountid)
    .where('documentid', '=', documentid)
    .where('version', '=', version)
    .executeTakeFirst();
}

const newestWithStatus = (db: DbOrTx, accountid: string, documentid: string, status: OverrideStatus) =>
  db
    .selectFrom('document_override')
    .selectAll()
    .where('accountid', '=', accountid)
    .where('documentid', '=', documentid)
    .where('status', '=', status)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();

/** The published version, if the employer has one for the document. */
export const findPublished = (db: DbOrTx, accountid: string, documentid: string) => newestWithStatus(db, accountid, documentid, 'published');

/** The id of the published version only: what each content request checks before using its cache. */
export async function findPublishedId(db: DbOrTx, accountid: string, documentid: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('document_override')
    .select('id')
    .where('accountid', '=', accountid)
    .where('documentid', '=', documentid)
    .where('status', '=', 'published')
    .executeTakeFirst();
  return row?.id;
}

/** The employer's published versions in force, by document id (a document absent here is the base one). */
export async function listPublishedVersions(db: DbOrTx, accountid: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('document_override')
    .select(['documentid', 'version'])
    .where('accountid', '=', accountid)
    .where('status', '=', 'published')
    .orderBy('documentid')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.documentid, row.version]));
}

/** The newest version of any status (the last one made), if any. */
export async function findNewest(db: DbOrTx, accountid: string, documentid: string): Promise<DocumentOverrideRow | undefined> {
  return db
    .selectFrom('document_override')
    .selectAll()
    .where('accountid', '=', accountid)
    .where('documentid', '=', documentid)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The draft being edited (the newest draft), if any. */
export const findDraft = (db: DbOrTx, accountid: string, documentid: string) => newestWithStatus(db, accountid, documentid, 'draft');

/** Every version of the employer's documents (its own forms among them). */
export async function listByEmployer(db: DbOrTx, accountid: string): Promise<DocumentOverrideRow[]> {
  return db.selectFrom('document_override').selectAll().where('accountid', '=', accountid).orderBy('documentid').orderBy('version').execute();
}

export async function findById(db: DbOrTx, id: string): Promise<DocumentOverrideRow | undefined> {
  return db.selectFrom('document_override').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A new version numbered after the newest; call under lockDocument. */
export async function insertVersion(
  tx: DbOrTx,
  version: {
    accountid: string;
    documentid: string;
    status: 'draft' | 'published';
    patch: unknown;
    staffId: string | null;
    copiedFrom?: number;
    now: Date;
  },
): Promise<DocumentOverrideRow> {
  const { max } = await tx
    .selectFrom('document_override')
    .select((eb) => eb.fn.max<number | null>('version').as('max'))
    .where('accountid', '=', version.accountid)
    .where('documentid', '=', version.documentid)
    .executeTakeFirstOrThrow();
  const published = version.status === 'published';
  return tx
    .insertInto('document_override')
    .values({
      id: randomUUID(),
      accountid: version.accountid,
      documentid: version.documentid,
      version: Number(max ?? 0) + 1,
      status: version.status,
      patch: JSON.stringify(version.patch),
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

/**
 * Replaces a draft's patch; the staff user who saved it last is its author, and `now` when it was saved. An
 * approval of the draft as it was is dropped: it approved other texts.
 */
export async function updateDraft(tx: DbOrTx, id: string, patch: unknown, staffId: string, now: Date): Promise<DocumentOverrideRow> {
  return tx
    .updateTable('document_override')
    .set({ patch: JSON.stringify(patch), created_by: staffId, updatedon: now, approved_by: null, approvedon: null, approved_tag: null })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Retires whatever version is published for the pair (none: nothing happens). */
export async function retirePublished(tx: DbOrTx, accountid: string, documentid: string): Promise<void> {
  await tx
    .updateTable('document_override')
    .set({ status: 'retired' })
    .where('accountid', '=', accountid)
    .where('documentid', '=', documentid)
    .where('status', '=', 'published')
    .execute();
}

/** Publishes a draft; call under lockDocument after retirePublished. */
export async function markPublished(tx: DbOrTx, id: string, staffId: string, now: Date): Promise<DocumentOverrideRow> {
  return tx
    .updateTable('document_override')
    .set({ status: 'published', published_by: staffId, publishedon: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Records a second staff member's approval of a draft's guarded texts, with the draft's tag as approved (`tag`):
 * the approval counts only while the draft keeps that tag. The draft itself is unchanged (its tag too).
 */
export async function approveDraft(tx: DbOrTx, id: string, staffId: string, tag: string, now: Date): Promise<DocumentOverrideRow> {
  return tx
    .updateTable('document_override')
    .set({ approved_by: staffId, approvedon: now, approved_tag: tag })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .returningAll()
    .executeTakeFirstOrThrow();
}
