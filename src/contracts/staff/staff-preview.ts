/**
 * The wire shape of GET /api/staff/employers/{accountid}/preview-sample (docs/staff.md): what the member wizard's
 * screens read from the member API, answered for a made-up employee of the employer, so the console's preview
 * shows the real shop, HSA, additional services and cart screens with the server's own figures. TypeBox, built of
 * the member answers' own schemas (enrollment-answers.ts; docs/decisions/038-route-schemas-are-their-types.md), so
 * their Dollars are the route's edge's and the console's decoder's (src/staff/api/staff-money.ts) as well.
 */
import { Type, type Static } from 'typebox';
import { HsaLimitSchema, LocatedQuoteSchema, ProductSchema } from '../enrollment-answers.ts';
import { LANGUAGES } from '../language.ts';
import { Dollars, IsoDate, OneOf } from '../wire-schema.ts';

/** The made-up employee the sample is figured for (the preview's sample member): where they live, when born. */
export const PreviewSampleQuerySchema = Type.Object(
  {
    zip: Type.String({ pattern: '^\\d{5}$' }),
    county: Type.Optional(Type.String({ maxLength: 100 })),
    birthdate: IsoDate,
    effectivedate: IsoDate,
    language: Type.Optional(OneOf('string', LANGUAGES)),
  },
  { additionalProperties: false },
);
export type PreviewSampleQuery = Static<typeof PreviewSampleQuerySchema>;

export const PreviewSampleSchema = Type.Object({
  /** A few plans of the reference data at the sample's ZIP, priced for them as the quote prices a member's. */
  quote: LocatedQuoteSchema,
  /** The sample's HSA limit for the effective date, as GET /api/Hsa/Limit answers a member's. */
  hsalimit: HsaLimitSchema,
  /** The employer's active additional services in the language asked, as GET /api/Product answers them. */
  productlist: Type.Array(ProductSchema),
  /** The employer's monthly contribution for the sample (self-only) on the effective date (dollars on the wire, cents inside). */
  contribution: Dollars('amount', "The employer's monthly contribution for the sample, in dollars"),
});
export type PreviewSample = Static<typeof PreviewSampleSchema>;
