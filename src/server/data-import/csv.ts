/**
 * RFC 4180 CSV: quoted fields with commas, quotes ("") and line breaks; CRLF or LF. Small and strict enough for
 * the reference files the product ships and the public files it is prepared from.
 */

/** The rows of a CSV text (a trailing line break gives no empty row). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  while (i < body.length) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"') {
        if (body[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += ch;
      }
      i += 1;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (ch === '\r' && body[i + 1] === '\n') i += 1;
    } else field += ch;
    i += 1;
  }
  if (quoted) throw new Error('CSV: a quoted field is not closed.');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The rows as objects keyed by the header row's names (blank lines skipped). */
export function parseCsvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  return rows.filter((row) => !(row.length === 1 && row[0] === '')).map((row) => {
    if (row.length !== header.length) throw new Error(`CSV: a row has ${row.length} fields, the header ${header.length}.`);
    return Object.fromEntries(header.map((name, index) => [name, row[index]!]));
  });
}

function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A CSV text of a header and rows (LF line ends); null and undefined become empty fields. */
export function writeCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>): string {
  const line = (values: ReadonlyArray<string | number | boolean | null | undefined>) => values.map((v) => quote(v === null || v === undefined ? '' : String(v))).join(',');
  return [line(header), ...rows.map(line)].join('\n') + '\n';
}
