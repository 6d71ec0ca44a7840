/**
 * Wire shapes of the spec's entities (§3), field names exactly as the spec writes them.
 * Money on the wire is a number of dollars with at most two decimals, and integer cents in these types: the
 * server's edge (src/server/http/money-wire.ts) and the API clients' decoders (src/portal/api/money-decoder.ts)
 * convert, by the Dollars of src/contracts/money/member-money.ts, and nothing else does. Dates are ISO `YYYY-MM-DD`
 * strings, timestamps ISO date-times; an unknown date is null.
 */

import type { YesNo } from './enrollment-answers.ts';
import type { Language } from './language.ts';

/*
 * The answers the staff preview shows too are declared once, as TypeBox schemas, in enrollment-answers.ts; their
 * types are read from there (a type-only export: the web app loads no schema).
 */
export type { HealthPlan, HealthPlanQuote, HsaLimit, Location, MetalLevel, Product, ProductOption, YesNo } from './enrollment-answers.ts';

export type Member = {
  id: string;
  accountid: string;
  priormemberid: string;
  externalid: string;
  firstname: string;
  lastname: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  stateorprovince: string | null;
  postalcode: string | null;
  county: string | null;
  emailaddress: string;
  personalemailaddress: string;
  birthdate: string | null;
  hiredate: string | null;
  phonenumber: string | null;
  origination: number;
  relationship: number;
  primarymemberid: string;
  istobaccouser: YesNo | null;
  isdisabled: boolean | null;
  gender: 'Male' | 'Female' | null;
  /** Masked in answers: `***-**-1234`; null when not entered. */
  additionalid: string | null;
  pcpname: string | null;
  pcpid: string | null;
  existingpatient: string | null;
  status: string;
  terminationdate: string | null;
  division: string | null;
  currentplanid: string | null;
  currentplanyear: number | null;
  contributionclass: string;
  irsdependent: boolean | null;
  ispasswordchanged: string | null;
  /** The language the member chose (PUT /api/Member/Language); null: never chosen. */
  language: Language | null;
  createdon: string;
  createdby: string;
  modifiedon: string;
  modifiedby: string;
};

/** What a member may change about themselves through PUT /api/Member (the profile form's fields). */
export type MemberUpdate = Partial<
  Pick<
    Member,
    | 'firstname'
    | 'lastname'
    | 'address1'
    | 'address2'
    | 'city'
    | 'stateorprovince'
    | 'postalcode'
    | 'county'
    | 'birthdate'
    | 'phonenumber'
    | 'istobaccouser'
    | 'gender'
    | 'pcpname'
    | 'pcpid'
    | 'existingpatient'
    | 'currentplanid'
    | 'currentplanyear'
  >
> & {
  /** The full 9-digit SSN; omitted to keep the stored one. */
  additionalid?: string | null;
};

export type Dependent = {
  id: string;
  memberid: string;
  firstname: string;
  lastname: string;
  dateofbirth: string | null;
  age: number | null;
  contributionamt: number | null;
  istobaccouser: boolean;
  isdisabled: boolean | null;
  gender: 'Male' | 'Female' | null;
  isonhealthpolicy: YesNo;
  relationship: 'spouse' | 'child';
  /** Masked in answers, full 9 digits in requests. */
  additionalid: string | null;
  irsdependent: boolean | null;
  pcpname: string | null;
  pcpid: string | null;
  existingpatient: string | null;
  createdon: string;
  createdby: string;
  modifiedon: string;
  modifiedby: string;
};

/** An employer (account) as its members see it: settings included; the employer table's columns (src/db/database.ts EmployerTable). */
export type Employer = {
  accountid: string;
  accountname: string;
  teamid: string;
  mediadata: string | null;
  emailaddress: string | null;
  employeazecustomer: number;
  hsaonly: number;
  edoc_period: number | null;
  /** The company that holds the employees' HSA accounts (staff enter it); null: none entered. */
  hsaadministrator: string | null;
  /** The plan year: only effective dates inside it are offered. */
  planyearstart: string;
  planyearend: string;
  businessyear: number;
};

/** What anyone with the employer link may see: name, logo, help address. */
export type EmployerBranding = Pick<Employer, 'accountid' | 'accountname' | 'mediadata' | 'emailaddress'>;

/** An employer's contact; the contact table's columns but the type's name (src/db/database.ts EmployerContactTable). */
export type EmployerContact = {
  id: string;
  accountid: string;
  contacttype: 1 | 2 | 3 | 4 | 5;
  contacttypename: string;
  displaytoemployee: boolean;
  firstname: string;
  middlename: string | null;
  lastname: string;
  emailaddress: string | null;
  phonenumber: string | null;
};

export type Broker = {
  firstName: string;
  lastName: string;
  emailAddress: string | null;
  phoneNumber: string | null;
};

export type OrderCategory = 'healthinsurance' | 'waive' | 'HSA' | 'additionalservices';

export type Order = {
  id: string;
  memberid: string;
  productid: string;
  productfeeid: string;
  orderid: string;
  options: string | null;
  description: string | null;
  category: OrderCategory;
  status: number;
  amountspent: number;
  productname: string | null;
  vendorname: string | null;
  externalvendorid: string | null;
  policyholdersname: string | null;
  policycarriername: string | null;
  policynumber: string | null;
  policyeffectivedate: string | null;
  policyishsaeligible: number;
  policyisgovsubsidy: number;
  ordernumber: string;
  waivecoverage: number;
  summary_link: string | null;
  tax_status: string | null;
  businessyear: number | null;
  createdon: string;
  createdby: string;
  modifiedon: string;
  modifiedby: string;
  modifiedreason: string | null;
};

export type MemberAccount = {
  id: string;
  memberid: string;
  memberaccounttype: number;
  status: number;
  familystatus: string | null;
  currentbalance: number;
  currenthealthinsurancepremium: number;
  currentemployercontribution: number;
  currentemployeeclass: string | null;
  /** The premium's pre-tax payroll deduction: plan and service above the contribution. */
  currentpayrolldeduction: number;
  /** The HSA deposit: a pre-tax payroll deduction of its own, never paid from the contribution. */
  currenthsadeduction: number;
  waivecoverage: number;
  waivecoveragereason: string | null;
  spousemedicareeligible: number;
  createdon: string;
  modifiedon: string;
};

/**
 * What sign-in and refresh answer. The refresh token is not in it: it travels only in the HttpOnly cookie
 * (docs/decisions/007-refresh-token-in-a-cookie-a-deliberate-deviation.md).
 */
export type TokenResponse = {
  access_token: string;
  id_token: string;
  token_type: 'Bearer';
  expires_in: number;
};

/**
 * The event logged when the cart shows (spec §4 Logged events): a name the event log is searched by, kept as the
 * spec spells it whatever the cart's title reads for an employer.
 */
export const CART_EVENT = 'Plan and Benefits Summary(CART)';

export type LogFactEvent = {
  title: string;
  data: { description: string; User: string };
  accountid?: string;
  memberid?: string;
  action?: string;
  effectivedate?: string | null;
};

/**
 * One of the employer's documents (GET /api/media/getdocs): its name from the file name (without the extension),
 * the file name, and a short-lived signed link that opens the file without the bearer header (a new tab).
 */
/** `name`: in the reader's language (its Spanish name when staff wrote one, else from the file name), `namelang` the language it is in. */
export type MediaDocument = { name: string; namelang: Language; filename: string; url: string };

/** POST /api/Affordability's data: the ICHRA affordability check's numbers and verdict, money in cents. */
export type AffordabilityAnswer = {
  status: 'checked' | 'no-plan-data';
  message: string | null;
  planyear: number;
  ratesyear: number | null;
  estimated: boolean;
  percentyear: number | null;
  householdincome: number;
  householdsize: number;
  silverplan: { planid: string; planname: string; issuername: string } | null;
  selfonlypremium: number | null;
  allowance: number;
  employeecost: number | null;
  requiredpercent: number | null;
  monthlyincome: number | null;
  threshold: number | null;
  povertyguideline: number | null;
  percentofpoverty: number | null;
  affordable: boolean | null;
  verdict: 'may-decline' | 'shop-off-exchange' | null;
  /** The state's name when the catalogue has no plans for it. */
  statewithoutplans: string | null;
};
