/**
 * The answers of the member's shop that the staff console's preview shows too (GET /api/staff/employers/{accountid}/
 * preview-sample): a health plan quote (POST /api/HealthPlanQuote), a location (GET /api/USZipCounty), an
 * additional service (GET /api/Product) and the HSA limit (GET /api/Hsa/Limit). TypeBox: each schema is what its
 * route serializes with and, as Static<>, its type (docs/decisions/038-route-schemas-are-their-types.md); entities.ts
 * names the types with the other entities. Money is the Dollars of src/contracts/money/member-money.ts: integer cents
 * in these types, dollars on the wire, converted by the server's edge (src/server/http/money-wire.ts) and the API
 * clients' decoders, and nothing else (record 038).
 */
import { Type, type Static, type TSchema } from 'typebox';
import { LANGUAGES } from './language.ts';
import { HealthPlanMoney, HsaLimitMoney, ProductOptionMoney } from './money/member-money.ts';
import { Nullable, OneOf, Uuid } from './wire-schema.ts';

export type YesNo = 'Yes' | 'No';
export type MetalLevel = 'Platinum' | 'Gold' | 'Silver' | 'Bronze' | 'Expanded Bronze' | 'Catastrophic';

/** A string the server writes as one of a few values, published as a plain string (no enum on the wire). */
const StringOf = <T extends string>() => Type.Unsafe<T>({ type: 'string' });
/** The same schema for each of several properties. */
const each = <S extends TSchema, N extends string>(schema: S, ...names: N[]) => Object.fromEntries(names.map((name) => [name, schema])) as Record<N, S>;
const Text = Type.String();
const NullableText = Nullable(Type.String());
/** An amount of the member calls' money (member-money.ts) as TypeBox: its marker kept, cents in the type. */
const Money = (shape: object, description?: string) => Type.Unsafe<number>({ ...shape, ...(description === undefined ? {} : { description }) });
const NullableMoney = (shape: object) => Type.Unsafe<number | null>(shape);

/** A health plan as a quote answers it (spec §3 Health plan); money in cents, rate for the whole family a month. */
export const HealthPlanSchema = Type.Object({
  ...each(Text, 'id', 'planid', 'planname', 'issuername', 'plantype'),
  metallevel: StringOf<MetalLevel>(),
  planeffectivedate: Text,
  ishsaeligible: StringOf<YesNo>(),
  rate: Money(HealthPlanMoney.rate, 'Monthly premium of the whole family, in dollars'),
  annualdeductibleindividual: NullableMoney(HealthPlanMoney.annualdeductibleindividual),
  annualdeductiblefamily: NullableMoney(HealthPlanMoney.annualdeductiblefamily),
  annualoopmaxindividual: NullableMoney(HealthPlanMoney.annualoopmaxindividual),
  annualoopmaxfamily: NullableMoney(HealthPlanMoney.annualoopmaxfamily),
  ...each(
    NullableText,
    'primarycarevisit',
    'genericdrugs',
    'urgentcare',
    'emergencyroomservices',
    'inpatienthospitalservices',
    'urlforbenefitsummarycoverage',
    'providerlink',
  ),
  /** The further benefit texts of spec §3 (imagingctpetscansmris, specialistvisit, ...), null when not known. */
  benefits: Type.Unsafe<Record<string, string | null>>({ type: 'object', additionalProperties: NullableText }),
});
export type HealthPlan = Static<typeof HealthPlanSchema>;

const quoteFields = {
  healthplans: Type.Array(HealthPlanSchema),
  planyear: Type.Integer(),
  ratesyear: Type.Integer({ description: 'The catalogue year quoted (the newest when the plan year has none)' }),
  estimated: Type.Boolean(),
  message: NullableText,
};
/** POST /api/HealthPlanQuote's data. ratesyear is the catalogue year quoted (estimated when it is not planyear). */
export const HealthPlanQuoteSchema = Type.Object(quoteFields);
export type HealthPlanQuote = Static<typeof HealthPlanQuoteSchema>;

/** A county of a ZIP code; the lookup lists the largest share first. */
export const LocationSchema = Type.Object({
  city: Text,
  countyname: Type.String({ description: "As the crosswalk names it: 'Denton County'" }),
  countylabel: Type.Optional(Type.String({ description: "The county as the request's language names it: 'Condado de Denton' (what the county picker shows)" })),
  countycode: Type.String({ description: '5-digit county FIPS code' }),
  statename: Text,
  state: Type.String({ description: '2-letter postal code' }),
  zipcode: Text,
  /** The share (0..1) of the ZIP's addresses that lie in this county. */
  share: Type.Number({ minimum: 0, maximum: 1, description: "The share of the ZIP's addresses in this county" }),
});
export type Location = Static<typeof LocationSchema>;

/** The sample's quote in the staff preview: the plans and where they were quoted. */
export const LocatedQuoteSchema = Type.Object({ ...quoteFields, location: LocationSchema });

const LanguageOf = (description: string) => OneOf('string', LANGUAGES, { description });

/** `option`: the option's name in the reader's language, `optionlang` the language it is in (its English when no Spanish was written). */
export const ProductOptionSchema = Type.Object({
  id: Uuid,
  option: Type.String({ description: "In the request's language where staff wrote it in it, else English" }),
  optionlang: LanguageOf('The language option is in'),
  cost: Money(ProductOptionMoney.cost, 'Dollars per month'),
});
export type ProductOption = Static<typeof ProductOptionSchema>;

/** An additional service as a member reads it; `description` in the reader's language, `descriptionlang` the language it is in. */
export const ProductSchema = Type.Object({
  id: Uuid,
  productname: Text,
  vendorname: Text,
  description: Type.String({ description: "In the request's language where staff wrote it in it, else English" }),
  descriptionlang: LanguageOf('The language description is in'),
  category: Text,
  subcategory: NullableText,
  taxstatus: NullableText,
  options: Type.Array(ProductOptionSchema),
});
export type Product = Static<typeof ProductSchema>;

/** GET /api/Hsa/Limit's data: the annual HSA limit and the most a month for an effective date, in cents (dollars on the wire). */
export const HsaLimitSchema = Type.Object({
  annuallimit: Money(HsaLimitMoney.annuallimit, 'The annual HSA limit in dollars, catch-up included'),
  monthsleft: Type.Integer({ description: 'Months from the effective date through the end of the plan year (within the tax year)' }),
  maxmonthly: Money(HsaLimitMoney.maxmonthly, 'The most a month in dollars: maxmonthly times monthsleft stays within annuallimit'),
  tier: OneOf('string', ['self-only', 'family']),
  /** 0 when the member is under 55. */
  catchup: Money(HsaLimitMoney.catchup, 'The catch-up for age 55 or older included in annuallimit, 0 when none'),
  /** A fallback when the tax year's are not published. */
  figuresyear: Type.Integer({ description: "The year whose IRS figures these are: the tax year's, or the newest published before it" }),
  eligiblemonths: Type.Integer({ description: 'Months of the tax year covered from their first day, from the effective date through December' }),
  /** The last-month rule still allows annuallimit. */
  proratedlimit: Money(HsaLimitMoney.proratedlimit, 'annuallimit prorated to eligiblemonths (1/12 a month); the last-month rule still allows annuallimit'),
});
export type HsaLimit = Static<typeof HsaLimitSchema>;
