import { describe, expect, it } from 'vitest';
import type { CensusEmployee } from '#domain/employer/census.ts';
import { addressOfZip, censusChanges, planCensus, type CensusKnown, type StoredEmployee, type ZipCounty } from '#domain/employer/census-merge.ts';

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
  it('fills city, county and state from a ZIP of one county', () => {
    expect(addressOfZip('30301', [ATLANTA])).toEqual({ postalcode: '30301', city: 'Atlanta', county: 'Fulton County', stateorprovince: 'GA' });
  });
  it('leaves the county to pick for a ZIP of several counties', () => {
    expect(addressOfZip('30005', ALPHARETTA)).toEqual({ postalcode: '30005', city: 'Alpharetta', county: null, stateorprovince: 'GA' });
  });
  it('answers nothing for a ZIP the crosswalk does not know', () => {
    expect(addressOfZip('00000', undefined)).toBeNull();
  });
});

describe('censusChanges', () => {
  it('follows the census for names, class, hire date and external id', () => {
    const { changes, refusals } = censusChanges(stored(), row(2, { lastname: 'Byron', contributionclass: 'Exec', hiredate: '2024-01-01', externalid: 'E1' }), null);
    expect(refusals).toEqual([]);
    expect(changes).toEqual({ lastname: 'Byron', contributionclass: 'Exec', hiredate: '2024-01-01', census_externalid: 'E1' });
  });

  it('keeps a hire date and external id the file leaves empty', () => {
    expect(censusChanges(stored({ hiredate: '2020-01-01', census_externalid: 'E1' }), row(2), null).changes).toEqual({});
  });

  it("changes an invited employee's e-mail and address, not a registered one's address once they gave a ZIP", () => {
    const address = addressOfZip('30301', [ATLANTA]);
    expect(censusChanges(stored(), row(2, { email: 'new@example.test', zip: '30301' }), address).changes).toEqual({
      emailaddress: 'new@example.test',
      personalemailaddress: 'new@example.test',
      postalcode: '30301',
      city: 'Atlanta',
      county: 'Fulton County',
      stateorprovince: 'GA',
    });
    const registered = stored({ passwordSet: true, postalcode: '97205', city: 'Portland', county: 'Multnomah County', stateorprovince: 'OR' });
    expect(censusChanges(registered, row(2, { zip: '30301' }), address).changes).toEqual({});
    expect(censusChanges(stored({ passwordSet: true }), row(2, { zip: '30301' }), address).changes).toMatchObject({ postalcode: '30301', city: 'Atlanta' });
  });

  it("refuses to change a registered employee's sign-in address, and an enrolled employee's birth date", () => {
    expect(censusChanges(stored({ passwordSet: true }), row(2, { email: 'new@example.test' }), null).refusals).toEqual([
      'email new@example.test is not the address the employee signs in with; a registered employee changes it on the portal.',
    ]);
    expect(censusChanges(stored({ passwordSet: true }), row(2, { email: 'ADA2@example.test' }), null)).toEqual({ changes: {}, refusals: [] });
    expect(censusChanges(stored({ enrolled: true }), row(2, { birthdate: '1986-01-01' }), null).refusals).toEqual([
      "birthdate 1986-01-01 is not the enrolled employee's 1985-06-15, with which the enrollment was priced; correct it with the employee.",
    ]);
    expect(censusChanges(stored(), row(2, { birthdate: '1986-01-01' }), null).changes).toEqual({ birthdate: '1986-01-01' });
  });
});

describe('planCensus', () => {
  it('adds a new employee, updates one named by e-mail (any case), and counts one unchanged', () => {
    const ada = stored();
    const bob = stored({ id: 'm-2', emailaddress: 'bob@example.test', firstname: 'Bob' });
    const plan = planCensus(
      [row(2, { email: 'ADA2@example.test', lastname: 'Byron' }), row(3, { email: 'bob@example.test', firstname: 'Bob' }), row(4, { zip: '30005' })],
      known([ada, bob]),
    );
    expect(plan.problems).toEqual([]);
    expect(plan.update).toEqual([{ employee: expect.objectContaining({ line: 2 }), memberid: 'm-1', changes: { lastname: 'Byron' }, changed: ['lastname'] }]);
    expect(plan.unchanged).toEqual([{ employee: expect.objectContaining({ line: 3 }), memberid: 'm-2' }]);
    expect(plan.add).toEqual([
      {
        employee: expect.objectContaining({ line: 4 }),
        fields: expect.objectContaining({ emailaddress: 'ada4@example.test', postalcode: '30005', city: 'Alpharetta', county: null, stateorprovince: 'GA', census_externalid: null }),
      },
    ]);
  });

  it('names an employee by external id first, changing their e-mail while invited', () => {
    const plan = planCensus([row(2, { externalid: 'E7', email: 'renamed@example.test' })], known([stored({ census_externalid: 'E7' })]));
    expect(plan.problems).toEqual([]);
    expect(plan.update[0]).toMatchObject({ memberid: 'm-1', changed: ['email'] });
  });

  it("refuses another employer's e-mail, an unknown ZIP, an e-mail of another employee than the external id's, and a second row for one employee", () => {
    const ada = stored({ census_externalid: 'E1' });
    const bob = stored({ id: 'm-2', emailaddress: 'bob@example.test', census_externalid: 'E2' });
    const plan = planCensus(
      [
        row(2, { email: 'taken@example.test' }),
        row(3, { zip: '00000' }),
        row(4, { externalid: 'E1', email: 'bob@example.test' }),
        row(5, { email: 'bob@example.test', externalid: 'E9' }),
        row(6, { externalid: 'E2', email: 'bob@example.test' }),
        row(7, { email: 'BOB@example.test' }),
      ],
      known([ada, bob], [['taken@example.test', 'x-1', 'other-account']]),
    );
    expect(plan.problems).toEqual([
      { line: 2, reason: 'email taken@example.test belongs to an employee of another employer.' },
      { line: 3, reason: 'zip 00000 is not a US ZIP code.' },
      { line: 4, reason: 'email bob@example.test belongs to another employee than externalid E1.' },
      { line: 5, reason: 'email bob@example.test belongs to the employee with externalid E2.' },
      { line: 7, reason: 'The row names the same employee as line 6.' },
    ]);
    expect(plan.unchanged.map((entry) => entry.employee.line)).toEqual([6]);
  });
});
