/**
 * Imports data/geo (see prepare-geo.ts) into zip_county and county_rating_area: parsed once, inserted in batches
 * of column arrays (insert ... select from unnest(...), one statement per 5,000 rows) in one transaction, skipped
 * when the same file version is already imported. `zips` imports only those ZIPs (tests: the ZIPs they use,
 * through this same code; the version then says so, and a later full import replaces the subset).
 */
import path from 'node:path';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '#db/database.ts';
import { parseCsvRecords } from '#domain/values/csv.ts';
import { geoDataDir, RATING_AREA_FILE, ZIP_COUNTY_FILE, type CsvRecord } from './geo-files.ts';
import { batches, importOnce, readGzipText, versionOf, type ImportOutcome } from './reference-data.ts';

export const GEO_DATA_SET = 'geo';
const BATCH = 5000;

export type GeoImportOptions = {
  /** Only these ZIPs (and the rating areas of their counties); every ZIP when absent. */
  zips?: readonly string[];
  /** Where the .csv.gz files are; data/geo of the repository by default. */
  dir?: string;
};

async function insertZipCounties(tx: Transaction<Database>, rows: readonly CsvRecord[]): Promise<void> {
  for (const batch of batches(rows, BATCH)) {
    const column = (name: string) => batch.map((row) => row[name]!);
    await sql`
      insert into zip_county (zip, county_fips, county_name, state, city, share, is_primary)
      select * from unnest(
        ${column('zip')}::text[], ${column('county_fips')}::text[], ${column('county_name')}::text[],
        ${column('state')}::text[], ${column('city')}::text[], ${column('share')}::numeric[],
        ${batch.map((row) => row.is_primary === '1')}::boolean[]
      )`.execute(tx);
  }
}

async function insertRatingAreas(tx: Transaction<Database>, rows: readonly CsvRecord[]): Promise<void> {
  for (const batch of batches(rows, BATCH)) {
    const column = (name: string) => batch.map((row) => row[name]!);
    await sql`
      insert into county_rating_area (state, county_fips, county_name, rating_area)
      select * from unnest(
        ${column('state')}::text[], ${column('county_fips')}::text[], ${column('county_name')}::text[],
        ${batch.map((row) => Number(row.rating_area))}::integer[]
      )`.execute(tx);
  }
}

export async function importGeo(db: Kysely<Database>, options: GeoImportOptions = {}): Promise<ImportOutcome> {
  const dir = options.dir ?? geoDataDir;
  const zipFile = path.join(dir, ZIP_COUNTY_FILE);
  const areaFile = path.join(dir, RATING_AREA_FILE);
  const only = options.zips ? new Set(options.zips) : null;
  const version = versionOf([zipFile, areaFile], only ? [...only].sort().join(',') : undefined);
  return importOnce(db, GEO_DATA_SET, version, async (tx) => {
    let zipRows = parseCsvRecords(readGzipText(zipFile));
    let areaRows = parseCsvRecords(readGzipText(areaFile));
    if (only) {
      zipRows = zipRows.filter((row) => only.has(row.zip!));
      const counties = new Set(zipRows.map((row) => row.county_fips));
      areaRows = areaRows.filter((row) => counties.has(row.county_fips));
    }
    await tx.deleteFrom('zip_county').execute();
    await tx.deleteFrom('county_rating_area').execute();
    await insertZipCounties(tx, zipRows);
    await insertRatingAreas(tx, areaRows);
    return zipRows.length;
  });
}
