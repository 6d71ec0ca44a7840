import { fullFormats } from 'ajv-formats/dist/formats.js';
import { describe, expect, it } from 'vitest';
import { censusDate, MAX_CENSUS_ROWS, readCensus } from '#domain/employer/census.ts';
import { loadBaseContent } from '#server/content/base-content.ts';
import { personCheckBy } from '#server/services/staff-employees/census-person-check.ts';

const TODAY = '2026-06-01';
/** The person rules as the server reads them: the base profile and registration documents. */
const forms = loadBaseContent().forms;
const CHECK = personCheckBy(forms.get('profile')!, forms.get('registration')!, TODAY);
const HEADER = 'firstname,lastname,email,birthdate,class,zip';

describe('censusDate', () => {
  it.each([
    ['1985-06-15', '1985-06-15'],
    ['6/15/1985', '1985-06-15'],
    ['06/05/1985', '1985-06-05'],
    ['02/30/1985', null],
    ['1985/06/15', null],
    ['', null],
  ])('%j -> %j', (text, date) => expect(censusDate(text)).toBe(date));
});

describe('readCensus', () => {
  it('answers every employee of a good file, with its line, the class defaulted and dates normalized', () => {
    const text = `${HEADER}\nAda,Lovelace,ada@example.test,1985-06-15,,30301\n"O'Brien, Jr.",Pat,PAT@example.test,12/31/1970,Exec,\n`;
    expect(readCensus(text, CHECK)).toEqual({
      problems: [],
      employees: [
        { line: 2, firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.test', birthdate: '1985-06-15', contributionclass: 'ALL', zip: '30301', hiredate: null, externalid: null },
        { line: 3, firstname: "O'Brien, Jr.", lastname: 'Pat', email: 'PAT@example.test', birthdate: '1970-12-31', contributionclass: 'Exec', zip: null, hiredate: null, externalid: null },
      ],
    });
  });

  it('takes the columns in any order and case, the optional ones left out', () => {
    const result = readCensus('Email,BirthDate,LastName,FirstName,HireDate\nb@example.test,1990-01-02,Bee,Bo,2024-03-01\n', CHECK);
    expect(result).toMatchObject({ problems: [], employees: [{ firstname: 'Bo', lastname: 'Bee', hiredate: '2024-03-01', contributionclass: 'ALL', zip: null }] });
  });

  it('reports every bad row with its line and reason, and answers the good rows apart', () => {
    const text = [
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
    ].join('\n');
    const result = readCensus(text, CHECK);
    expect(result.employees.map((employee) => employee.line)).toEqual([2]);
    expect(result.problems.map((problem) => problem.line)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(result.problems[0]!.reason).toBe('firstname: First Name is required.');
    expect(result.problems[1]!.reason).toBe("email 'not-an-address': Please enter a valid email address.");
    expect(result.problems[2]!.reason).toBe("birthdate '1930-01-01': DOB must be between 1941-01-01 and today.");
    expect(result.problems[3]!.reason).toBe("zip '3030' is not five digits.");
    expect(result.problems[4]!.reason).toBe('The row has 3 fields; the header has 6.');
    expect(result.problems[5]!.reason).toBe('email ADA@example.test is already on line 2.');
    expect(result.problems[6]!.reason).toBe("birthdate '2027-01-01': DOB must be between 1941-01-01 and today.");
    expect(result.problems[7]!.reason).toContain("class '<script>'");
  });

  it('gives all the faults of one row in one reason', () => {
    const result = readCensus(`${HEADER}\n,,x,1985-13-01,ALL,1\n`, CHECK);
    expect(result).toEqual({
      employees: [],
      problems: [
        {
          line: 2,
          reason:
            "firstname: First Name is required. lastname: Last Name is required. email 'x': Please enter a valid email address. birthdate '1985-13-01' is not a date (YYYY-MM-DD or MM/DD/YYYY). zip '1' is not five digits.",
        },
      ],
    });
  });

  it('refuses a header with an unknown, repeated or missing column', () => {
    const result = readCensus('firstname,firstname,email,ssn\nA,B,a@example.test,123\n', CHECK);
    expect(result).toEqual({
      employees: [],
      problems: [
        { line: 1, reason: "The column 'firstname' appears twice." },
        { line: 1, reason: "Unknown column 'ssn'; the columns are firstname, lastname, email, birthdate, class, zip, hiredate, externalid." },
        { line: 1, reason: "The column 'lastname' is missing." },
        { line: 1, reason: "The column 'birthdate' is missing." },
      ],
    });
  });

  it('refuses an empty file and a header alone', () => {
    expect(readCensus('', CHECK)).toMatchObject({ employees: [], problems: [{ line: 1 }] });
    expect(readCensus('\uFEFF\r\n', CHECK)).toMatchObject({ employees: [], problems: [{ line: 1 }] });
    expect(readCensus(`${HEADER}\r\n`, CHECK)).toMatchObject({ employees: [], problems: [{ line: 1, reason: 'The file has a header but no employee.' }] });
  });

  it('takes an e-mail address exactly when the sign-in form does (format email), so every employee it adds can sign in', () => {
    const samples = ['ada@example.test', "o'brien+hr@mail.example.co", 'PAT@Example.Test', '\u0130nci@example.test', '\u03a3\u0391\u03a3@example.test', 'zw\u200b@example.test', 'ada@b\u00fccher.example', 'ada@localhost', 'a..b@example.test', '.ada@example.test', 'ada@-x.example'];
    const signInForm = fullFormats.email as RegExp;
    for (const email of samples) {
      const result = readCensus(`${HEADER}\nA,B,${email},1985-06-15,ALL,30301\n`, CHECK);
      expect([email, result.problems.length === 0]).toEqual([email, signInForm.test(email)]);
    }
    expect(readCensus(`${HEADER}\nA,B,zw\u200b@example.test,1985-06-15,ALL,30301\n`, CHECK).problems).toEqual([{ line: 2, reason: "email 'zw\u200b@example.test': Please enter a valid email address." }]);
  });

  it("judges the names by the profile's rules and texts: a letter, no formula's first sign, no control character", () => {
    const text = [HEADER, '=1+1,Ann,a@example.test,1985-06-15,ALL,30301', "Ann,'t Hooft-Smith,b@example.test,1985-06-15,ALL,30301", 'Ann,-Ng,c@example.test,1985-06-15,ALL,30301', '"A\u0007",Ng,d@example.test,1985-06-15,ALL,30301'].join('\n');
    expect(readCensus(text, CHECK).problems).toEqual([
      { line: 2, reason: "firstname '=1+1': First Name may not begin with =, +, - or @. First Name must contain a letter." },
      { line: 4, reason: "lastname '-Ng': Last Name may not begin with =, +, - or @." },
      { line: 5, reason: 'firstname holds a control character.' },
    ]);
  });

  it('refuses a field of a million characters, quoting only its start', () => {
    const huge = `a@${'b.'.repeat(500_000)}x y`;
    const result = readCensus(`${HEADER}\nA,B,"${huge}",1985-06-15,ALL,30301\n`, CHECK);
    expect(result.problems).toEqual([{ line: 2, reason: `email '${huge.slice(0, 57)}...': Please enter at most 254 characters. Please enter a valid email address.` }]);
  });

  it('reads the external id, refusing a malformed one and one repeated within the file', () => {
    const text = `${HEADER},externalid\nA,One,a@example.test,1985-06-15,ALL,30301,E-100\nB,Two,b@example.test,1985-06-15,ALL,30301,E-100\nC,Three,c@example.test,1985-06-15,ALL,30301,<x>\nD,Four,d@example.test,1985-06-15,ALL,30301,\n`;
    const result = readCensus(text, CHECK);
    expect(result.employees.map((employee) => [employee.line, employee.externalid])).toEqual([
      [2, 'E-100'],
      [5, null],
    ]);
    expect(result.problems).toEqual([
      { line: 3, reason: 'externalid E-100 is already on line 2.' },
      { line: 4, reason: expect.stringContaining("externalid '<x>' is not an id") },
    ]);
  });

  it('names the line an unclosed quote opens on', () => {
    const result = readCensus(`${HEADER}\nA,One,a@example.test,1985-06-15,ALL,30301\n"B,Two,b@example.test,1985-06-15,ALL,30301\nC,Three,c@example.test,1985-06-15,ALL,30301\n`, CHECK);
    expect(result).toEqual({ employees: [], problems: [{ line: 3, reason: 'A quote opens here and is never closed.' }] });
  });

  it('refuses more rows than a file may hold', () => {
    const rows = Array.from({ length: MAX_CENSUS_ROWS + 1 }, (_, index) => `A,B,a${index}@example.test,1985-06-15,ALL,30301`);
    const result = readCensus([HEADER, ...rows].join('\n'), CHECK);
    expect(result).toEqual({ employees: [], problems: [{ line: MAX_CENSUS_ROWS + 2, reason: `A file may hold at most ${MAX_CENSUS_ROWS} employees.` }] });
  });
});
