/**
 * The wire shape of GET /api/staff/employers/{accountid}/preview-sample (docs/staff.md): what the member wizard's
 * screens read from the member API, answered for a made-up employee of the employer, so the console's preview
 * shows the real shop, HSA, additional services and cart screens with the server's own figures.
 */
import type { HealthPlanQuote, Location, Product } from '../entities.ts';
import type { Language } from '../language.ts';
import type { HsaLimit } from '../requests.ts';

/** The made-up employee the sample is figured for (the preview's sample member): where they live, when born. */
export type PreviewSampleQuery = { zip: string; county?: string; birthdate: string; effectivedate: string; language?: Language };

export type PreviewSample = {
  /** A few plans of the reference data at the sample's ZIP, priced for them as the quote prices a member's. */
  quote: HealthPlanQuote & { location: Location };
  /** The sample's HSA limit for the effective date, as GET /api/Hsa/Limit answers a member's. */
  hsalimit: HsaLimit;
  /** The employer's active additional services in the language asked, as GET /api/Product answers them. */
  productlist: Product[];
  /** The employer's monthly contribution for the sample (self-only) on the effective date, in cents. */
  contributioncents: number;
};
