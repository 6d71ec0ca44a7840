/**
 * A census imported again: which rows add an employee, which update one the employer already has, which change
 * nothing, and which are refused (docs/staff-employers.md, Census imported again, and its reasons at the end of that page). Pure: the
 * server reads the members the file names and the ZIPs' counties, and writes what this module decides.
 *
 * A row names an existing employee of the employer by its external id first, else by its e-mail address (any
 * case). The census is the employer's record: names, class, hire date and external id always follow it. What the
 * employee owns once they have registered is kept: their sign-in address, and their address once they have a ZIP.
 * The birth date an enrollment was priced with is never changed silently: a different one refuses the row.
 */
import type { CensusEmployee, CensusProblem } from './census.ts';

/** An employee the employer already has, as the merge compares it with a row. */
export type StoredEmployee = {
  id: string;
  emailaddress: string;
  census_externalid: string | null;
  firstname: string;
  lastname: string;
  birthdate: string | null;
  hiredate: string | null;
  contributionclass: string;
  postalcode: string | null;
  city: string | null;
  county: string | null;
  stateorprovince: string | null;
  /** The employee has set a password (registered): the address they sign in with is theirs. */
  passwordSet: boolean;
  /** The current main order is health insurance, priced with the birth date. */
  enrolled: boolean;
};

/** One county a ZIP reaches, as the crosswalk answers it (largest share first). */
export type ZipCounty = { city: string; countyname: string; state: string };

/** The fields of a member the census writes. */
export type CensusFields = {
  firstname: string;
  lastname: string;
  emailaddress: string;
  personalemailaddress: string;
  birthdate: string;
  hiredate: string | null;
  contributionclass: string;
  census_externalid: string | null;
  postalcode: string | null;
  city: string | null;
  county: string | null;
  stateorprovince: string | null;
};

export type CensusAddition = { employee: CensusEmployee; fields: CensusFields };
/** `changed` names the changed fields in the census's words (firstname, class, zip, city, ...). */
export type CensusUpdate = { employee: CensusEmployee; memberid: string; changes: Partial<CensusFields>; changed: string[] };
export type CensusPlan = {
  add: CensusAddition[];
  update: CensusUpdate[];
  unchanged: Array<{ employee: CensusEmployee; memberid: string }>;
  problems: CensusProblem[];
};

/** What the server knows of the members the file names. */
export type CensusKnown = {
  accountid: string;
  /** The employer's members the file names, by external id or e-mail. */
  members: readonly StoredEmployee[];
  /** Every member (of any employer) holding one of the file's addresses, by the address lower-cased. */
  emailOwners: ReadonlyMap<string, { id: string; accountid: string }>;
  /** The file's ZIPs the crosswalk knows, with their counties (largest share first). */
  zips: ReadonlyMap<string, readonly ZipCounty[]>;
};

/** The census's word for a member field, as the report names it. */
const WORDS: Record<keyof CensusFields, string | null> = {
  firstname: 'firstname',
  lastname: 'lastname',
  emailaddress: 'email',
  personalemailaddress: null,
  birthdate: 'birthdate',
  hiredate: 'hiredate',
  contributionclass: 'class',
  census_externalid: 'externalid',
  postalcode: 'zip',
  city: 'city',
  county: 'county',
  stateorprovince: 'state',
};

/**
 * The address a ZIP gives: the city and state of its main county, and the county only when the ZIP has one (with
 * several, the employee picks theirs on the profile). Null for a ZIP the crosswalk does not know.
 */
export function addressOfZip(zip: string, counties: readonly ZipCounty[] | undefined): Pick<CensusFields, 'postalcode' | 'city' | 'county' | 'stateorprovince'> | null {
  const main = counties?.[0];
  if (!main) return null;
  return { postalcode: zip, city: main.city, county: counties.length === 1 ? main.countyname : null, stateorprovince: main.state };
}

/** What a row changes of the employee it names, or why it may not. */
export function censusChanges(
  member: StoredEmployee,
  employee: CensusEmployee,
  address: ReturnType<typeof addressOfZip>,
): { changes: Partial<CensusFields>; refusals: string[] } {
  const wanted: Partial<CensusFields> = {
    firstname: employee.firstname,
    lastname: employee.lastname,
    contributionclass: employee.contributionclass,
    ...(employee.hiredate !== null ? { hiredate: employee.hiredate } : {}),
    ...(employee.externalid !== null ? { census_externalid: employee.externalid } : {}),
  };
  const refusals: string[] = [];
  if (member.emailaddress.toLowerCase() !== employee.email.toLowerCase()) {
    if (member.passwordSet) refusals.push(`email ${employee.email} is not the address the employee signs in with; a registered employee changes it on the portal.`);
    else Object.assign(wanted, { emailaddress: employee.email, personalemailaddress: employee.email });
  }
  if (member.birthdate !== employee.birthdate) {
    if (member.enrolled) refusals.push(`birthdate ${employee.birthdate} is not the enrolled employee's ${member.birthdate ?? ''}, with which the enrollment was priced; correct it with the employee.`);
    else wanted.birthdate = employee.birthdate;
  }
  // The address is the employee's once they have registered and given a ZIP.
  if (address && (!member.passwordSet || member.postalcode === null)) Object.assign(wanted, address);
  const changes = Object.fromEntries(
    Object.entries(wanted).filter(([field, value]) => member[field as keyof StoredEmployee] !== value),
  ) as Partial<CensusFields>;
  return { changes, refusals };
}

/** The words of the changed fields, in the census's order. */
const changedWords = (changes: Partial<CensusFields>) =>
  (Object.keys(WORDS) as Array<keyof CensusFields>).flatMap((field) => (field in changes && WORDS[field] ? [WORDS[field]] : []));

/**
 * Sorts a checked census's rows into additions, updates and unchanged employees, refusing a row (with its line)
 * whose ZIP the crosswalk does not know, whose e-mail belongs to another employer's member (or to another of this
 * employer's than its external id names), that names an employee an earlier row already named, or that would
 * change what the employee owns (censusChanges).
 */
export function planCensus(employees: readonly CensusEmployee[], known: CensusKnown): CensusPlan {
  const byId = new Map(known.members.map((member) => [member.id, member]));
  const byExternalId = new Map(known.members.flatMap((member) => (member.census_externalid ? [[member.census_externalid, member] as const] : [])));
  const claimedOn = new Map<string, number>();
  const plan: CensusPlan = { add: [], update: [], unchanged: [], problems: [] };

  for (const employee of employees) {
    const reasons: string[] = [];
    const address = employee.zip === null ? null : addressOfZip(employee.zip, known.zips.get(employee.zip));
    if (employee.zip !== null && address === null) reasons.push(`zip ${employee.zip} is not a US ZIP code.`);

    const owner = known.emailOwners.get(employee.email.toLowerCase());
    let member = employee.externalid === null ? undefined : byExternalId.get(employee.externalid);
    if (owner && owner.accountid !== known.accountid) {
      reasons.push(`email ${employee.email} belongs to an employee of another employer.`);
    } else if (owner && member && owner.id !== member.id) {
      reasons.push(`email ${employee.email} belongs to another employee than externalid ${employee.externalid}.`);
    } else if (owner && !member) {
      member = byId.get(owner.id);
      if (member?.census_externalid && employee.externalid !== null && member.census_externalid !== employee.externalid) {
        reasons.push(`email ${employee.email} belongs to the employee with externalid ${member.census_externalid}.`);
      }
    }
    const earlier = member && claimedOn.get(member.id);
    if (member && earlier !== undefined) reasons.push(`The row names the same employee as line ${earlier}.`);
    // Only a row that names its employee without fault claims them (a refused row's match is no match).
    if (member && reasons.length === 0) claimedOn.set(member.id, employee.line);

    if (reasons.length === 0 && member) {
      const { changes, refusals } = censusChanges(member, employee, address);
      reasons.push(...refusals);
      if (reasons.length === 0) {
        const changed = changedWords(changes);
        if (changed.length === 0) plan.unchanged.push({ employee, memberid: member.id });
        else plan.update.push({ employee, memberid: member.id, changes, changed });
      }
    } else if (reasons.length === 0) {
      plan.add.push({
        employee,
        fields: {
          firstname: employee.firstname,
          lastname: employee.lastname,
          emailaddress: employee.email,
          personalemailaddress: employee.email,
          birthdate: employee.birthdate,
          hiredate: employee.hiredate,
          contributionclass: employee.contributionclass,
          census_externalid: employee.externalid,
          postalcode: address?.postalcode ?? null,
          city: address?.city ?? null,
          county: address?.county ?? null,
          stateorprovince: address?.stateorprovince ?? null,
        },
      });
    }
    if (reasons.length > 0) plan.problems.push({ line: employee.line, reason: reasons.join(' ') });
  }
  return plan;
}
