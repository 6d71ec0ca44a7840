/**
 * The geo reference files the product ships (data/geo/*.csv.gz) and how they are read: plain CSV without quotes,
 * a header line naming the columns. Written by prepare-geo.ts from the public crosswalks, read by geo.importer.ts.
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

export type CsvRecord = Record<string, string>;

/**
 * Parses CSV text with a header line into records keyed by the header's names. The files are plain (no quoted
 * fields): a quote or a line with the wrong number of fields is refused, naming the line.
 */
export function parseCsv(text: string): CsvRecord[] {
  const lines = text.split(/\r?\n/).filter((line) => line !== '');
  const header = lines[0]?.split(',') ?? [];
  return lines.slice(1).map((line, index) => {
    if (line.includes('"')) throw new Error(`CSV line ${index + 2}: quoted fields are not supported`);
    const fields = line.split(',');
    if (fields.length !== header.length) {
      throw new Error(`CSV line ${index + 2}: ${fields.length} fields, the header has ${header.length}`);
    }
    return Object.fromEntries(header.map((name, i) => [name, fields[i]!]));
  });
}

/** CSV text of these records, in these columns (the values must hold no comma, quote or line break). */
export function toCsv(columns: readonly string[], records: readonly CsvRecord[]): string {
  const lines = [columns.join(',')];
  for (const record of records) {
    const values = columns.map((column) => record[column] ?? '');
    for (const value of values) if (/[",\r\n]/.test(value)) throw new Error(`A value holds a CSV delimiter: ${value}`);
    lines.push(values.join(','));
  }
  return `${lines.join('\n')}\n`;
}
