/**
 * The wire shapes of the staff console's employer set-up (/api/staff/employers...: the account, logo, contacts,
 * files, products, contribution rules and their preview; the routes in docs/staff-employers.md). Money in dollars with two decimals on the wire, dates 'YYYY-MM-DD'. Imports only
 * TypeBox and the wire-schema blocks.
 */
import { Type, type Static } from 'typebox';
import { Dollars, IsoDate, Nullable, OneOf, Uuid } from '../wire-schema.ts';

/** An employee's standing, in the order it is reached (src/domain/employer/employee-status.ts says how). */
export const EMPLOYEE_STATUS_NAMES = ['invited', 'registered', 'enrolled', 'waived'] as const;
export type EmployeeStatusName = (typeof EMPLOYEE_STATUS_NAMES)[number];

/*
 * The employer set-up's shapes are TypeBox schemas: each is the JSON Schema its route validates and serializes
 * with and, as Static<>, its type (docs/decisions/038-route-schemas-are-their-types.md). Money is Dollars: dollars
 * on the wire, cents in the server.
 */

export const EmployeeCountsSchema = Type.Object(
  { invited: Type.Integer(), registered: Type.Integer(), enrolled: Type.Integer(), waived: Type.Integer(), total: Type.Integer() },
);
export type EmployeeCounts = Static<typeof EmployeeCountsSchema>;

/** A row of GET /api/staff/employers. */
export const StaffEmployerSummarySchema = Type.Object(
  { accountid: Uuid, name: Type.String(), email: Nullable(Type.String()), planyear: Type.Integer(), employees: EmployeeCountsSchema },
);
export type StaffEmployerSummary = Static<typeof StaffEmployerSummarySchema>;

/** A name staff type: not blank. */
const Name = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
const Email = Type.String({ maxLength: 254, format: 'email' });
const Phone = Type.String({ maxLength: 40 });

export const StaffBrokerSchema = Type.Object(
  { firstname: Name(100), lastname: Name(100), emailaddress: Nullable(Email), phonenumber: Nullable(Phone) },
  { additionalProperties: false },
);
export type StaffBroker = Static<typeof StaffBrokerSchema>;

/** What POST /api/staff/employers and PUT /api/staff/employers/{accountid} take. */
export const StaffEmployerInputSchema = Type.Object(
  {
    name: Name(200),
    email: Nullable(Email),
    /** The plan year: the calendar year its first month falls in. */
    planyear: Type.Integer({ minimum: 2000, maximum: 2100 }),
    /** The plan year's first day (the 1st of a month, in planyear); January 1 when absent. It lasts 12 months. */
    planyearstart: Type.Optional(Type.String({ format: 'date', description: 'The 1st of a month in planyear; January 1 when absent' })),
    /** 0: the profile step's Next is disabled; 1: additional services offered; 2: not offered (spec §3). */
    employeazecustomer: OneOf('integer', [0, 1, 2]),
    hsaonly: OneOf('integer', [0, 1]),
    /** Days before the 1st of a month after which that month is no longer offered; null: no cut-off. */
    edoc_period: Nullable(Type.Integer({ minimum: 0, maximum: 365 })),
    /** The company that holds the employees' HSA accounts, an HSA order's vendor; null: none (the order names none). */
    hsaadministrator: Type.Optional(
      Type.Unsafe<string | null>({
        ...Nullable(Name(200)),
        description: "The company that holds the employees' HSA accounts (an HSA order's vendorname); null: none. None when absent on create, unchanged when absent on update",
      }),
    ),
    /** The team (brokerage) id; a new team when absent on create, unchanged when absent on update. */
    teamid: Type.Optional(Uuid),
    broker: Nullable(StaffBrokerSchema),
  },
  { additionalProperties: false },
);
export type StaffEmployerInput = Static<typeof StaffEmployerInputSchema>;

/** GET /api/staff/employers/{accountid}. */
export const StaffEmployerSchema = Type.Object(
  {
    accountid: Uuid,
    name: Type.String(),
    email: Nullable(Type.String()),
    planyear: Type.Integer(),
    planyearstart: IsoDate,
    planyearend: IsoDate,
    employeazecustomer: OneOf('integer', [0, 1, 2]),
    hsaonly: OneOf('integer', [0, 1]),
    edoc_period: Nullable(Type.Integer()),
    hsaadministrator: Nullable(Type.String()),
    teamid: Uuid,
    broker: Nullable(Type.Object(StaffBrokerSchema.properties)),
    /** The logo, base64 JPEG (the spec's mediadata), or null. */
    mediadata: Nullable(Type.String({ description: 'The logo, base64 JPEG' })),
    /** The logo's version (what PUT .../logo names in If-Match), null when there is none. */
    logotag: Nullable(Type.String({ description: "The logo's version: what PUT .../logo names in If-Match (null: no logo, If-None-Match: *)" })),
    /** The link an employee registers through (PUBLIC_URL/register?employer_id=...). */
    registrationlink: Type.String(),
  },
);
export type StaffEmployer = Static<typeof StaffEmployerSchema>;

const contactFields = {
  contacttype: OneOf('integer', [1, 2, 3, 4, 5], { description: '1 Insurance Broker, 2 Premium Payments/Banking, 3 HR, 4 Billing/Accounting, 5 Support' }),
  displaytoemployee: Type.Boolean(),
  firstname: Name(100),
  middlename: Nullable(Type.String({ maxLength: 100 })),
  lastname: Name(100),
  emailaddress: Nullable(Email),
  phonenumber: Nullable(Phone),
};
/** A contact as PUT .../contacts takes it (id: the one it keeps; absent: a new contact). */
export const StaffContactSchema = Type.Object({ id: Type.Optional(Uuid), ...contactFields }, { additionalProperties: false });
export type StaffContact = Static<typeof StaffContactSchema>;
/** A contact as GET and PUT .../contacts answer it. */
export const StaffContactAnswerSchema = Type.Object({ ...contactFields, id: Uuid });

/** An ICHRA document in the employer's storage; `name_es`: its name for employees reading Spanish (null: none). */
export const StaffDocumentSchema = Type.Object({
  filename: Type.String(),
  size: Type.Integer(),
  name_es: Nullable(Type.String({ description: 'The name employees reading Spanish get; null: the file name without .pdf, marked as English' })),
});
export type StaffDocument = Static<typeof StaffDocumentSchema>;

/** `option_es`: the option's name in Spanish (null or absent: none; employees reading Spanish get the English). */
export const StaffProductOptionSchema = Type.Object(
  {
    id: Type.Optional(Uuid),
    option: Name(100),
    option_es: Type.Optional(Type.Unsafe<string | null>({ ...Nullable(Type.String({ maxLength: 100 })), description: "The option's name in Spanish; null, blank or absent: none" })),
    cost: Dollars('price', 'Dollars a month, at most two decimals, not negative'),
  },
  { additionalProperties: false },
);
export type StaffProductOption = Static<typeof StaffProductOptionSchema>;

const productFields = {
  productname: Name(200),
  vendorname: Name(200),
  description: Type.String({ maxLength: 2000 }),
  /** The description in Spanish (null or absent: none; employees reading Spanish get the English). */
  description_es: Type.Optional(
    Type.Unsafe<string | null>({
      ...Nullable(Type.String({ maxLength: 2000 })),
      description: 'The description in Spanish; null, blank or absent: none (employees reading Spanish get the English)',
    }),
  ),
  subcategory: Nullable(Type.String({ maxLength: 100 })),
  taxstatus: Type.Unsafe<'Pre-Tax' | 'Post-Tax' | null>({ type: 'string', enum: ['Pre-Tax', 'Post-Tax', null], nullable: true }),
  active: Type.Boolean(),
};
export const StaffProductSchema = Type.Object(
  { id: Type.Optional(Uuid), ...productFields, options: Type.Array(StaffProductOptionSchema, { minItems: 1, maxItems: 20 }) },
  { additionalProperties: false },
);
export type StaffProduct = Static<typeof StaffProductSchema>;
/** A product as GET and PUT .../products answer it. */
export const StaffProductAnswerSchema = Type.Object(
  {
    ...productFields,
    id: Uuid,
    options: Type.Array(
      Type.Object({ id: Uuid, option: Type.String(), option_es: Nullable(Type.String()), cost: Dollars('price', 'Dollars a month') }),
    ),
  },
);

const ruleFields = {
  ageMin: Type.Integer({ minimum: 0, maximum: 150 }),
  ageMax: Type.Integer({ minimum: 0, maximum: 150 }),
  tier: OneOf('string', ['employee', 'employee-spouse', 'employee-children', 'family']),
  ratingArea: Nullable(Type.Integer({ minimum: 1, maximum: 100 })),
  /** Dollars a month on the wire (cents in the server). */
  amount: Dollars('amount', 'Dollars a month, at most two decimals, not negative'),
};
export const StaffContributionRuleSchema = Type.Object(
  {
    contributionclass: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9][A-Za-z0-9 _.-]*$' }),
    ageMin: ruleFields.ageMin,
    ageMax: ruleFields.ageMax,
    tier: ruleFields.tier,
    state: Nullable(Type.String({ pattern: '^[A-Z]{2}$' })),
    ratingArea: ruleFields.ratingArea,
    amount: ruleFields.amount,
    noContribution: Type.Optional(Type.Boolean({ description: 'Pays nothing on purpose (amount 0): its employees get $0.00 and the publish is not refused for them. Absent: false.' })),
  },
  { additionalProperties: false },
);
export type StaffContributionRule = Static<typeof StaffContributionRuleSchema>;
export const StaffContributionRulesSchema = Type.Array(StaffContributionRuleSchema, { maxItems: 2000 });
/** A rule as GET and PUT .../contribution-rules answer it. */
export const StaffContributionRuleAnswerSchema = Type.Object(
  { contributionclass: Type.String(), ...ruleFields, state: Nullable(Type.String()), noContribution: Type.Boolean() },
);

/** A version of the rules as GET .../contribution-rules/versions lists it, newest first. */
export const ContributionRuleVersionSchema = Type.Object({
  version: Type.Integer(),
  status: OneOf('string', ['draft', 'published', 'retired']),
  createdon: Type.String(),
  publishedon: Nullable(Type.String()),
  staffEmail: Nullable(Type.String()),
  publishedByEmail: Nullable(Type.String()),
  copiedFrom: Nullable(Type.Integer({ description: 'The version a rollback copied; null otherwise.' })),
});
export type ContributionRuleVersion = Static<typeof ContributionRuleVersionSchema>;

/** One census employee's contribution under the rules in force and under the draft. */
export const ContributionChangeSchema = Type.Object({
  memberid: Uuid,
  name: Type.String(),
  contributionclass: Type.String(),
  state: Nullable(Type.String()),
  effectiveDate: Type.String({ format: 'date', description: "The effective date both amounts are computed on (their age on it): the one they chose if they enrolled for the plan year, else the first offered today, else the plan year's first day." }),
  before: Dollars('amount', 'Dollars a month under the rules in force'),
  after: Dollars('amount', 'Dollars a month under the draft'),
  noBirthdate: Type.Boolean({ description: 'No date of birth stored yet: nothing is computed for them.' }),
  intendedZero: Type.Boolean({ description: '$0.00 because the rule that pays them says no contribution.' }),
  zero: Type.Boolean({ description: '$0.00 with no rule saying so: the publish is refused.' }),
  cut: Type.Boolean({ description: 'Loses more than 10% of the contribution.' }),
});
export type ContributionChange = Static<typeof ContributionChangeSchema>;

/** What publishing the draft would change (GET .../contribution-rules/draft/preview). */
export const ContributionRulesPreviewSchema = Type.Object({
  draftVersion: Nullable(Type.Integer({ description: 'null: no draft is saved (the rules in force are compared with themselves)' })),
  draftEtag: Type.String({ description: "The previewed draft's tag: what publishing exactly this names in If-Match." }),
  publishedVersion: Nullable(Type.Integer()),
  employees: Type.Array(ContributionChangeSchema),
  refusals: Type.Array(Type.String(), { description: 'Why the draft may not be published (empty: it may), employees and classes named.' }),
});
export type ContributionRulesPreview = Static<typeof ContributionRulesPreviewSchema>;

/** A line diff of two versions' rules (0: no rules), one rule a line. */
export const ContributionRulesDiffSchema = Type.Object({
  from: Type.Integer(),
  to: Type.Integer(),
  lines: Type.Array(Type.Object({ op: OneOf('string', [' ', '+', '-']), text: Type.String() })),
});
export type ContributionRulesDiff = Static<typeof ContributionRulesDiffSchema>;

export const ContributionPreviewRequestSchema = Type.Object(
  {
    class: Type.Optional(Type.String({ maxLength: 50 })),
    age: Type.Integer({ minimum: 0, maximum: 120 }),
    zip: Type.String({ pattern: '^\\d{5}$' }),
    spouse: Type.Boolean(),
    children: Type.Integer({ minimum: 0, maximum: 20 }),
    rules: Type.Optional(StaffContributionRulesSchema),
  },
  { additionalProperties: false },
);
export type ContributionPreviewRequest = Static<typeof ContributionPreviewRequestSchema>;
export const ContributionPreviewSchema = Type.Object(
  {
    amount: Dollars('amount', 'Dollars a month'),
    text: Type.String(),
    state: Nullable(Type.String()),
    ratingArea: Nullable(Type.Integer()),
    tier: OneOf('string', ['employee', 'employee-spouse', 'employee-children', 'family']),
  },
);
export type ContributionPreview = Static<typeof ContributionPreviewSchema>;
