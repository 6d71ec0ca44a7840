/**
 * The Kysely view of the schema in migrations/. Column names are the table's own (wire names for spec fields,
 * snake_case for ours). Conventions, the same on PostgreSQL and PGlite (see create-db.ts):
 * - `date` columns are 'YYYY-MM-DD' strings;
 * - `timestamptz` columns are read as Date and written as Date or an ISO string;
 * - int8 (count(*)) comes back as a number;
 * - jsonb is `unknown`: the reader decides its shape.
 */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { StaffRole } from '#contracts/staff/staff-roles.ts';
import type { Dependent, Employer, EmployerContact, Member, MemberAccount, Order, Product, ProductOption } from '#contracts/entities.ts';

/** A timestamptz: read as a Date, written as a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamptz with a database default. */
export type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A date column: 'YYYY-MM-DD'. */
export type DateString = string;
export type Json = ColumnType<unknown, string, string>;
/** A jsonb column with a database default. */
export type GeneratedJson = ColumnType<unknown, string | undefined, string>;

/**
 * The employer table is the wire's Employer (src/contracts/entities.ts, one declaration of its columns) with the
 * database's defaults and its creation time.
 */
export interface EmployerTable extends Omit<Employer, 'employeazecustomer' | 'hsaonly'> {
  employeazecustomer: Generated<number>;
  hsaonly: Generated<number>;
  createdon: GeneratedTimestamp;
}

/** An employer's contact: the wire's EmployerContact without the type's name (the wire adds it), the type a number. */
export interface EmployerContactTable extends Omit<EmployerContact, 'contacttype' | 'contacttypename' | 'displaytoemployee'> {
  contacttype: number;
  displaytoemployee: Generated<boolean>;
}

export interface BrokerTable {
  id: string;
  teamid: string;
  firstname: string;
  lastname: string;
  emailaddress: string | null;
  phonenumber: string | null;
}

/** One contribution rule (migration 0004): a class, an age band, a family tier, optionally a state and rating area. */
export interface ContributionRuleTable {
  id: string;
  accountid: string;
  contributionclass: Generated<string>;
  age_min: number;
  age_max: number;
  tier: string;
  state: string | null;
  rating_area: number | null;
  amount_cents: number;
  /** Pays nothing on purpose (amount 0; migration 0031). */
  no_contribution: Generated<boolean>;
}

/**
 * A version of an employer's contribution rules (migration 0031), as document_override keeps a document's: draft,
 * published (at most one, the rules in force copied into contribution_rule) or retired.
 */
export interface ContributionRuleVersionTable {
  id: string;
  accountid: string;
  version: number;
  status: 'draft' | 'published' | 'retired';
  /** The domain's ContributionRule list (cents); written as JSON text, read as the parsed value. */
  rules: Json;
  created_by: string | null;
  published_by: string | null;
  publishedon: Timestamp | null;
  /** The version a rollback copied (0: no rules); null otherwise. */
  copied_from: number | null;
  createdon: GeneratedTimestamp;
  updatedon: GeneratedTimestamp;
}

/**
 * The member table is the wire's Member (src/contracts/entities.ts, one declaration of the spec's columns) with the
 * database's defaults and types, the SSN sealed in place of its mask (additionalid), the password hash and our own
 * columns.
 */
export interface MemberTable
  extends Omit<
    Member,
    | 'additionalid'
    | 'origination'
    | 'relationship'
    | 'istobaccouser'
    | 'gender'
    | 'existingpatient'
    | 'status'
    | 'contributionclass'
    | 'ispasswordchanged'
    | 'language'
    | 'createdon'
    | 'modifiedon'
  > {
  origination: Generated<number>;
  relationship: Generated<number>;
  istobaccouser: string | null;
  gender: string | null;
  ssn_ciphertext: string | null;
  ssn_last4: string | null;
  existingpatient: Generated<string | null>;
  status: Generated<string>;
  contributionclass: Generated<string>;
  ispasswordchanged: Timestamp | null;
  password_hash: string | null;
  /** The answers to the employer's own profile fields, by field name (migration 0016). */
  employerfields: GeneratedJson;
  /** The employer's own id for the employee, from the census (migration 0021); unique within the employer. */
  census_externalid: string | null;
  /** The language the member chose to read the product in, 'en' or 'es' (migration 0026); null: never chosen. */
  language: Generated<Member['language']>;
  createdon: GeneratedTimestamp;
  modifiedon: GeneratedTimestamp;
}

export interface SetPasswordTokenTable {
  id: string;
  memberid: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  createdon: GeneratedTimestamp;
  /** 'invite' (registration) or 'reset' (forgot password). */
  purpose: Generated<'invite' | 'reset'>;
}

export interface SessionTable {
  id: string;
  memberid: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** The absolute end (12 hours after sign-in). */
  expires_at: Timestamp;
  ended_at: Timestamp | null;
  end_reason: 'sign-out' | 'password-reset' | 'refresh-reuse' | null;
}

export interface SigninFailureTable {
  email_hash: string;
  failures: Generated<number>;
  locked_until: Timestamp | null;
  updated_at: GeneratedTimestamp;
}

export type SecurityEventKind =
  | 'sign-in'
  | 'sign-in-failed'
  | 'lockout'
  | 'password-set'
  | 'password-reset'
  | 'reset-requested'
  | 'refresh-reuse'
  | 'refresh-retry'
  | 'sign-out'
  | 'staff-totp-enabled'
  | 'staff-totp-disabled'
  | 'staff-totp-failed'
  | 'staff-totp-reset'
  | 'staff-recovery-code-used';

export interface SecurityEventTable {
  id: string;
  occurred_at: GeneratedTimestamp;
  kind: SecurityEventKind;
  memberid: string | null;
  /** The staff user of a staff event (migration 0023); null for members' events. */
  staff_user_id: ColumnType<string | null, string | null | undefined, string | null>;
  client_address: string;
  /** The issuer of the employer's identity provider of a sign-in through it (migration 0024). */
  identity_provider: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why a sign-in through an identity provider was refused (a code, never a token or an e-mail). */
  reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An employer's OpenID Provider for its employees' sign-in (migration 0024); the client secret only sealed. */
export interface EmployerIdentityProviderTable {
  accountid: string;
  display_name: string;
  issuer: string;
  client_id: string;
  client_secret_sealed: string;
  email_claim: string;
  allowed_domains: string[];
  registration: 'census' | 'open';
  createdon: GeneratedTimestamp;
  modifiedon: GeneratedTimestamp;
}

/**
 * A sign-in on its way to the provider (migration 0024): the state only as its SHA-256, the PKCE verifier sealed.
 * An employee's names the employer; a staff user's to the console names none (migration 0025).
 */
export interface OidcLoginStateTable {
  state_hash: string;
  accountid: string | null;
  nonce: string;
  code_verifier_sealed: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** A session signed in through an employer's provider, for that provider's sign-out (migrations 0024, 0028). */
export interface OidcSessionTable {
  session_id: string;
  accountid: string;
}

/** A staff session signed in through the staff provider, for its sign-out (migrations 0025, 0028). */
export interface StaffOidcSessionTable {
  staff_session_id: string;
}

export interface RefreshTokenTable {
  id: string;
  memberid: string;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** The token that replaced it when it was used (rotated); null while live or when revoked with its family. */
  replaced_by: string | null;
  createdon: GeneratedTimestamp;
}

/**
 * The dependent table is the wire's Dependent without what the wire works out (age) or shows masked (additionalid),
 * the contribution in cents, the SSN sealed, the database's defaults and types.
 */
export interface DependentTable
  extends Omit<Dependent, 'age' | 'contributionamt' | 'additionalid' | 'istobaccouser' | 'gender' | 'isonhealthpolicy' | 'createdon' | 'modifiedon'> {
  contributionamt_cents: number | null;
  istobaccouser: Generated<boolean>;
  gender: string | null;
  isonhealthpolicy: Generated<string>;
  ssn_ciphertext: string | null;
  ssn_last4: string | null;
  /** The answers to the employer's own dependent fields, by field name (migration 0016). */
  employerfields: GeneratedJson;
  createdon: GeneratedTimestamp;
  modifiedon: GeneratedTimestamp;
}

/** The member account is the wire's MemberAccount with its money in cents, the database's defaults and its enrollment. */
export interface MemberAccountTable
  extends Omit<
    MemberAccount,
    | 'memberaccounttype'
    | 'status'
    | 'currentbalance'
    | 'currenthealthinsurancepremium'
    | 'currentemployercontribution'
    | 'currentpayrolldeduction'
    | 'currenthsadeduction'
    | 'waivecoverage'
    | 'spousemedicareeligible'
    | 'createdon'
    | 'modifiedon'
  > {
  memberaccounttype: Generated<number>;
  status: Generated<number>;
  currentbalance_cents: Generated<number>;
  currenthealthinsurancepremium_cents: Generated<number>;
  currentemployercontribution_cents: Generated<number>;
  /** The premium's pre-tax payroll deduction: plan + service above the contribution, when positive. */
  currentpayrolldeduction_cents: Generated<number>;
  /** The HSA deposit, its own pre-tax payroll deduction, never paid from the contribution (migration 0027). */
  currenthsadeduction_cents: Generated<number>;
  waivecoverage: Generated<number>;
  spousemedicareeligible: Generated<number>;
  /** The enrollment (authorization) that wrote it. */
  enrollmentid: string | null;
  createdon: GeneratedTimestamp;
  modifiedon: GeneratedTimestamp;
}

/**
 * An additional service: the wire's Product's own columns, with both languages' descriptions (the wire answers the
 * reader's), the employer that offers it and whether it is offered.
 */
export interface ProductTable extends Pick<Product, 'id' | 'productname' | 'vendorname' | 'category' | 'subcategory' | 'taxstatus'> {
  /** The employer that offers it (migration 0012); null: offered to every employer. */
  accountid: string | null;
  description: Generated<string>;
  /** The description in Spanish (migration 0029); null: none, Spanish screens show the English. */
  description_es: Generated<string | null>;
  active: Generated<boolean>;
}

/** An option of a service: the wire's ProductOption's id and name, with the Spanish name, the price in cents and its place. */
export interface ProductOptionTable extends Pick<ProductOption, 'id' | 'option'> {
  productid: string;
  /** The option's name in Spanish (migration 0029); null: none. */
  option_es: Generated<string | null>;
  cost_cents: number;
  sort: Generated<number>;
}

/** An order is the wire's Order with its amount in cents, the database's defaults, its plan year and enrollment. */
export interface MemberOrderTable
  extends Omit<
    Order,
    'status' | 'amountspent' | 'policyishsaeligible' | 'policyisgovsubsidy' | 'ordernumber' | 'waivecoverage' | 'createdon' | 'modifiedon'
  > {
  status: Generated<number>;
  amountspent_cents: Generated<number>;
  policyishsaeligible: Generated<number>;
  policyisgovsubsidy: Generated<number>;
  ordernumber: Generated<string>;
  waivecoverage: Generated<number>;
  createdon: GeneratedTimestamp;
  modifiedon: GeneratedTimestamp;
  /** The employer's plan year the order is for. */
  planyear: number | null;
  /** The enrollment the order belongs to (an authorization or a main order); null only on orders older than migration 0005. */
  enrollmentid: string | null;
  /** When a later enrollment replaced it (kept as history); null while current. */
  supersededon: Timestamp | null;
}

export interface IdempotencyKeyTable {
  memberid: string;
  key: string;
  /** sha256 of the request body, so a key reused with another body is refused. */
  request_hash: string;
  /** The first answer's data, replayed for the same key. Written as JSON text, read parsed. */
  answer: Json;
  createdon: GeneratedTimestamp;
}

/** One enrollment (migration 0015): what it was made under. Its orders and member account carry its id. */
export interface EnrollmentTable {
  id: string;
  memberid: string;
  accountid: string;
  planyear: number;
  healthoption: 'buy' | 'waive';
  /** When the member gave the ICHRA acknowledgment (a purchase); null for a waiver. */
  ichraacknowledgedat: Timestamp | null;
  /** The names of the ICHRA documents listed to the member then (a purchase); written as JSON text. */
  ichradocuments: Json | null;
  /** { documentid: version } of the employer's documents in force, 0 the base one; written as JSON text. */
  documentversions: Json;
  createdon: GeneratedTimestamp;
}

export interface LogFactTable {
  id: string;
  title: string;
  accountid: string | null;
  memberid: string | null;
  action: string | null;
  effectivedate: DateString | null;
  /** Written as JSON text (JSON.stringify), read as the parsed value. */
  data: Json;
  createdon: GeneratedTimestamp;
}

export interface DocumentOverrideTable {
  id: string;
  accountid: string;
  documentid: string;
  version: number;
  status: 'draft' | 'published' | 'retired';
  /** Written as JSON text (JSON.stringify), read as the parsed value. */
  patch: Json;
  createdon: GeneratedTimestamp;
  publishedon: Timestamp | null;
  /** The staff user who made the version (last saved the draft); null for versions older than staff users. */
  created_by: string | null;
  published_by: string | null;
  /** The version a rollback copied (0: the base document); null otherwise. */
  copied_from: number | null;
  /** When the version was last saved (a draft saved over keeps its row); part of its tag. */
  updatedon: GeneratedTimestamp;
  /** The second staff member who approved the version's guarded texts (migration 0032); null: none did. */
  approved_by: string | null;
  approvedon: Timestamp | null;
  /** The tag of the version as it was approved: the approval counts while the version still has it. */
  approved_tag: string | null;
}

export interface MailOutboxTable {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  createdon: GeneratedTimestamp;
  senton: Timestamp | null;
  attempts: Generated<number>;
  last_error: string | null;
}

/** Which version (hash of the shipped file) of each reference data set is imported. */
export interface ReferenceDataTable {
  name: string;
  version: string;
  rowcount: number;
  importedon: GeneratedTimestamp;
}

/** One ZIP in one county; share (numeric, read as a string '0.8978') is the part of the ZIP's addresses there. */
export interface ZipCountyTable {
  zip: string;
  county_fips: string;
  county_name: string;
  state: string;
  city: string;
  share: ColumnType<string, string | number, string | number>;
  is_primary: boolean;
}

/** A county's ACA geographic rating area (a number within its state). */
export interface CountyRatingAreaTable {
  state: string;
  county_fips: string;
  county_name: string;
  rating_area: number;
}

/** A plan of the individual-market catalogue, by plan year (migration 0003). Money in cents. */
export interface PlanTable {
  plan_year: number;
  plan_id: string;
  state: string;
  issuer_id: string;
  issuer_name: string;
  plan_name: string;
  plan_type: string;
  /** The catalogue's level: platinum, gold, silver, bronze, expanded_bronze, catastrophic. */
  metal_level: string;
  hsa_eligible: boolean;
  on_exchange: boolean;
  off_exchange: boolean;
  service_area_id: string;
  deductible_individual_cents: number | null;
  deductible_family_cents: number | null;
  oop_max_individual_cents: number | null;
  oop_max_family_cents: number | null;
  primary_care: string | null;
  generic_drugs: string | null;
  urgent_care: string | null;
  emergency_room: string | null;
  inpatient_hospital: string | null;
  benefit_summary_url: string | null;
  provider_url: string | null;
  /** Written as JSON text: the further benefit texts keyed by the spec's field names. */
  benefits: Json;
}

/** A plan's monthly rates in one rating area for one age band (0 = 0-14, 15..63, 64 = 64 and over). */
export interface PlanRateTable {
  plan_year: number;
  plan_id: string;
  rating_area: number;
  age_band: number;
  rate_cents: number;
  tobacco_rate_cents: number;
}

/** The (zip, county) pairs a service area covers. */
export interface PlanServiceAreaZipTable {
  plan_year: number;
  state: string;
  service_area_id: string;
  county_fips: string;
  zip: string;
}

/** The counties a plan is sold in. */
export interface PlanCountyTable {
  plan_year: number;
  plan_id: string;
  county_fips: string;
}

/** The catalogue's own ZIP -> county -> rating area (number within the state). */
export interface PlanZipCountyTable {
  plan_year: number;
  state: string;
  zip: string;
  county_fips: string;
  /** 'Marion County' */
  county_name: string;
  rating_area: number;
}

/** Attempts per limited route and client (a SHA-256 of both) in the window ending at resets_at. */
export interface RateLimitTable {
  key: string;
  hits: number;
  resets_at: Timestamp;
}

/** The staff roles are the wire's (src/contracts/staff/staff-roles.ts). */
export type { StaffRole } from '#contracts/staff/staff-roles.ts';

/** A person of the implementation staff (migration 0010); email lower-cased, password argon2id. */
export interface StaffUserTable {
  id: string;
  email: string;
  password_hash: string;
  role: StaffRole;
  disabled: Generated<boolean>;
  createdon: GeneratedTimestamp;
  /** The TOTP secret, sealed (crypto.ts sealTotpSecret); null without a second factor (migration 0023). */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The last time step a code was accepted for: codes of it or before are refused (no replay). */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  /** The secret of an enrollment not yet confirmed, sealed. */
  totp_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** SHA-256 of each unused recovery code. */
  totp_recovery_hashes: ColumnType<string[], string[] | undefined, string[]>;
  /** Every employer, those created later too (migration 0030); false: only those of staff_user_employer. Admins see all whatever it says. */
  all_employers: Generated<boolean>;
}

/** A sign-in whose password was right, waiting for its second factor (migration 0023); the token only as its SHA-256. */
export interface StaffSigninPendingTable {
  id: string;
  staff_user_id: string;
  token_hash: string;
  purpose: 'code' | 'enroll';
  failures: Generated<number>;
  expireson: Timestamp;
}

/** An employer a staff user without every employer may see and change (migration 0030). */
export interface StaffUserEmployerTable {
  staff_user_id: string;
  accountid: string;
}

/** The console's one row of settings (migration 0023). */
export interface StaffConsoleSettingTable {
  id: Generated<boolean>;
  second_factor_required: Generated<boolean>;
}

/** One staff sign-in: the cookie's token only as its SHA-256. */
export interface StaffSessionTable {
  id: string;
  staff_user_id: string;
  token_hash: string;
  createdon: Timestamp;
  lastusedon: Timestamp;
  endedon: Timestamp | null;
}

/** One change a staff user made: the entity's state before and after (JSON text written, parsed value read). */
export interface StaffAuditTable {
  id: string;
  /** Null for a failed sign-in with an address no staff user has (migration 0022). */
  staff_user_id: string | null;
  action: string;
  entity: string;
  entity_id: string;
  before: ColumnType<unknown, string | null, string | null>;
  after: ColumnType<unknown, string | null, string | null>;
  createdon: GeneratedTimestamp;
}

/** A stored file (migration 0018): the ICHRA documents, container 'ichra-documents', one folder per employer. */
export interface StoredFileTable {
  container: string;
  folder: string;
  filename: string;
  bytes: Uint8Array;
  size: number;
  /** The name a person reads in Spanish (an ICHRA document's, migration 0029); null: none, the file name's. */
  name_es: Generated<string | null>;
  updated_at: Generated<Date>;
}

export interface Database {
  employer: EmployerTable;
  employer_contact: EmployerContactTable;
  broker: BrokerTable;
  contribution_rule: ContributionRuleTable;
  contribution_rule_version: ContributionRuleVersionTable;
  member: MemberTable;
  set_password_token: SetPasswordTokenTable;
  refresh_token: RefreshTokenTable;
  session: SessionTable;
  signin_failure: SigninFailureTable;
  security_event: SecurityEventTable;
  dependent: DependentTable;
  member_account: MemberAccountTable;
  product: ProductTable;
  product_option: ProductOptionTable;
  member_order: MemberOrderTable;
  idempotency_key: IdempotencyKeyTable;
  enrollment: EnrollmentTable;
  log_fact: LogFactTable;
  document_override: DocumentOverrideTable;
  mail_outbox: MailOutboxTable;
  reference_data: ReferenceDataTable;
  zip_county: ZipCountyTable;
  county_rating_area: CountyRatingAreaTable;
  plan: PlanTable;
  plan_rate: PlanRateTable;
  plan_service_area_zip: PlanServiceAreaZipTable;
  plan_county: PlanCountyTable;
  plan_zip_county: PlanZipCountyTable;
  rate_limit: RateLimitTable;
  staff_user: StaffUserTable;
  staff_user_employer: StaffUserEmployerTable;
  staff_session: StaffSessionTable;
  staff_signin_pending: StaffSigninPendingTable;
  employer_identity_provider: EmployerIdentityProviderTable;
  oidc_login_state: OidcLoginStateTable;
  oidc_session: OidcSessionTable;
  staff_oidc_session: StaffOidcSessionTable;
  staff_console_setting: StaffConsoleSettingTable;
  staff_audit: StaffAuditTable;
  stored_file: StoredFileTable;
}

/** What repositories take first: the database or a transaction on it (a Transaction is a Kysely). */
export type DbOrTx = Kysely<Database>;
