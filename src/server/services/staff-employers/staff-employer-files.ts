/**
 * An employer's ICHRA documents as staff list, add, name in Spanish and remove them, and the stored files' bytes
 * (documents and the logo) as the console reads them back; each change one transaction with its audit record.
 */
import { createHash } from 'node:crypto';
import { ICHRA_DOCUMENTS_CONTAINER } from '#domain/parameters/enrollment.ts';
import type { DbOrTx } from '#db/database.ts';
import { recordStaffChange } from '#db/repositories/staff/staff-audit.repository.ts';
import { badRequest, notFound } from '../../errors.ts';
import { representationTag, requireUnchanged, type Precondition } from '../../http/preconditions.ts';
import { isSafeSegment, storageIn, type Storage } from '../../infra/storage.ts';
import { decodeUpload } from './uploads.ts';
import type { Staff } from '../../ports.ts';
import { employerOr404, lockedEmployer } from './staff-employers.ts';
import { spanishOf } from './staff-employer-inputs.ts';

/** The largest ICHRA document. */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

/** An ICHRA document as the console lists it: `name_es`, the Spanish name employees reading Spanish get (null: the file name). */
type StaffDocument = { filename: string; size: number; name_es: string | null };

/** The employer's ICHRA documents, as /api/media/getdocs lists them to its employees. */
export async function listDocuments(storage: Storage, accountid: string): Promise<StaffDocument[]> {
  return storage.list(ICHRA_DOCUMENTS_CONTAINER.value, accountid);
}

/**
 * The employer's ICHRA documents with their tag (each file's name and content), what an upload or delete names;
 * read in one statement, so the tag is that of the list.
 */
export async function taggedDocuments(storage: Storage, accountid: string): Promise<{ documents: StaffDocument[]; tag: string }> {
  const files = await storage.fingerprints(ICHRA_DOCUMENTS_CONTAINER.value, accountid);
  return { documents: files.map(({ filename, size, name_es }) => ({ filename, size, name_es })), tag: representationTag(files) };
}

const documentsResource = (accountid: string) => ({
  name: "the employer's ICHRA documents",
  entity: 'employer',
  entityId: accountid,
  actions: ['document-upload', 'document-delete', 'document-name'],
});

function requireDocumentName(filename: string): void {
  const message = 'The file name must be one plain name ending in .pdf (no slashes, not starting with a dot).';
  if (!isSafeSegment(filename) || !filename.toLowerCase().endsWith('.pdf')) throw badRequest(message, { '/filename': [message] });
}

/**
 * Stores a PDF (at most DOCUMENT_MAX_BYTES) in the employer's ICHRA documents folder, replacing one of that name;
 * `read`: the folder's version it was chosen on. The file is written in the audit's transaction (files live in the
 * database): the record and the file, or neither.
 */
export async function addDocument(db: DbOrTx, staff: Staff, accountid: string, filename: string, contentBase64: string, read: Precondition) {
  requireDocumentName(filename);
  const bytes = decodeUpload(contentBase64, 'pdf', DOCUMENT_MAX_BYTES, '/contentBase64');
  return db.transaction().execute(async (tx) => {
    const storage = storageIn(tx);
    await lockedEmployer(tx, accountid);
    await requireUnchanged(tx, read, (await taggedDocuments(storage, accountid)).tag, documentsResource(accountid));
    const before = (await listDocuments(storage, accountid)).find((file) => file.filename === filename) ?? null;
    const after = { filename, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    await recordStaffChange(tx, { staffId: staff.id, action: 'document-upload', entity: 'employer', entityId: accountid, before, after });
    await storage.write(ICHRA_DOCUMENTS_CONTAINER.value, accountid, filename, bytes);
    return taggedDocuments(storage, accountid);
  });
}

/** A stored ICHRA document's bytes, or 404 (an unknown employer or name, or a name that is no plain file name). */
export async function readDocument(db: DbOrTx, accountid: string, filename: string): Promise<Buffer> {
  await employerOr404(db, accountid);
  const bytes = isSafeSegment(filename) ? await storageIn(db).read(ICHRA_DOCUMENTS_CONTAINER.value, accountid, filename) : null;
  if (!bytes) throw notFound('There is no such document.');
  return bytes;
}

/** The employer's logo as the JPEG it was uploaded as, or 404 when the employer has none. */
export async function readLogo(db: DbOrTx, accountid: string): Promise<Buffer> {
  const employer = await employerOr404(db, accountid);
  if (!employer.mediadata) throw notFound('This employer has no logo.');
  return Buffer.from(employer.mediadata, 'base64');
}

/**
 * Sets the Spanish name of an ICHRA document (blank or null: none, so employees reading Spanish get its file name);
 * `read`: the folder's version it was written on.
 */
export async function nameDocumentInSpanish(db: DbOrTx, staff: Staff, accountid: string, filename: string, nameEs: string | null, read: Precondition) {
  if (!isSafeSegment(filename)) throw notFound('There is no such document.');
  return db.transaction().execute(async (tx) => {
    const storage = storageIn(tx);
    await lockedEmployer(tx, accountid);
    await requireUnchanged(tx, read, (await taggedDocuments(storage, accountid)).tag, documentsResource(accountid));
    const before = (await listDocuments(storage, accountid)).find((file) => file.filename === filename);
    if (!before) throw notFound('There is no such document.');
    const after = { ...before, name_es: spanishOf(nameEs) };
    await storage.setSpanishName(ICHRA_DOCUMENTS_CONTAINER.value, accountid, filename, after.name_es);
    await recordStaffChange(tx, { staffId: staff.id, action: 'document-name', entity: 'employer', entityId: accountid, before, after });
    return taggedDocuments(storage, accountid);
  });
}

/** Deletes an ICHRA document; `read`: the folder's version it was chosen on. */
export async function removeDocument(db: DbOrTx, staff: Staff, accountid: string, filename: string, read: Precondition) {
  if (!isSafeSegment(filename)) throw notFound('There is no such document.');
  return db.transaction().execute(async (tx) => {
    const storage = storageIn(tx);
    await lockedEmployer(tx, accountid);
    await requireUnchanged(tx, read, (await taggedDocuments(storage, accountid)).tag, documentsResource(accountid));
    const before = (await listDocuments(storage, accountid)).find((file) => file.filename === filename);
    if (!before) throw notFound('There is no such document.');
    await recordStaffChange(tx, { staffId: staff.id, action: 'document-delete', entity: 'employer', entityId: accountid, before, after: null });
    await storage.remove(ICHRA_DOCUMENTS_CONTAINER.value, accountid, filename);
    return taggedDocuments(storage, accountid);
  });
}
