/**
 * CSV as RFC 4180 writes it, both ways: reading (quoted fields with "" for a quote, commas and line breaks inside
 * quotes, CRLF or LF, a UTF-8 byte-order mark) and writing (a field quoted when it holds a comma, a quote or a line
 * break, a text a spreadsheet would run as a formula neutralised; CRLF between records). Pure.
 *
 * A record's line is the physical line of the text it starts on (the first line is 1), so a record whose quoted
 * field spans two lines is reported where the reader sees it begin.
 */

export type CsvProblem = { line: number; reason: string };

export type CsvRecord = { line: number; fields: string[] };

/**
 * Splits CSV text into records of fields. A blank line is no record. An unterminated quote is a problem at the
 * line the quote opens on ("A quote opens here and is never closed.").
 */
export function parseCsv(text: string): { records: CsvRecord[]; problems: CsvProblem[] } {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  const problems: CsvProblem[] = [];
  let line = 1;
  let recordLine = 1;
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let quoteLine = 1;
  let fieldStarted = false;

  const endRecord = () => {
    fields.push(field);
    const blank = fields.length === 1 && fields[0] === '' && !fieldStarted;
    if (!blank) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    fieldStarted = false;
  };

  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          field += '"';
          index += 1;
        } else quoted = false;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
      quoteLine = line;
      fieldStarted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
      fieldStarted = true;
    } else if (char === '\r' && source[index + 1] === '\n') {
      continue;
    } else if (char === '\n') {
      endRecord();
      line += 1;
      recordLine = line;
    } else if (char === '"') {
      problems.push({ line, reason: 'A quote (") inside an unquoted field: quote the whole field and double the quote.' });
      field += char;
    } else {
      field += char;
      fieldStarted = true;
    }
  }
  // Everything after an unclosed quote is read as one field, so the line to name is where the quote opens.
  if (quoted) problems.push({ line: quoteLine, reason: 'A quote opens here and is never closed.' });
  else endRecord();
  return { records, problems };
}

/**
 * A spreadsheet would run a text starting with one of these as a formula (CSV injection, as OWASP lists them:
 * `=`, `+`, `-`, `@`, a tab, a carriage return).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field as written: quoted when it holds a comma, a quote or a line break. A text a spreadsheet would take for
 * a formula is neutralised as OWASP says: a leading `'`, the whole field quoted, its quotes doubled. A number is
 * written as JavaScript writes it (digits, '-', '.', 'e'): a negative number stays a number.
 */
function formatField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  if (FORMULA_START.test(value)) return `"'${value.replaceAll('"', '""')}"`;
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The CSV text of a header and rows (CRLF line ends, a final CRLF): the one writer of every CSV file the product
 * hands to a person (the payroll deduction report, the shop's plan export), so every one is guarded against formulas.
 */
export function formatCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return [header, ...rows].map((row) => row.map(formatField).join(',')).join('\r\n') + '\r\n';
}
