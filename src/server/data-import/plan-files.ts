/**
 * The shipped plan catalogue files: where they live (data/plans/<state>-<year>/), their columns, and reading
 * them. prepare-plans.ts writes them; plans.import.ts reads them. One place for the layout keeps both true.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { parseCsvRecords } from '#domain/values/csv.ts';

/** The repository's data/ folder. */
export const dataRoot = fileURLToPath(new URL('../../../data/', import.meta.url));
export const plansRoot = path.join(dataRoot, 'plans');

export const PLAN_COLUMNS = [
  'plan_id',
  'issuer_id',
  'issuer_name',
  'plan_name',
  'plan_type',
  'metal_level',
  'hsa_eligible',
  'on_exchange',
  'off_exchange',
  'service_area_id',
  'deductible_individual_cents',
  'deductible_family_cents',
  'oop_max_individual_cents',
  'oop_max_family_cents',
  'primary_care',
  'generic_drugs',
  'urgent_care',
  'emergency_room',
  'inpatient_hospital',
  'benefit_summary_url',
  'provider_url',
  'benefits_json',
] as const;
export const RATE_COLUMNS = ['plan_id', 'rating_area', 'age_band', 'rate_cents', 'tobacco_rate_cents'] as const;
export const SERVICE_AREA_COLUMNS = ['service_area_id', 'county_fips', 'zip'] as const;
export const PLAN_COUNTY_COLUMNS = ['plan_id', 'county_fips'] as const;
export const ZIP_COUNTY_COLUMNS = ['zip', 'county_fips', 'rating_area', 'county_name'] as const;

export const PLAN_FILES = {
  plans: 'plans.csv.gz',
  rates: 'rates.csv.gz',
  serviceAreas: 'service-areas.csv.gz',
  planCounties: 'plan-counties.csv.gz',
  zipCounties: 'zip-counties.csv.gz',
} as const;

/** manifest.json of one catalogue set: what it is, where it came from, and a version (hash of its files). */
export type PlanSetManifest = {
  state: string;
  planYear: number;
  version: string;
  source: string;
  counts: Record<keyof typeof PLAN_FILES, number>;
};

export type PlanSet = {
  dir: string;
  manifest: PlanSetManifest;
};

/** The catalogue sets under data/plans (or another root), sorted by name. */
export function listPlanSets(root: string = plansRoot): PlanSet[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(root, entry.name, 'manifest.json')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const dir = path.join(root, name);
      return { dir, manifest: JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as PlanSetManifest };
    });
}

/** The records of one gzip CSV file of a set. */
export function readPlanFile(set: PlanSet, file: keyof typeof PLAN_FILES): Record<string, string>[] {
  return parseCsvRecords(gunzipSync(readFileSync(path.join(set.dir, PLAN_FILES[file]))).toString('utf8'));
}
