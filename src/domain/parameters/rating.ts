/**
 * Dated, cited constants of ACA individual-market premium rating. Each names the rule that sets it.
 */

/**
 * The uniform age bands: one band for ages 0 to 14, one-year bands 15 to 63, one band for 64 and over.
 * 45 CFR 147.102(d)(1) (CMS uniform age bands, since plan year 2018).
 */
export const CHILD_BAND_MAX_AGE = 14;
export const OLDEST_BAND_MIN_AGE = 64;

/**
 * In family coverage priced by summing each person's premium, only the three oldest covered children under 21
 * are charged. 45 CFR 147.102(c)(1).
 */
export const CHARGED_CHILDREN_UNDER_21 = 3;
export const CHILD_RATING_AGE_LIMIT = 21;
