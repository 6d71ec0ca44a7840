/**
 * Dated, cited parameters of HSA eligibility. Each names the rule that sets it.
 */

/**
 * From plan year 2026 every bronze and catastrophic plan of the individual market, on or off the exchange, is
 * treated as a high deductible health plan, so its enrollees may contribute to an HSA whatever the plan's own
 * deductible: 26 U.S.C. 223(c)(2)(J), added by Public Law 119-21 (the 2025 reconciliation act, section 71307), for
 * months beginning after December 31, 2025; IRS Notice 2026-5 (December 2025). Expanded bronze plans are bronze
 * plans (45 CFR 156.140(c)).
 */
export const BRONZE_CATASTROPHIC_HSA_FROM_YEAR = 2026;

/** The catalogue's metal levels (lower case, as the plan files spell them) that rule covers. */
export const BRONZE_CATASTROPHIC_LEVELS: readonly string[] = ['bronze', 'expanded_bronze', 'catastrophic'];

/** The months of a tax year: each month of HSA eligibility allows 1/12 of the annual limit (26 U.S.C. 223(b)(2)). */
export const MONTHS_IN_TAX_YEAR = 12;
