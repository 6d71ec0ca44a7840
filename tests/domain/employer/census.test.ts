import { fullFormats } from 'ajv-formats/dist/formats.js';
import { describe, expect, it } from 'vitest';
import { censusDate, MAX_CENSUS_ROWS, readCensus, type CensusPersonCheck, type CensusResult } from '#domain/employer/census.ts';
import { loadBaseContent } from '#server/content/base-content.ts';
import { personCheckBy } from '#server/services/staff-employees/census-person-check.ts';
import type { RuleCase } from '../rule-case.ts';

const TODAY = '2026-06-01';
/** The person rules as the server reads them on a day: the base profile and registration documents. */
const forms = loadBaseContent().forms;
const checks = new Map<string, CensusPersonCheck>();
const checkOn = (today: string) => checks.get(today) ?? checks.set(today, personCheckBy(forms.get('profile')!, forms.get('registration')!, today)).get(today)!;
const HEADER = 'firstname,lastname,email,birthdate,class,zip';

describe('censusDate', () => {
  it.each([
    { name: 'an ISO date is kept', period: '', input: '1985-06-15', output: '1985-06-15' },
    { name: 'M/D/YYYY is read', period: '', input: '6/15/1985', output: '1985-06-15' },
    { name: 'MM/DD/YYYY is read', period: '', input: '06/05/1985', output: '1985-06-05' },
    { name: 'a day the month has not is no date', period: '', input: '02/30/1985', output: null },
    { name: 'YYYY/MM/DD is no date', period: '', input: '1985/06/15', output: null },
    { name: '"" is no date', period: '', input: '', output: null },
  ] satisfies RuleCase<string, string | null>[])('$name', ({ input, output }) => {
    expect(censusDate(input)).toBe(output);
  });
});

describe('readCensus', () => {
  const employee = (line: number, fields: Partial<CensusResult['employees'][number]>) => expect.objectContaining({ line, ...fields });
  const huge = `a@${'b.'.repeat(500_000)}x y`;

  it.each([
    {
      name: 'answers every employee of a good file, with its line, the class defaulted and dates normalized',
      period: TODAY,
      input: `${HEADER}\nAda,Lovelace,ada@example.test,1985-06-15,,30301\n"O'Brien, Jr.",Pat,PAT@example.test,12/31/1970,Exec,\n`,
      output: {
        problems: [],
        employees: [
          { line: 2, firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.test', birthdate: '1985-06-15', contributionclass: 'ALL', zip: '30301', hiredate: null, externalid: null },
          { line: 3, firstname: "O'Brien, Jr.", lastname: 'Pat', email: 'PAT@example.test', birthdate: '1970-12-31', contributionclass: 'Exec', zip: null, hiredate: null, externalid: null },
        ],
      },
    },
    {
      name: 'takes the columns in any order and case, the optional ones left out',
      period: TODAY,
      input: 'Email,BirthDate,LastName,FirstName,HireDate\nb@example.test,1990-01-02,Bee,Bo,2024-03-01\n',
      output: { problems: [], employees: [employee(2, { firstname: 'Bo', lastname: 'Bee', hiredate: '2024-03-01', contributionclass: 'ALL', zip: null })] },
    },
    {
      name: 'reports every bad row with its line and reason, and answers the good rows apart',
      period: TODAY,
      input: [
        HEADER,
        'Ada,Lovelace,ada@example.test,1985-06-15,ALL,30301',
        ',Empty,empty@example.test,1985-06-15,ALL,30301',
        'Bad,Mail,not-an-address,1985-06-15,ALL,30301',
        'Old,Date,old@example.test,1930-01-01,ALL,30301',
        'Zip,Short,zip@example.test,1985-06-15,ALL,3030',
        'Too,Few,few@example.test',
        'Twice,Again,ADA@example.test,1985-06-15,ALL,30301',
        'Future,Born,future@example.test,2027-01-01,ALL,30301',
        'Class,Bad,class@example.test,1985-06-15,<script>,30301',
      ].join('\n'),
      output: {
        employees: [employee(2, {})],
        problems: [
          { line: 3, reason: 'firstname: First Name is required.' },
          { line: 4, reason: "email 'not-an-address': Please enter a valid email address." },
          { line: 5, reason: "birthdate '1930-01-01': DOB must be between 1941-01-01 and today." },
          { line: 6, reason: "zip '3030' is not five digits." },
          { line: 7, reason: 'The row has 3 fields; the header has 6.' },
          { line: 8, reason: 'email ADA@example.test is already on line 2.' },
          { line: 9, reason: "birthdate '2027-01-01': DOB must be between 1941-01-01 and today." },
          { line: 10, reason: expect.stringContaining("class '<script>'") },
        ],
      },
    },
    {
      name: 'gives all the faults of one row in one reason',
      period: TODAY,
      input: `${HEADER}\n,,x,1985-13-01,ALL,1\n`,
      output: {
        employees: [],
        problems: [
          {
            line: 2,
            reason:
              "firstname: First Name is required. lastname: Last Name is required. email 'x': Please enter a valid email address. birthdate '1985-13-01' is not a date (YYYY-MM-DD or MM/DD/YYYY). zip '1' is not five digits.",
          },
        ],
      },
    },
    {
      name: 'refuses a header with an unknown, repeated or missing column',
      period: TODAY,
      input: 'firstname,firstname,email,ssn\nA,B,a@example.test,123\n',
      output: {
        employees: [],
        problems: [
          { line: 1, reason: "The column 'firstname' appears twice." },
          { line: 1, reason: "Unknown column 'ssn'; the columns are firstname, lastname, email, birthdate, class, zip, hiredate, externalid." },
          { line: 1, reason: "The column 'lastname' is missing." },
          { line: 1, reason: "The column 'birthdate' is missing." },
        ],
      },
    },
    { name: 'refuses an empty file', period: TODAY, input: '', output: { employees: [], problems: [expect.objectContaining({ line: 1 })] } },
    { name: 'refuses a file of a byte-order mark and a line break', period: TODAY, input: '\uFEFF\r\n', output: { employees: [], problems: [expect.objectContaining({ line: 1 })] } },
    { name: 'refuses a header alone', period: TODAY, input: `${HEADER}\r\n`, output: { employees: [], problems: [expect.objectContaining({ line: 1, reason: 'The file has a header but no employee.' })] } },
    {
      name: 'refuses an e-mail address with a zero-width space, as the sign-in form does',
      period: TODAY,
      input: `${HEADER}\nA,B,zw\u200b@example.test,1985-06-15,ALL,30301\n`,
      output: { employees: [], problems: [{ line: 2, reason: "email 'zw\u200b@example.test': Please enter a valid email address." }] },
    },
    {
      name: "judges the names by the profile's rules and texts: a letter, no formula's first sign, no control character",
      period: TODAY,
      input: [HEADER, '=1+1,Ann,a@example.test,1985-06-15,ALL,30301', "Ann,'t Hooft-Smith,b@example.test,1985-06-15,ALL,30301", 'Ann,-Ng,c@example.test,1985-06-15,ALL,30301', '"A\u0007",Ng,d@example.test,1985-06-15,ALL,30301'].join('\n'),
      output: {
        employees: [employee(3, {})],
        problems: [
          { line: 2, reason: "firstname '=1+1': First Name may not begin with =, +, - or @. First Name must contain a letter." },
          { line: 4, reason: "lastname '-Ng': Last Name may not begin with =, +, - or @." },
          { line: 5, reason: 'firstname holds a control character.' },
        ],
      },
    },
    {
      name: 'refuses a field of a million characters, quoting only its start',
      period: TODAY,
      input: `${HEADER}\nA,B,"${huge}",1985-06-15,ALL,30301\n`,
      output: { employees: [], problems: [{ line: 2, reason: `email '${huge.slice(0, 57)}...': Please enter at most 254 characters. Please enter a valid email address.` }] },
    },
    {
      name: 'reads the external id, refusing a malformed one and one repeated within the file',
      period: TODAY,
      input: `${HEADER},externalid\nA,One,a@example.test,1985-06-15,ALL,30301,E-100\nB,Two,b@example.test,1985-06-15,ALL,30301,E-100\nC,Three,c@example.test,1985-06-15,ALL,30301,<x>\nD,Four,d@example.test,1985-06-15,ALL,30301,\n`,
      output: {
        employees: [employee(2, { externalid: 'E-100' }), employee(5, { externalid: null })],
        problems: [
          { line: 3, reason: 'externalid E-100 is already on line 2.' },
          { line: 4, reason: expect.stringContaining("externalid '<x>' is not an id") },
        ],
      },
    },
    {
      name: 'names the line an unclosed quote opens on',
      period: TODAY,
      input: `${HEADER}\nA,One,a@example.test,1985-06-15,ALL,30301\n"B,Two,b@example.test,1985-06-15,ALL,30301\nC,Three,c@example.test,1985-06-15,ALL,30301\n`,
      output: { employees: [], problems: [{ line: 3, reason: 'A quote opens here and is never closed.' }] },
    },
    {
      name: 'refuses more rows than a file may hold',
      period: TODAY,
      input: [HEADER, ...Array.from({ length: MAX_CENSUS_ROWS + 1 }, (_, index) => `A,B,a${index}@example.test,1985-06-15,ALL,30301`)].join('\n'),
      output: { employees: [], problems: [{ line: MAX_CENSUS_ROWS + 2, reason: `A file may hold at most ${MAX_CENSUS_ROWS} employees.` }] },
    },
  ] satisfies RuleCase<string, CensusResult>[])('$name', ({ period, input, output }) => {
    expect(readCensus(input, checkOn(period))).toEqual(output);
  });

  // Every employee the census adds can sign in: it takes an address exactly when the sign-in form does (format email).
  const signInForm = fullFormats.email as RegExp;
  it.each(
    ['ada@example.test', "o'brien+hr@mail.example.co", 'PAT@Example.Test', '\u0130nci@example.test', '\u03a3\u0391\u03a3@example.test', 'zw\u200b@example.test', 'ada@b\u00fccher.example', 'ada@localhost', 'a..b@example.test', '.ada@example.test', 'ada@-x.example'].map((email) => ({
      name: `${JSON.stringify(email)}: taken as the sign-in form takes it`,
      period: TODAY,
      input: email,
      output: signInForm.test(email),
    })) satisfies RuleCase<string, boolean>[],
  )('$name', ({ period, input, output }) => {
    expect(readCensus(`${HEADER}\nA,B,${input},1985-06-15,ALL,30301\n`, checkOn(period)).problems.length === 0).toBe(output);
  });
});
