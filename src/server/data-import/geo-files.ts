/**
 * The geo reference files the product ships (data/geo/*.csv.gz): CSV with a header line naming the columns, read
 * and written by the product's CSV module (src/domain/values/csv.ts). Written by prepare-geo.ts from the public crosswalks, read by geo.importer.ts.
 */
import { fileURLToPath } from 'node:url';

/** The repository's data/geo folder. */
export const geoDataDir = fileURLToPath(new URL('../../../data/geo/', import.meta.url));

export const ZIP_COUNTY_FILE = 'zip-county.csv.gz';
export const RATING_AREA_FILE = 'county-rating-area.csv.gz';

/** Columns of zip-county.csv.gz, in order. share has 4 decimals; is_primary is 1 for the largest share. */
export const ZIP_COUNTY_COLUMNS = ['zip', 'county_fips', 'county_name', 'state', 'city', 'share', 'is_primary'] as const;
/** Columns of county-rating-area.csv.gz, in order. */
export const RATING_AREA_COLUMNS = ['state', 'county_fips', 'county_name', 'rating_area'] as const;

/** A row of a geo file, keyed by its header's names (read by parseCsvRecords of src/domain/values/csv.ts). */
export type CsvRecord = Record<string, string>;
