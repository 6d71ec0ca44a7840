/**
 * The reference data the product ships under data/ (compressed), imported on start after the migrations. Each
 * importer is idempotent: a data set whose version is already in reference_data is skipped.
 */
import type { Kysely } from 'kysely';
import type { Database } from '#db/database.ts';
import { importPlanCatalogue } from './plans.import.ts';

export async function importReferenceData(db: Kysely<Database>): Promise<void> {
  await importPlanCatalogue(db);
}
