/**
 * The wire shapes of the staff console's employer calls (/api/staff/employers..., /api/staff/events; the routes
 * in docs/staff-employers.md). Money in dollars with two decimals, dates 'YYYY-MM-DD'. Imports nothing.
 */

export type EmployeeStatusName = 'invited' | 'registered' | 'enrolled' | 'waived';

export type EmployeeCounts = Record<EmployeeStatusName, number> & { total: number };

/** A row of GET /api/staff/employers. */
export type StaffEmployerSummary = { accountid: string; name: string; email: string | null; planyear: number; employees: EmployeeCounts };

export type StaffBroker = { firstname: string; lastname: string; emailaddress: string | null; phonenumber: string | null };

/** What POST /api/staff/employers and PUT /api/staff/employers/{accountid} take. */
export type StaffEmployerInput = {
  name: string;
  email: string | null;
  /** The plan year: the calendar year its first month falls in. */
  planyear: number;
  /** The plan year's first day (the 1st of a month, in planyear); January 1 when absent. It lasts 12 months. */
  planyearstart?: string;
  /** 0: the profile step's Next is disabled; 1: additional services offered; 2: not offered (spec §3). */
  employeazecustomer: 0 | 1 | 2;
  hsaonly: 0 | 1;
  /** Days before the 1st of a month after which that month is no longer offered; null: no cut-off. */
  edoc_period: number | null;
  /**
   * The company that holds the employees' HSA accounts, an HSA order's vendor; null: none (the order names none).
   * None when absent on create, unchanged when absent on update.
   */
  hsaadministrator?: string | null;
  /** The team (brokerage) id; a new team when absent on create, unchanged when absent on update. */
  teamid?: string;
  broker: StaffBroker | null;
};

/** GET /api/staff/employers/{accountid}. */
export type StaffEmployer = Omit<StaffEmployerInput, 'planyearstart' | 'teamid' | 'hsaadministrator'> & {
  accountid: string;
  hsaadministrator: string | null;
  teamid: string;
  planyearstart: string;
  planyearend: string;
  /** The logo, base64 JPEG (the spec's mediadata), or null. */
  mediadata: string | null;
  /** The logo's version (what PUT .../logo names in If-Match), null when there is none. */
  logotag: string | null;
  /** The link an employee registers through (PUBLIC_URL/register?employer_id=...). */
  registrationlink: string;
};

export type StaffContact = {
  id?: string;
  contacttype: 1 | 2 | 3 | 4 | 5;
  displaytoemployee: boolean;
  firstname: string;
  middlename: string | null;
  lastname: string;
  emailaddress: string | null;
  phonenumber: string | null;
};

/** `option_es`: the option's name in Spanish (null or absent: none; employees reading Spanish get the English). */
export type StaffProductOption = { id?: string; option: string; option_es?: string | null; cost: number };
export type StaffProduct = {
  id?: string;
  productname: string;
  vendorname: string;
  description: string;
  /** The description in Spanish (null or absent: none; employees reading Spanish get the English). */
  description_es?: string | null;
  subcategory: string | null;
  taxstatus: 'Pre-Tax' | 'Post-Tax' | null;
  active: boolean;
  options: StaffProductOption[];
};

export type StaffContributionRule = {
  contributionclass: string;
  ageMin: number;
  ageMax: number;
  tier: 'employee' | 'employee-spouse' | 'employee-children' | 'family';
  state: string | null;
  ratingArea: number | null;
  /** Dollars a month. */
  amount: number;
};

export type ContributionPreviewRequest = { class?: string; age: number; zip: string; spouse: boolean; children: number; rules?: StaffContributionRule[] };
export type ContributionPreview = { amount: number; text: string; state: string | null; ratingArea: number | null; tier: StaffContributionRule['tier'] };

export type CensusRowProblem = { line: number; reason: string };
/**
 * A census written: `added` new employees (their ids in `memberids`), `updated` ones the employer had (each with
 * the line that names it and the fields it changed, in the census's words), `unchanged` ones; `imported` is added
 * plus updated; `invited` the new employees e-mailed.
 */
export type CensusImport = {
  imported: number;
  added: number;
  updated: number;
  unchanged: number;
  invited: number;
  memberids: string[];
  updates: Array<{ line: number; memberid: string; changed: string[] }>;
};

/**
 * The employee's answer to one of the employer's own fields (a field its profile or dependent document adds).
 * A dependent field's answer names each dependent who answered: 'Jane Doe: S-1; Tom Doe: S-2'.
 */
export type StaffEmployerField = {
  name: string;
  of: 'member' | 'dependent';
  /** The field's title in the employer's document ('<title> (dependents)' for a dependent field). */
  label: string;
  /** The answer as text ('' when none): a number as written, yes/no as Yes or No. */
  answer: string;
};

export type StaffEmployee = {
  memberid: string;
  firstname: string;
  lastname: string;
  email: string;
  contributionclass: string;
  status: EmployeeStatusName;
  statusdate: string;
  plan: string | null;
  /** The answers to the employer's own fields, in the order of its documents (member fields first). */
  employerfields: StaffEmployerField[];
};

export type EnrollmentReport = { counts: EmployeeCounts; employees: StaffEmployee[] };

/** An event of the log, with its employer's name and its member's name and e-mail (null when it has none). */
export type StaffEvent = {
  id: string;
  title: string;
  accountid: string | null;
  employername: string | null;
  memberid: string | null;
  membername: string | null;
  memberemail: string | null;
  action: string | null;
  effectivedate: string | null;
  data: unknown;
  createdon: string;
};

/** What PUT /api/staff/employers/{accountid}/identity-provider takes (docs/staff.md, "An employer's identity provider"). */
export type StaffIdentityProviderInput = {
  /** The name the sign-in button shows: 'Sign in with <displayName>'. */
  displayName: string;
  /** The provider's issuer URL; its /.well-known/openid-configuration is read (https only). */
  issuer: string;
  clientId: string;
  /** Write-only: stored sealed and never answered. Required the first time; absent keeps the stored one. */
  clientSecret?: string;
  /** The ID token claim that carries the e-mail address ('email' by default). */
  emailClaim: string;
  /** E-mail domains that may sign in (lower-case, without '@'). */
  allowedDomains: string[];
  /** 'census': only the employer's members (imported or registered); 'open': the same, and an unknown person of an allowed domain is told to register with the link first (nobody registers without accepting the terms). */
  registration: 'census' | 'open';
};

/** The answer of GET/PUT .../identity-provider: the settings without the secret, and what to register at the provider. */
export type StaffIdentityProvider = Omit<StaffIdentityProviderInput, 'clientSecret'> & {
  clientSecretSet: boolean;
  /** The redirect URI to register for the client at the provider. */
  redirectUri: string;
  /** The post-logout redirect URI to register (RP-initiated logout). */
  postLogoutRedirectUri: string;
};

/** The answer of POST .../identity-provider/test. */
export type StaffIdentityProviderTest = { ok: boolean; message: string };
