/**
 * The reference constants the product ships (data/reference/constants.json, the published
 * figures written by prepare-plans.ts), read once and shaped as the domain's parameter types: the affordability
 * check's percentages and poverty guidelines, and the HSA limits.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dollarsToCents } from '#domain/values/money.ts';
import type { AffordabilityConstants, PovertyGuideline, PovertyRegion } from '#domain/parameters/affordability.ts';
import { hsaFiguresFromConstants, type HsaYearFigures } from '#domain/enrollment/hsa.ts';
import { dataRoot } from './plan-files.ts';

type RawGuideline = { first_person: number; additional_person: number };
type RawConstants = {
  ichra_affordability_required_contribution_percentage: Record<string, { percent_of_household_income: number; source: string } | string>;
  federal_poverty_guidelines: Record<string, (Record<string, RawGuideline | string> & { source: string }) | string>;
};

const isYear = (key: string) => /^\d{4}$/.test(key);
const guideline = (raw: RawGuideline): PovertyGuideline => ({
  firstPersonCents: dollarsToCents(raw.first_person),
  additionalPersonCents: dollarsToCents(raw.additional_person),
});

/** The constants of a data/reference/constants.json text as the affordability check reads them. */
export function affordabilityConstantsOf(text: string): AffordabilityConstants {
  const raw = JSON.parse(text) as RawConstants;
  const requiredContributionBasisPoints: Record<number, number> = {};
  const sources = { requiredContribution: {} as Record<number, string>, povertyGuidelines: {} as Record<number, string> };
  for (const [year, entry] of Object.entries(raw.ichra_affordability_required_contribution_percentage)) {
    if (!isYear(year) || typeof entry === 'string') continue;
    requiredContributionBasisPoints[Number(year)] = Math.round(entry.percent_of_household_income * 100);
    sources.requiredContribution[Number(year)] = entry.source;
  }
  const povertyGuidelines: Record<number, Record<PovertyRegion, PovertyGuideline>> = {};
  for (const [year, entry] of Object.entries(raw.federal_poverty_guidelines)) {
    if (!isYear(year) || typeof entry === 'string') continue;
    povertyGuidelines[Number(year)] = {
      contiguous: guideline(entry.contiguous_48_and_dc as RawGuideline),
      alaska: guideline(entry.alaska as RawGuideline),
      hawaii: guideline(entry.hawaii as RawGuideline),
    };
    sources.povertyGuidelines[Number(year)] = entry.source;
  }
  return { requiredContributionBasisPoints, povertyGuidelines, sources };
}

export const constantsFile = path.join(dataRoot, 'reference', 'constants.json');

let cachedText: string | null = null;
const constantsText = (): string => (cachedText ??= readFileSync(constantsFile, 'utf8'));

let cached: AffordabilityConstants | null = null;

export function affordabilityConstants(): AffordabilityConstants {
  cached ??= affordabilityConstantsOf(constantsText());
  return cached;
}

let cachedHsa: Map<number, HsaYearFigures> | null = null;

/** The IRS HSA limits by year (hsa_hdhp). */
export function hsaFigures(): Map<number, HsaYearFigures> {
  cachedHsa ??= hsaFiguresFromConstants((JSON.parse(constantsText()) as { hsa_hdhp: Record<string, unknown> }).hsa_hdhp);
  return cachedHsa;
}
