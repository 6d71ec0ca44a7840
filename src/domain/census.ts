/**
 * The census file an employer hands over: one employee a row, read whole and judged whole before anything is
 * written (docs/staff-employers.md, Census file). Pure: the CSV reading (RFC 4180: quoted fields with "" for a
 * quote, commas and line breaks inside quotes, CRLF or LF, a UTF-8 byte-order mark) and the row checks. What needs
 * the database (an address already registered) is checked by the server on top, with the same line numbers.
 *
 * A line number is the physical line of the file a row starts on (the header is line 1), so a row whose quoted
 * field spans two lines is reported where the reader sees it begin.
 */
import { isDobInRange, isIsoDate } from './dates.ts';

/** The columns a census may have; the header names them (any order, any case). */
export const CENSUS_COLUMNS = ['firstname', 'lastname', 'email', 'birthdate', 'class', 'zip', 'hiredate'] as const;
export type CensusColumn = (typeof CENSUS_COLUMNS)[number];
export const REQUIRED_CENSUS_COLUMNS: readonly CensusColumn[] = ['firstname', 'lastname', 'email', 'birthdate'];

/** At most this many employees a file (a larger employer imports in parts). */
export const MAX_CENSUS_ROWS = 5000;
const MAX_NAME = 100;
const MAX_EMAIL = 254;
const MAX_CLASS = 50;

export type CensusEmployee = {
  line: number;
  firstname: string;
  lastname: string;
  /** As written, trimmed; compared lower-cased. */
  email: string;
  /** 'YYYY-MM-DD' */
  birthdate: string;
  /** The contribution class; 'ALL' when the column is absent or empty. */
  contributionclass: string;
  zip: string | null;
  hiredate: string | null;
};

export type CensusProblem = { line: number; reason: string };

export type CensusResult = { ok: true; employees: CensusEmployee[] } | { ok: false; problems: CensusProblem[] };

type RawRecord = { line: number; fields: string[] };

/**
 * Splits CSV text into records of fields. A blank line is no record. An unterminated quote is a problem at the
 * line its field began.
 */
export function parseCsv(text: string): { records: RawRecord[]; problems: CensusProblem[] } {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: RawRecord[] = [];
  const problems: CensusProblem[] = [];
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
  if (quoted) problems.push({ line: quoteLine, reason: 'A quoted field is never closed.' });
  else endRecord();
  return { records, problems };
}

const EMAIL = /^[^\s@"<>,;]+@[^\s@"<>,;]+\.[^\s@"<>,;]+$/;
const ZIP = /^\d{5}$/;
const CLASS = /^[A-Za-z0-9][A-Za-z0-9 _.-]*$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** A date as 'YYYY-MM-DD' from 'YYYY-MM-DD' or 'MM/DD/YYYY' (what spreadsheets write); null when neither. */
export function censusDate(text: string): string | null {
  if (isIsoDate(text)) return text;
  const match = US_DATE.exec(text);
  if (!match) return null;
  const iso = `${match[3]}-${match[1]!.padStart(2, '0')}-${match[2]!.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

/** The header's columns, or the problems with it (unknown, repeated or missing columns). */
function readHeader(record: RawRecord): { columns: CensusColumn[] } | { problems: CensusProblem[] } {
  const problems: CensusProblem[] = [];
  const columns: CensusColumn[] = [];
  for (const name of record.fields.map((field) => field.trim().toLowerCase())) {
    const column = CENSUS_COLUMNS.find((known) => known === name);
    if (!column) problems.push({ line: record.line, reason: `Unknown column '${name}'; the columns are ${CENSUS_COLUMNS.join(', ')}.` });
    else if (columns.includes(column)) problems.push({ line: record.line, reason: `The column '${column}' appears twice.` });
    else columns.push(column);
  }
  for (const required of REQUIRED_CENSUS_COLUMNS) {
    if (!columns.includes(required)) problems.push({ line: record.line, reason: `The column '${required}' is missing.` });
  }
  return problems.length > 0 ? { problems } : { columns };
}

/** One row's employee, or every reason it is refused (joined into one sentence list). */
function readRow(record: RawRecord, columns: readonly CensusColumn[], today: string): CensusEmployee | string[] {
  if (record.fields.length !== columns.length) {
    return [`The row has ${record.fields.length} fields; the header has ${columns.length}.`];
  }
  const value = (column: CensusColumn) => {
    const index = columns.indexOf(column);
    return index < 0 ? '' : record.fields[index]!.trim();
  };
  const reasons: string[] = [];
  const name = (column: 'firstname' | 'lastname') => {
    const text = value(column);
    if (text === '') reasons.push(`${column} is empty.`);
    else if (text.length > MAX_NAME) reasons.push(`${column} is longer than ${MAX_NAME} characters.`);
    else if (/[\u0000-\u001f\u007f]/.test(text)) reasons.push(`${column} holds a control character.`);
    return text;
  };
  const firstname = name('firstname');
  const lastname = name('lastname');
  const email = value('email');
  if (email.length > MAX_EMAIL || !EMAIL.test(email)) reasons.push(`email '${email}' is not an e-mail address.`);
  const birthdate = censusDate(value('birthdate'));
  if (birthdate === null) reasons.push(`birthdate '${value('birthdate')}' is not a date (YYYY-MM-DD or MM/DD/YYYY).`);
  else if (!isDobInRange(birthdate, today)) reasons.push(`birthdate ${birthdate} is not between 1941-01-01 and today.`);
  const contributionclass = value('class') || 'ALL';
  if (contributionclass.length > MAX_CLASS || !CLASS.test(contributionclass)) {
    reasons.push(`class '${contributionclass}' is not a class name (letters, digits, space, '_', '.', '-'; at most ${MAX_CLASS}).`);
  }
  const zip = value('zip') || null;
  if (zip !== null && !ZIP.test(zip)) reasons.push(`zip '${zip}' is not five digits.`);
  const hiredateText = value('hiredate');
  const hiredate = hiredateText === '' ? null : censusDate(hiredateText);
  if (hiredateText !== '' && hiredate === null) reasons.push(`hiredate '${hiredateText}' is not a date (YYYY-MM-DD or MM/DD/YYYY).`);
  if (reasons.length > 0) return reasons;
  return { line: record.line, firstname, lastname, email, birthdate: birthdate!, contributionclass, zip, hiredate };
}

/**
 * Reads and checks a whole census: the header, every row (all its faults in one reason), an e-mail address
 * repeated within the file (each later row). `today` is 'YYYY-MM-DD' (birthdates may not be later).
 */
export function readCensus(text: string, today: string): CensusResult {
  const { records, problems } = parseCsv(text);
  if (problems.length > 0) return { ok: false, problems };
  const [header, ...rows] = records;
  if (!header) return { ok: false, problems: [{ line: 1, reason: 'The file is empty: it needs a header line and one row an employee.' }] };
  const read = readHeader(header);
  if ('problems' in read) return { ok: false, problems: read.problems };
  if (rows.length === 0) return { ok: false, problems: [{ line: header.line, reason: 'The file has a header but no employee.' }] };
  if (rows.length > MAX_CENSUS_ROWS) {
    return { ok: false, problems: [{ line: rows[MAX_CENSUS_ROWS]!.line, reason: `A file may hold at most ${MAX_CENSUS_ROWS} employees.` }] };
  }

  const employees: CensusEmployee[] = [];
  const found: CensusProblem[] = [];
  const firstLineOf = new Map<string, number>();
  for (const row of rows) {
    const employee = readRow(row, read.columns, today);
    if (Array.isArray(employee)) {
      found.push({ line: row.line, reason: employee.join(' ') });
      continue;
    }
    const key = employee.email.toLowerCase();
    const first = firstLineOf.get(key);
    if (first !== undefined) {
      found.push({ line: row.line, reason: `email ${employee.email} is already on line ${first}.` });
      continue;
    }
    firstLineOf.set(key, row.line);
    employees.push(employee);
  }
  return found.length > 0 ? { ok: false, problems: found } : { ok: true, employees };
}
