/**
 * `npm run data:prepare:geo`: writes the geo reference files the product ships, data/geo/zip-county.csv.gz and
 * data/geo/county-rating-area.csv.gz, from the public crosswalks in a source folder (default ../shared/data, see
 * its README: HUD-USPS ZIP_COUNTY 2025-Q2 with SimpleMaps/GeoNames cities; CMS rating areas via PolicyEngine).
 * Only the columns the product reads are kept. Re-running on the same sources writes the same bytes (gzip without
 * a time stamp), so the import's version hash changes only when the data does. Nothing reads the source folder at
 * run time. Usage: tsx src/server/data-import/prepare-geo.ts [sourceDir]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parseCsvRecords, writeCsv } from '#domain/values/csv.ts';
import {
  geoDataDir,
  RATING_AREA_COLUMNS,
  RATING_AREA_FILE,
  ZIP_COUNTY_COLUMNS,
  ZIP_COUNTY_FILE,
  type CsvRecord,
} from './geo-files.ts';

const ZIP = /^\d{5}$/;
const FIPS = /^\d{5}$/;
const STATE = /^[A-Z]{2}$/;

/** The crosswalk's rows reduced to the shipped columns, checked, in zip then largest-share order. */
export function prepareZipCounty(crosswalk: readonly CsvRecord[]): CsvRecord[] {
  const rows = crosswalk.map((row, index) => {
    const line = index + 2;
    if (!ZIP.test(row.zip ?? '')) throw new Error(`zip_county_crosswalk line ${line}: bad zip '${row.zip}'`);
    if (!FIPS.test(row.county_fips ?? '')) throw new Error(`zip_county_crosswalk line ${line}: bad county_fips`);
    if (!STATE.test(row.state ?? '')) throw new Error(`zip_county_crosswalk line ${line}: bad state`);
    const share = Number(row.hud_tot_ratio);
    if (!Number.isFinite(share) || share < 0 || share > 1) throw new Error(`zip_county_crosswalk line ${line}: bad ratio`);
    return {
      zip: row.zip!,
      county_fips: row.county_fips!,
      county_name: (row.county_name ?? '').trim(),
      state: row.state!,
      city: (row.city ?? '').trim(),
      share: share.toFixed(4),
    };
  });
  // The source is already in this order; sorting keeps the output stable should it ever not be.
  rows.sort((a, b) => a.zip.localeCompare(b.zip) || Number(b.share) - Number(a.share) || a.county_fips.localeCompare(b.county_fips));
  // The source flags the largest county per ZIP and state (a ZIP across a state line has two); the product's
  // primary county is the ZIP's largest share nationwide: the first row of each ZIP.
  return rows.map((row, index) => ({ ...row, is_primary: index === 0 || rows[index - 1]!.zip !== row.zip ? '1' : '0' }));
}

/** The rating-area rows with a county FIPS (the few without one cannot be looked up by a ZIP's county). */
export function prepareRatingAreas(areas: readonly CsvRecord[]): CsvRecord[] {
  return areas
    .filter((row) => FIPS.test(row.county_fips ?? ''))
    .map((row, index) => {
      const area = Number(row.rating_area);
      if (!Number.isInteger(area) || area < 1) throw new Error(`county_rating_areas row ${index + 1}: bad rating_area`);
      if (!STATE.test(row.state ?? '')) throw new Error(`county_rating_areas row ${index + 1}: bad state`);
      return { state: row.state!, county_fips: row.county_fips!, county_name: (row.county_name ?? '').trim(), rating_area: String(area) };
    })
    .sort((a, b) => a.state.localeCompare(b.state) || a.county_fips.localeCompare(b.county_fips));
}

/** The CSV text of these rows in these columns (a missing value is an empty field). */
export const csvOf = (columns: readonly string[], rows: readonly CsvRecord[]): string =>
  writeCsv(columns, rows.map((row) => columns.map((column) => row[column])));

/** Deterministic gzip (no mtime, fixed level) of CSV text. */
export const gzipCsv = (text: string): Buffer => gzipSync(Buffer.from(text, 'utf8'), { level: 9 });

export function prepareGeo(sourceDir: string, outDir: string = geoDataDir): { zipRows: number; ratingAreaRows: number } {
  const crosswalk = parseCsvRecords(readFileSync(path.join(sourceDir, 'zip_county_crosswalk.csv'), 'utf8'));
  const areas = parseCsvRecords(readFileSync(path.join(sourceDir, 'county_rating_areas.csv'), 'utf8'));
  const zipRows = prepareZipCounty(crosswalk);
  const ratingAreaRows = prepareRatingAreas(areas);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, ZIP_COUNTY_FILE), gzipCsv(csvOf(ZIP_COUNTY_COLUMNS, zipRows)));
  writeFileSync(path.join(outDir, RATING_AREA_FILE), gzipCsv(csvOf(RATING_AREA_COLUMNS, ratingAreaRows)));
  return { zipRows: zipRows.length, ratingAreaRows: ratingAreaRows.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const defaultSource = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
  const sourceDir = path.resolve(process.argv[2] ?? defaultSource);
  const counts = prepareGeo(sourceDir);
  console.log(`data/geo: ${counts.zipRows} ZIP-county rows, ${counts.ratingAreaRows} county rating areas (from ${sourceDir})`);
}
