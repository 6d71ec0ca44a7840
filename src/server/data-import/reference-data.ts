/**
 * The bookkeeping every reference data importer shares: the version of a shipped file (its content hash), and a
 * one-transaction "replace this data set unless this version is already imported" step, recorded in the
 * reference_data table. Importers (geo, plans...) describe what to read and how to write it; this decides whether.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#db/database.ts';
import { forgetPlanCatalogue } from '#db/repositories/reference/plan.repository.ts';

/** A short hash of the files' bytes (and of a subset's key, when only part of a file is imported). */
export function versionOf(files: readonly string[], subsetKey?: string): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(readFileSync(file));
  if (subsetKey !== undefined) hash.update(`\0subset\0${subsetKey}`);
  return hash.digest('hex').slice(0, 24);
}

/** A shipped .csv.gz file as text. */
export const readGzipText = (file: string): string => gunzipSync(readFileSync(file)).toString('utf8');

export type ImportOutcome = { name: string; version: string; imported: boolean; rows: number };

/**
 * Runs `write` in one transaction when `name` is not already at `version`: the data set's old rows go (write
 * deletes them), the new ones come, and reference_data records the version, so a failed import leaves the old
 * data whole and a second start skips the work. Concurrent starts serialize on the reference_data row lock.
 */
export async function importOnce(
  db: Kysely<Database>,
  name: string,
  version: string,
  write: (tx: Transaction<Database>) => Promise<number>,
): Promise<ImportOutcome> {
  const current = await db.selectFrom('reference_data').select('version').where('name', '=', name).executeTakeFirst();
  if (current?.version === version) return { name, version, imported: false, rows: 0 };
  const outcome = await db.transaction().execute(async (tx) => {
    // Take the row's lock (inserting a placeholder when absent), then look again: another start may have won.
    await tx
      .insertInto('reference_data')
      .values({ name, version: '', rowcount: 0 })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const locked = await tx.selectFrom('reference_data').select('version').where('name', '=', name).forUpdate().executeTakeFirstOrThrow();
    if (locked.version === version) return { name, version, imported: false, rows: 0 };
    const rows = await write(tx);
    await tx.updateTable('reference_data').set({ version, rowcount: rows, importedon: new Date() }).where('name', '=', name).execute();
    return { name, version, imported: true, rows };
  });
  // Answers read from the catalogue before are kept in memory (plan.repository.ts): they are stale now.
  if (outcome.imported) forgetPlanCatalogue();
  return outcome;
}

/** Splits rows into batches of at most `size`. */
export function* batches<T>(rows: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}
