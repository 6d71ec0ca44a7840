import { parameter } from './parameter.ts';

/**
 * The shapes of the dated constants the ICHRA affordability check reads. The values are not here: the server
 * loads them from data/reference/constants.json (prepared from the cited public sources: IRS Revenue Procedures for the
 * required contribution percentage, HHS/ASPE for the poverty guidelines) and passes them in.
 */

/** One year's poverty guideline: the first person and each additional person, in cents a year. */
export type PovertyGuideline = { firstPersonCents: number; additionalPersonCents: number };

export type PovertyRegion = 'contiguous' | 'alaska' | 'hawaii';

export type AffordabilityConstants = {
  /**
   * The required contribution percentage of household income by plan year, in basis points (9.96 % = 996).
   * 26 U.S.C. 36B(c)(2)(C); for an ICHRA, Treas. Reg. 1.36B-2(c)(5).
   */
  requiredContributionBasisPoints: Readonly<Record<number, number>>;
  /** The poverty guidelines by the year they were published, per region. */
  povertyGuidelines: Readonly<Record<number, Readonly<Record<PovertyRegion, PovertyGuideline>>>>;
  /** Each figure's source by year, as constants.json cites it (the Revenue Procedure, the HHS/ASPE notice). */
  sources: Readonly<{ requiredContribution: Readonly<Record<number, string>>; povertyGuidelines: Readonly<Record<number, string>> }>;
};

/**
 * A plan year's premium tax credit reads the guidelines published the year before (2026 coverage: the 2025
 * guidelines).
 */
export const POVERTY_GUIDELINE_LAG_YEARS = parameter({
  value: 1,
  from: '2014-01-01',
  reference: { title: '26 CFR 1.36B-1(h), Federal poverty line', href: 'https://www.ecfr.gov/current/title-26/section-1.36B-1' },
});
