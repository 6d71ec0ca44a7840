/**
 * Dated, cited parameters of ACA individual-market premium rating. Each names the rule that sets it.
 */
import { parameter } from './parameter.ts';

const AGE_RATING = {
  title: '45 CFR 147.102, Fair health insurance premiums',
  href: 'https://www.ecfr.gov/current/title-45/section-147.102',
};

/**
 * The uniform age bands: one band for ages 0 to 14, one-year bands 15 to 63, one band for 64 and over.
 * 45 CFR 147.102(d)(1) (CMS uniform age bands, since plan year 2018).
 */
export const CHILD_BAND_MAX_AGE = parameter({ value: 14, from: '2018-01-01', reference: AGE_RATING });
export const OLDEST_BAND_MIN_AGE = parameter({ value: 64, from: '2018-01-01', reference: AGE_RATING });

/**
 * In family coverage priced by summing each person's premium, only the three oldest covered children under 21
 * are charged. 45 CFR 147.102(c)(1), since plan year 2014.
 */
export const CHARGED_CHILDREN_UNDER_21 = parameter({ value: 3, from: '2014-01-01', reference: AGE_RATING });
export const CHILD_RATING_AGE_LIMIT = parameter({ value: 21, from: '2014-01-01', reference: AGE_RATING });
