/**
 * Reference data the product ships under data/ (compressed), imported into the database on start, after the
 * migrations: each importer runs in its own transaction and is skipped when its data version is already there
 * (reference_data). Add an importer here with one line; `options` carries each importer's own (test) options.
 */
import type { Kysely } from 'kysely';
import type { Database } from '#db/database.ts';
import { importGeo, type GeoImportOptions } from './geo.importer.ts';
import { importPlanCatalogue, type PlanImportOptions } from './plans.import.ts';
import type { ImportOutcome } from './reference-data.ts';

export type { ImportOutcome } from './reference-data.ts';

export type ReferenceDataOptions = {
  geo?: GeoImportOptions;
  plans?: PlanImportOptions;
};

export async function importReferenceData(db: Kysely<Database>, options: ReferenceDataOptions = {}): Promise<ImportOutcome[]> {
  const outcomes: ImportOutcome[] = [];
  outcomes.push(await importGeo(db, options.geo));
  outcomes.push(...(await importPlanCatalogue(db, options.plans)).outcomes);
  return outcomes;
}
