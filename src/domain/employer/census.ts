/**
 * The census file an employer hands over: one employee a row, read whole and judged whole before anything is
 * written (docs/staff-employers.md, Census file). Pure: the row checks over the records of ./csv.ts. A person's
 * names, e-mail and birthdate are judged by the portal's form documents, which the server reads (a CensusPersonCheck
 * it passes in), so a census holds no rule or text of its own that a document holds. What needs the database (an
 * address already registered) is checked by the server on top, with the same line numbers.
 *
 * A line number is the physical line of the file a row starts on (the header is line 1), so a row whose quoted
 * field spans two lines is reported where the reader sees it begin.
 */
import { parseCsv, type CsvProblem, type CsvRecord } from '../values/csv.ts';
import { isIsoDate } from '../values/dates.ts';
import { CENSUS_COLUMNS, REQUIRED_CENSUS_COLUMNS, type CensusColumn } from './census-columns.ts';

export { CENSUS_COLUMNS, REQUIRED_CENSUS_COLUMNS, type CensusColumn } from './census-columns.ts';

/** At most this many employees a file (a larger employer imports in parts). */
export const MAX_CENSUS_ROWS = 5000;
const MAX_CLASS = 50;
const MAX_EXTERNAL_ID = 64;

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
  /** The employer's own id for the employee (its payroll or HR number); null when the column is absent or empty. */
  externalid: string | null;
};

export type CensusProblem = CsvProblem;

/** The fields of a row the portal's forms judge: the birthdate as 'YYYY-MM-DD', null when it is no date. */
export type CensusPerson = { firstname: string; lastname: string; email: string; birthdate: string | null };
export type CensusPersonField = keyof CensusPerson;

/** The forms' messages about a person's fields, by field (none: the field passes). */
export type CensusPersonCheck = (person: CensusPerson) => Partial<Record<CensusPersonField, readonly string[]>>;

/** The file is good when `problems` is empty; `employees` are its good rows either way (for further checks). */
export type CensusResult = { employees: CensusEmployee[]; problems: CensusProblem[] };

/** A value as a reason quotes it: at most 60 characters, so a report never echoes a huge field back. */
const shown = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);

const ZIP = /^\d{5}$/;
const CLASS = /^[A-Za-z0-9][A-Za-z0-9 _.-]*$/;
const EXTERNAL_ID = /^[A-Za-z0-9][A-Za-z0-9_.\/-]*$/;
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
function readHeader(record: CsvRecord): { columns: CensusColumn[] } | { problems: CensusProblem[] } {
  const problems: CensusProblem[] = [];
  const columns: CensusColumn[] = [];
  for (const name of record.fields.map((field) => field.trim().toLowerCase())) {
    const column = CENSUS_COLUMNS.find((known) => known === name);
    if (!column) problems.push({ line: record.line, reason: `Unknown column '${shown(name)}'; the columns are ${CENSUS_COLUMNS.join(', ')}.` });
    else if (columns.includes(column)) problems.push({ line: record.line, reason: `The column '${column}' appears twice.` });
    else columns.push(column);
  }
  for (const required of REQUIRED_CENSUS_COLUMNS) {
    if (!columns.includes(required)) problems.push({ line: record.line, reason: `The column '${required}' is missing.` });
  }
  return problems.length > 0 ? { problems } : { columns };
}

/** A form's messages about a column's value as one reason: the column, the value as written, the messages. */
function fault(column: CensusColumn, text: string, messages: readonly string[]): string {
  const sentences = messages.map((message) => (/[.!?]$/.test(message) ? message : `${message}.`));
  return `${column}${text === '' ? '' : ` '${shown(text)}'`}: ${sentences.join(' ')}`;
}

/** One row's employee, or every reason it is refused (joined into one sentence list). */
function readRow(record: CsvRecord, columns: readonly CensusColumn[], checkPerson: CensusPersonCheck): CensusEmployee | string[] {
  if (record.fields.length !== columns.length) {
    return [`The row has ${record.fields.length} fields; the header has ${columns.length}.`];
  }
  const value = (column: CensusColumn) => {
    const index = columns.indexOf(column);
    return index < 0 ? '' : record.fields[index]!.trim();
  };
  const reasons: string[] = [];
  const person: CensusPerson = { firstname: value('firstname'), lastname: value('lastname'), email: value('email'), birthdate: censusDate(value('birthdate')) };
  const judged = checkPerson(person);
  const judge = (column: CensusPersonField) => {
    const messages = judged[column] ?? [];
    if (messages.length > 0) reasons.push(fault(column, value(column), messages));
  };
  for (const column of ['firstname', 'lastname'] as const) {
    // A form's field cannot hold a control character; a file can.
    if (/[\u0000-\u001f\u007f]/.test(person[column])) reasons.push(`${column} holds a control character.`);
    else judge(column);
  }
  judge('email');
  if (person.birthdate === null) reasons.push(`birthdate '${shown(value('birthdate'))}' is not a date (YYYY-MM-DD or MM/DD/YYYY).`);
  else judge('birthdate');
  const contributionclass = value('class') || 'ALL';
  if (contributionclass.length > MAX_CLASS || !CLASS.test(contributionclass)) {
    reasons.push(`class '${shown(contributionclass)}' is not a class name (letters, digits, space, '_', '.', '-'; at most ${MAX_CLASS}).`);
  }
  const zip = value('zip') || null;
  if (zip !== null && !ZIP.test(zip)) reasons.push(`zip '${shown(zip)}' is not five digits.`);
  const hiredateText = value('hiredate');
  const hiredate = hiredateText === '' ? null : censusDate(hiredateText);
  if (hiredateText !== '' && hiredate === null) reasons.push(`hiredate '${shown(hiredateText)}' is not a date (YYYY-MM-DD or MM/DD/YYYY).`);
  const externalid = value('externalid') || null;
  if (externalid !== null && (externalid.length > MAX_EXTERNAL_ID || !EXTERNAL_ID.test(externalid))) {
    reasons.push(`externalid '${shown(externalid)}' is not an id (letters, digits, '_', '.', '/', '-'; at most ${MAX_EXTERNAL_ID}).`);
  }
  if (reasons.length > 0) return reasons;
  const { firstname, lastname, email, birthdate } = person;
  return { line: record.line, firstname, lastname, email, birthdate: birthdate!, contributionclass, zip, hiredate, externalid };
}

/**
 * Reads and checks a whole census: the header, every row (all its faults in one reason; its person's fields by
 * `checkPerson`), an e-mail address or an external id repeated within the file (each later row).
 */
export function readCensus(text: string, checkPerson: CensusPersonCheck): CensusResult {
  const { records, problems } = parseCsv(text);
  if (problems.length > 0) return { employees: [], problems };
  const [header, ...rows] = records;
  if (!header) return { employees: [], problems: [{ line: 1, reason: 'The file is empty: it needs a header line and one row an employee.' }] };
  const read = readHeader(header);
  if ('problems' in read) return { employees: [], problems: read.problems };
  if (rows.length === 0) return { employees: [], problems: [{ line: header.line, reason: 'The file has a header but no employee.' }] };
  if (rows.length > MAX_CENSUS_ROWS) {
    return { employees: [], problems: [{ line: rows[MAX_CENSUS_ROWS]!.line, reason: `A file may hold at most ${MAX_CENSUS_ROWS} employees.` }] };
  }

  const employees: CensusEmployee[] = [];
  const found: CensusProblem[] = [];
  const firstLineOf = new Map<string, number>();
  const externalLineOf = new Map<string, number>();
  for (const row of rows) {
    const employee = readRow(row, read.columns, checkPerson);
    if (Array.isArray(employee)) {
      found.push({ line: row.line, reason: employee.join(' ') });
      continue;
    }
    const key = employee.email.toLowerCase();
    const first = firstLineOf.get(key);
    const firstExternal = employee.externalid === null ? undefined : externalLineOf.get(employee.externalid);
    if (first !== undefined || firstExternal !== undefined) {
      const reasons = [
        first !== undefined ? `email ${employee.email} is already on line ${first}.` : null,
        firstExternal !== undefined ? `externalid ${employee.externalid} is already on line ${firstExternal}.` : null,
      ];
      found.push({ line: row.line, reason: reasons.filter((reason) => reason !== null).join(' ') });
      continue;
    }
    firstLineOf.set(key, row.line);
    if (employee.externalid !== null) externalLineOf.set(employee.externalid, row.line);
    employees.push(employee);
  }
  return { employees, problems: found };
}
