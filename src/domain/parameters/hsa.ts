/**
 * Dated, cited parameters of HSA eligibility. Each names the rule that sets it. The yearly HSA and HDHP limits are
 * data: data/reference/constants.json, with each year's IRS Revenue Procedure.
 */
import { parameter } from './parameter.ts';

/**
 * From plan year 2026 every bronze and catastrophic plan of the individual market, on or off the exchange, is
 * treated as a high deductible health plan, so its enrollees may contribute to an HSA whatever the plan's own
 * deductible, for months beginning after December 31, 2025. Expanded bronze plans are bronze plans
 * (45 CFR 156.140(c)). The value is the catalogue's metal levels (lower case, as the plan files spell them).
 */
export const BRONZE_CATASTROPHIC_HSA_LEVELS = parameter<readonly string[]>({
  value: ['bronze', 'expanded_bronze', 'catastrophic'],
  from: '2026-01-01',
  reference: [
    { title: '26 U.S.C. 223(c)(2)(J), added by Public Law 119-21, section 71307', href: 'https://www.congress.gov/bill/119th-congress/house-bill/1' },
    { title: 'IRS Notice 2026-5, Expanded availability of Health Savings Accounts', href: 'https://www.irs.gov/pub/irs-drop/n-26-05.pdf' },
    { title: '45 CFR 156.140(c), Bronze plans', href: 'https://www.ecfr.gov/current/title-45/section-156.140' },
  ],
});

/** The months of a tax year: each month of HSA eligibility allows 1/12 of the annual limit. */
export const MONTHS_IN_TAX_YEAR = parameter({
  value: 12,
  from: '2004-01-01',
  reference: { title: '26 U.S.C. 223(b)(2), Monthly limitation', href: 'https://www.law.cornell.edu/uscode/text/26/223' },
});
