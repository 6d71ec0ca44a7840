import { describe, expect, it } from 'vitest';
import type { CensusEmployee } from '#domain/employer/census.ts';
import { addressOfZip, censusChanges, planCensus, type CensusKnown, type CensusPlan, type StoredEmployee, type ZipCounty } from '#domain/employer/census-merge.ts';
import type { RuleCase } from '../rule-case.ts';

const ACCOUNT = 'acct-1';
const ATLANTA: ZipCounty = { city: 'Atlanta', countyname: 'Fulton County', state: 'GA' };
const ALPHARETTA: ZipCounty[] = [
  { city: 'Alpharetta', countyname: 'Fulton County', state: 'GA' },
  { city: 'Alpharetta', countyname: 'Forsyth County', state: 'GA' },
];

const row = (line: number, overrides: Partial<CensusEmployee> = {}): CensusEmployee => ({
  line,
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: `ada${line}@example.test`,
  birthdate: '1985-06-15',
  contributionclass: 'ALL',
  zip: null,
  hiredate: null,
  externalid: null,
  ...overrides,
});

const stored = (overrides: Partial<StoredEmployee> = {}): StoredEmployee => ({
  id: 'm-1',
  emailaddress: 'ada2@example.test',
  census_externalid: null,
  firstname: 'Ada',
  lastname: 'Lovelace',
  birthdate: '1985-06-15',
  hiredate: null,
  contributionclass: 'ALL',
  postalcode: null,
  city: null,
  county: null,
  stateorprovince: null,
  passwordSet: false,
  enrolled: false,
  ...overrides,
});

const known = (members: StoredEmployee[], others: Array<[string, string, string]> = []): CensusKnown => ({
  accountid: ACCOUNT,
  members,
  emailOwners: new Map([
    ...members.map((member) => [member.emailaddress.toLowerCase(), { id: member.id, accountid: ACCOUNT }] as const),
    ...others.map(([email, id, accountid]) => [email, { id, accountid }] as const),
  ]),
  zips: new Map<string, ZipCounty[]>([
    ['30301', [ATLANTA]],
    ['30005', ALPHARETTA],
  ]),
});

describe('addressOfZip', () => {
  it.each([
    { name: 'fills city, county and state from a ZIP of one county', period: '', input: { zip: '30301', counties: [ATLANTA] }, output: { postalcode: '30301', city: 'Atlanta', county: 'Fulton County', stateorprovince: 'GA' } },
    { name: 'leaves the county to pick for a ZIP of several counties', period: '', input: { zip: '30005', counties: ALPHARETTA }, output: { postalcode: '30005', city: 'Alpharetta', county: null, stateorprovince: 'GA' } },
    { name: 'answers nothing for a ZIP the crosswalk does not know', period: '', input: { zip: '00000', counties: undefined }, output: null },
  ] satisfies RuleCase<{ zip: string; counties: ZipCounty[] | undefined }, ReturnType<typeof addressOfZip>>[])('$name', ({ input, output }) => {
    expect(addressOfZip(input.zip, input.counties)).toEqual(output);
  });
});

describe('censusChanges', () => {
  const atlanta = addressOfZip('30301', [ATLANTA]);
  const portland = { passwordSet: true, postalcode: '97205', city: 'Portland', county: 'Multnomah County', stateorprovince: 'OR' };
  type Given = { stored: StoredEmployee; row: CensusEmployee; address: ReturnType<typeof addressOfZip> };

  it.each([
    {
      name: 'follows the census for names, class, hire date and external id',
      period: '',
      input: { stored: stored(), row: row(2, { lastname: 'Byron', contributionclass: 'Exec', hiredate: '2024-01-01', externalid: 'E1' }), address: null },
      output: { changes: { lastname: 'Byron', contributionclass: 'Exec', hiredate: '2024-01-01', census_externalid: 'E1' }, refusals: [] },
    },
    {
      name: 'keeps a hire date and external id the file leaves empty',
      period: '',
      input: { stored: stored({ hiredate: '2020-01-01', census_externalid: 'E1' }), row: row(2), address: null },
      output: { changes: {}, refusals: [] },
    },
    {
      name: "changes an invited employee's e-mail and address",
      period: '',
      input: { stored: stored(), row: row(2, { email: 'new@example.test', zip: '30301' }), address: atlanta },
      output: {
        changes: { emailaddress: 'new@example.test', personalemailaddress: 'new@example.test', postalcode: '30301', city: 'Atlanta', county: 'Fulton County', stateorprovince: 'GA' },
        refusals: [],
      },
    },
    {
      name: "keeps a registered employee's address once they gave a ZIP",
      period: '',
      input: { stored: stored(portland), row: row(2, { zip: '30301' }), address: atlanta },
      output: { changes: {}, refusals: [] },
    },
    {
      name: 'fills a registered employee\'s address they never gave',
      period: '',
      input: { stored: stored({ passwordSet: true }), row: row(2, { zip: '30301' }), address: atlanta },
      output: { changes: expect.objectContaining({ postalcode: '30301', city: 'Atlanta' }), refusals: [] },
    },
    {
      name: "refuses to change a registered employee's sign-in address",
      period: '',
      input: { stored: stored({ passwordSet: true }), row: row(2, { email: 'new@example.test' }), address: null },
      output: { changes: {}, refusals: ['email new@example.test is not the address the employee signs in with; a registered employee changes it on the portal.'] },
    },
    {
      name: "takes a registered employee's sign-in address in another case as the same",
      period: '',
      input: { stored: stored({ passwordSet: true }), row: row(2, { email: 'ADA2@example.test' }), address: null },
      output: { changes: {}, refusals: [] },
    },
    {
      name: "refuses to change an enrolled employee's birth date",
      period: '',
      input: { stored: stored({ enrolled: true }), row: row(2, { birthdate: '1986-01-01' }), address: null },
      output: { changes: {}, refusals: ["birthdate 1986-01-01 is not the enrolled employee's 1985-06-15, with which the enrollment was priced; correct it with the employee."] },
    },
    {
      name: "changes a birth date before the enrollment",
      period: '',
      input: { stored: stored(), row: row(2, { birthdate: '1986-01-01' }), address: null },
      output: { changes: { birthdate: '1986-01-01' }, refusals: [] },
    },
  ] satisfies RuleCase<Given, ReturnType<typeof censusChanges>>[])('$name', ({ input, output }) => {
    expect(censusChanges(input.stored, input.row, input.address)).toEqual(output);
  });
});

describe('planCensus', () => {
  const ada = stored();
  const bob = stored({ id: 'm-2', emailaddress: 'bob@example.test', firstname: 'Bob' });
  const adaE1 = stored({ census_externalid: 'E1' });
  const bobE2 = stored({ id: 'm-2', emailaddress: 'bob@example.test', census_externalid: 'E2' });
  const line = (n: number) => expect.objectContaining({ line: n });

  it.each([
    {
      name: 'adds a new employee, updates one named by e-mail (any case), and counts one unchanged',
      period: '',
      input: {
        rows: [row(2, { email: 'ADA2@example.test', lastname: 'Byron' }), row(3, { email: 'bob@example.test', firstname: 'Bob' }), row(4, { zip: '30005' })],
        known: known([ada, bob]),
      },
      output: {
        problems: [],
        update: [{ employee: line(2), memberid: 'm-1', changes: { lastname: 'Byron' }, changed: ['lastname'] }],
        unchanged: [{ employee: line(3), memberid: 'm-2' }],
        add: [
          {
            employee: line(4),
            fields: expect.objectContaining({ emailaddress: 'ada4@example.test', postalcode: '30005', city: 'Alpharetta', county: null, stateorprovince: 'GA', census_externalid: null }),
          },
        ],
      },
    },
    {
      name: 'names an employee by external id first, changing their e-mail while invited',
      period: '',
      input: { rows: [row(2, { externalid: 'E7', email: 'renamed@example.test' })], known: known([stored({ census_externalid: 'E7' })]) },
      output: { problems: [], update: [expect.objectContaining({ memberid: 'm-1', changed: ['email'] })], unchanged: [], add: [] },
    },
    {
      name: "refuses another employer's e-mail, an unknown ZIP, an e-mail of another employee than the external id's, and a second row for one employee",
      period: '',
      input: {
        rows: [
          row(2, { email: 'taken@example.test' }),
          row(3, { zip: '00000' }),
          row(4, { externalid: 'E1', email: 'bob@example.test' }),
          row(5, { email: 'bob@example.test', externalid: 'E9' }),
          row(6, { externalid: 'E2', email: 'bob@example.test' }),
          row(7, { email: 'BOB@example.test' }),
        ],
        known: known([adaE1, bobE2], [['taken@example.test', 'x-1', 'other-account']]),
      },
      output: {
        problems: [
          { line: 2, reason: 'email taken@example.test belongs to an employee of another employer.' },
          { line: 3, reason: 'zip 00000 is not a US ZIP code.' },
          { line: 4, reason: 'email bob@example.test belongs to another employee than externalid E1.' },
          { line: 5, reason: 'email bob@example.test belongs to the employee with externalid E2.' },
          { line: 7, reason: 'The row names the same employee as line 6.' },
        ],
        update: [],
        unchanged: [{ employee: line(6), memberid: 'm-2' }],
        add: [],
      },
    },
  ] satisfies RuleCase<{ rows: CensusEmployee[]; known: CensusKnown }, CensusPlan>[])('$name', ({ input, output }) => {
    expect(planCensus(input.rows, input.known)).toEqual(output);
  });
});
