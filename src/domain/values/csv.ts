/**
 * The product's one CSV module, on csv-parse and csv-stringify (RFC 4180: quoted fields, "" for a quote, commas and
 * line breaks inside quotes, CRLF or LF, a UTF-8 byte-order mark). Readers: a census as a person wrote it, with
 * each problem at its line (parseCsv), and the reference files, by their header (parseCsvRecords). Writers: files
 * handed to a person, guarded against spreadsheet formulas (formatCsv, or csv-stream.ts's csvFileStream row by row), and the
 * reference files (writeCsv).
 */
import { CsvError, parse } from 'csv-parse/sync';
import type { Options } from 'csv-stringify';
import { stringify } from 'csv-stringify/sync';

export type CsvProblem = { line: number; reason: string };

export type CsvRecord = { line: number; fields: string[] };

/**
 * The text with LF line ends. csv-parse 7 takes the first line end it meets for the whole text and counts a CRLF's
 * line twice; read as LF, a file mixing both reads right and lines are counted as a person sees them (a line
 * break inside a quoted field is read as LF).
 */
const lfLineEnds = (text: string) => text.replaceAll('\r\n', '\n');

type ParsedRecord = { record: string[]; info: { lines: number } };

const newlinesIn = (fields: readonly string[]) => fields.reduce((count, field) => count + field.split('\n').length - 1, 0);

/**
 * Splits CSV text into records of fields. A blank line is no record. A record's line is the physical line it
 * starts on (the first line is 1), so a record whose quoted field spans two lines is reported where the reader
 * sees it begin. A record with a stray quote is a problem at its line and is left out; a quote never closed is a
 * problem at the line its record starts on.
 */
export function parseCsv(text: string): { records: CsvRecord[]; problems: CsvProblem[] } {
  const problems: CsvProblem[] = [];
  let unclosed = false;
  const source = lfLineEnds(text);
  const parsed = parse(source, {
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      if (error?.code === 'CSV_QUOTE_NOT_CLOSED') unclosed = true;
      else if (error) {
        problems.push({ line: (error as CsvError & { lines: number }).lines, reason: 'A quote (") inside an unquoted field: quote the whole field and double the quote.' });
      }
    },
  }) as unknown as ParsedRecord[];
  const records = parsed.map(({ record, info }) => ({ line: info.lines - newlinesIn(record), fields: record }));
  if (unclosed) problems.push({ line: firstLineAfter(source, parsed.at(-1)?.info.lines ?? 0), reason: 'A quote opens here and is never closed.' });
  return { records, problems: problems.sort((a, b) => a.line - b.line) };
}

/**
 * The line a record left open by a quote starts on: csv-parse only says that the text ended inside a quote, and
 * that record begins on the first non-blank line after the last record it read.
 */
function firstLineAfter(source: string, lastRecordEnd: number): number {
  const lines = source.split('\n');
  let line = lastRecordEnd + 1;
  while (line < lines.length && lines[line - 1] === '') line += 1;
  return line;
}

/** The rows of a reference file as objects keyed by its header's names; a row of another width is refused, naming its line. */
export function parseCsvRecords(text: string): Record<string, string>[] {
  try {
    return parse(lfLineEnds(text), { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[];
  } catch (error) {
    if (error instanceof CsvError) throw new Error(`CSV line ${(error as CsvError & { lines?: number }).lines ?? '?'}: ${error.message}`);
    throw error;
  }
}

/**
 * A spreadsheet would run a text starting with one of these as a formula (CSV injection, as OWASP lists them:
 * `=`, `+`, `-`, `@`, a tab, a carriage return).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** How the files handed to a person are written (formatCsv, csvFileStream of csv-stream.ts). */
export const PERSON_FILE: Options = {
  record_delimiter: '\r\n',
  quoted_match: /[\r\n]/,
  cast: { string: (value) => (FORMULA_START.test(value) ? { value: `'${value}`, quoted: true } : value) },
};

/**
 * The CSV text of a header and rows (CRLF line ends, a final CRLF): the one writer of every CSV file the product
 * hands to a person (the payroll deduction report, the shop's plan export), so every one is guarded against
 * formulas as OWASP says: a leading `'`, the whole field quoted. A number is written as JavaScript writes it, so a
 * negative number stays a number.
 */
export function formatCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return stringify([header, ...rows] as Array<Array<string | number>>, PERSON_FILE);
}


/** The CSV text of a reference file (LF line ends, a final LF); null and undefined become empty fields. */
export function writeCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>): string {
  return stringify([header, ...rows] as Array<Array<string | number | boolean | null | undefined>>, {
    record_delimiter: 'unix',
    cast: { boolean: (value) => String(value) },
  });
}
