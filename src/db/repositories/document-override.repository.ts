/**
 * Employer overrides of content documents: JSON Merge Patches, versioned per employer and document, moving
 * draft -> published -> retired. At most one version per employer and document is published at a time.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { DbOrTx, DocumentOverrideTable } from '../database.ts';

export type DocumentOverrideRow = Selectable<DocumentOverrideTable>;

/** The wire shape staff see. */
export type DocumentOverride = {
  id: string;
  accountid: string;
  documentid: string;
  version: number;
  status: DocumentOverrideRow['status'];
  patch: unknown;
  createdon: string;
  publishedon: string | null;
};

export function toWire(row: DocumentOverrideRow): DocumentOverride {
  return {
    id: row.id,
    accountid: row.accountid,
    documentid: row.documentid,
    version: row.version,
    status: row.status,
    patch: row.patch,
    createdon: new Date(row.createdon).toISOString(),
    publishedon: row.publishedon ? new Date(row.publishedon).toISOString() : null,
  };
}

export async function list(db: DbOrTx, filter: { accountid?: string; documentid?: string }): Promise<DocumentOverrideRow[]> {
  let query = db.selectFrom('document_override').selectAll();
  if (filter.accountid) query = query.where('accountid', '=', filter.accountid);
  if (filter.documentid) query = query.where('documentid', '=', filter.documentid);
  return query.orderBy('accountid').orderBy('documentid').orderBy('version').execute();
}

export async function findById(db: DbOrTx, id: string): Promise<DocumentOverrideRow | undefined> {
  return db.selectFrom('document_override').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The patch of the newest published version, if the employer has one for the document. */
export async function findPublished(db: DbOrTx, accountid: string, documentid: string): Promise<DocumentOverrideRow | undefined> {
  return db
    .selectFrom('document_override')
    .selectAll()
    .where('accountid', '=', accountid)
    .where('documentid', '=', documentid)
    .where('status', '=', 'published')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** A new draft with the next version number for this employer and document. */
export async function insertDraft(
  db: DbOrTx,
  draft: { accountid: string; documentid: string; patch: unknown },
): Promise<DocumentOverrideRow> {
  // Two drafts created at once may pick the same version; the unique index refuses one, which then retries.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(async (tx) => {
        const { max } = await tx
          .selectFrom('document_override')
          .select((eb) => eb.fn.max<number | null>('version').as('max'))
          .where('accountid', '=', draft.accountid)
          .where('documentid', '=', draft.documentid)
          .executeTakeFirstOrThrow();
        return tx
          .insertInto('document_override')
          .values({
            id: randomUUID(),
            accountid: draft.accountid,
            documentid: draft.documentid,
            version: Number(max ?? 0) + 1,
            status: 'draft',
            patch: JSON.stringify(draft.patch),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

/** Publishes a version and retires the one published before it, in one transaction. */
export async function publish(db: DbOrTx, row: DocumentOverrideRow): Promise<DocumentOverrideRow> {
  return db.transaction().execute(async (tx) => {
    await tx
      .updateTable('document_override')
      .set({ status: 'retired' })
      .where('accountid', '=', row.accountid)
      .where('documentid', '=', row.documentid)
      .where('status', '=', 'published')
      .execute();
    return tx
      .updateTable('document_override')
      .set({ status: 'published', publishedon: new Date() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export async function retire(db: DbOrTx, id: string): Promise<DocumentOverrideRow> {
  return db.updateTable('document_override').set({ status: 'retired' }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}
