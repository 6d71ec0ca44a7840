/**
 * Prepares the plan catalogue the product ships from the reference data set (shared/data, see its README):
 *   npm run data:prepare:plans -- [path to shared/data]      (default ../shared/data)
 * writes data/plans/or-2024/*.csv.gz (only the columns the product reads, gzip) with manifest.json, and
 * data/reference/constants.json (the IRS and HHS constants the affordability check and HSA limits read, with the
 * project's additions of data/sources/constants-additions.json). Re-runnable: the
 * same input writes the same bytes. Cost-sharing-reduction variants (ids ending -04/-05/-06) are left out: they
 * are sold only on the exchange to people with a subsidy, which an ICHRA quote never shows.
 * docs/data.md says how to prepare a full CMS public use file set instead.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ageBandOfLabel } from '#domain/plans/rating.ts';
import { dollarsToCents } from '#domain/values/money.ts';
import { parseCsvRecords, writeCsv } from '#domain/values/csv.ts';
import {
  dataRoot,
  PLAN_COLUMNS,
  PLAN_COUNTY_COLUMNS,
  PLAN_FILES,
  plansRoot,
  RATE_COLUMNS,
  SERVICE_AREA_COLUMNS,
  ZIP_COUNTY_COLUMNS,
  type PlanSetManifest,
} from './plan-files.ts';

/** The spec §3 benefit fields beyond the main five, and the reference file's column for each. */
export const BENEFIT_COLUMNS: Record<string, string> = {
  imagingctpetscansmris: 'imaging',
  xraysanddiagnosticimaging: 'diagnostic_test',
  specialistvisit: 'specialist',
  preferredbranddrugs: 'preferred_brand_drugs',
  nonpreferreddrugs: 'non_preferred_brand_drugs',
  specialtydrugs: 'specialty_drugs',
  preventivecare: 'preventative_care',
  emergencytransportation: 'ambulance',
  outpatientrehab: 'rehabilitation_services',
  habilitationservices: 'habilitation_services',
  skillednursingfacility: 'skilled_nursing',
  substanceobusedisorderoutpatient: 'outpatient_substance',
  substanceobusedisorderinpatient: 'inpatient_substance',
  prepostnatalcare: 'prenatal_postnatal_care',
  homehealthcareservices: 'home_health_care',
  inpatientbehavioralservices: 'inpatient_mental_health',
  outpatientbehavioralservices: 'outpatient_mental_health',
  durabelmedicalequipment: 'durable_medical_equipment',
  hospiceservices: 'hospice_service',
  childroutineeyeexam: 'child_eye_exam',
  eyeglassesforchildren: 'child_eyewear',
};

/** 'In-Network: $0 after deductible / Out-of-Network: Not Covered | limit: 30 visit(s) per year' -> in-network part and limit. */
export function inNetworkText(text: string): string | null {
  const value = text.trim();
  if (!value) return null;
  const [main, ...limits] = value.split(' | limit: ');
  const inNetwork = /In-Network:\s*(.*?)\s*(?:\/\s*Out-of-Network:.*)?$/.exec(main!)?.[1] ?? main!;
  const limit = limits.join('; ').trim();
  return limit && !/see carrier documentation/i.test(limit) ? `${inNetwork} (limit: ${limit})` : inNetwork;
}

const wholeDollarsToCents = (text: string): number | null => (text.trim() === '' ? null : dollarsToCents(text.trim()));
const ratingAreaNumber = (id: string): number => {
  const match = /^[A-Z]{2}0*(\d+)$/.exec(id.trim());
  if (!match) throw new Error(`Not a rating area id: ${id}`);
  return Number(match[1]);
};
const isBasePlan = (id: string) => /^[0-9]{5}[A-Z]{2}[0-9]{7}$/.test(id);

function gz(text: string): Buffer {
  return gzipSync(Buffer.from(text, 'utf8'), { level: 9 });
}

export function prepareOregon2024(source: string, outRoot: string = plansRoot): PlanSetManifest {
  const dir = path.join(source, 'oregon_2024');
  const read = (file: string) => parseCsvRecords(readFileSync(path.join(dir, file), 'utf8'));
  const summary = read('plans_summary.csv').filter((row) => isBasePlan(row.plan_id!));
  const full = new Map(read('plans.csv').map((row) => [row.id!, row]));
  const planIds = new Set(summary.map((row) => row.plan_id!));

  const plans = summary
    .sort((a, b) => a.plan_id!.localeCompare(b.plan_id!))
    .map((row) => {
      const detail = full.get(row.plan_id!);
      if (!detail) throw new Error(`plans.csv has no plan ${row.plan_id}`);
      const benefits = Object.fromEntries(Object.entries(BENEFIT_COLUMNS).map(([field, column]) => [field, inNetworkText(detail[column] ?? '')]));
      return [
        row.plan_id,
        row.issuer_id,
        row.issuer_name,
        row.plan_marketing_name,
        row.plan_type,
        row.metal_level,
        row.hsa_eligible === 'true',
        row.on_exchange === 'true',
        row.off_exchange === 'true',
        row.service_area_id,
        wholeDollarsToCents(row.ded_individual_in_network!),
        wholeDollarsToCents(row.ded_family_in_network!),
        wholeDollarsToCents(row.moop_individual_in_network!),
        wholeDollarsToCents(row.moop_family_in_network!),
        row.primary_care || null,
        row.generic_drugs || null,
        row.urgent_care || null,
        row.emergency_room || null,
        row.inpatient_facility || null,
        row.benefits_summary_url || null,
        row.provider_directory_url || null,
        JSON.stringify(benefits),
      ];
    });

  const rates = read('rates_puf_style.csv')
    .filter((row) => planIds.has(row.plan_id!))
    .map((row) => {
      const band = ageBandOfLabel(row.age!);
      if (band === null) throw new Error(`Not an age band: ${row.age}`);
      return [row.plan_id!, ratingAreaNumber(row.rating_area_id!), band, dollarsToCents(row.individual_rate!), dollarsToCents(row.individual_tobacco_rate || row.individual_rate!)] as const;
    })
    .sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1] || a[2] - b[2]);

  const serviceAreas = read('service_area_zip_counties.csv')
    .map((row) => [row.service_area_id!, row.county_id!, row.zip_code_id!.padStart(5, '0')] as const)
    .sort((a, b) => a.join().localeCompare(b.join()));
  const planCounties = read('plan_counties.csv')
    .filter((row) => planIds.has(row.plan_id!))
    .map((row) => [row.plan_id!, row.county_id!] as const)
    .sort((a, b) => a.join().localeCompare(b.join()));
  const countyNames = new Map(read('counties.csv').map((row) => [row.id!, row.name!]));
  const zipCounties = read('zip_counties.csv')
    .map((row) => [row.zip_code_id!.padStart(5, '0'), row.county_id!, ratingAreaNumber(row.rating_area_id!), countyNames.get(row.county_id!) ?? ''] as const)
    .sort((a, b) => a.join().localeCompare(b.join()));

  const files: Record<keyof typeof PLAN_FILES, Buffer> = {
    plans: gz(writeCsv(PLAN_COLUMNS, plans)),
    rates: gz(writeCsv(RATE_COLUMNS, rates)),
    serviceAreas: gz(writeCsv(SERVICE_AREA_COLUMNS, serviceAreas)),
    planCounties: gz(writeCsv(PLAN_COUNTY_COLUMNS, planCounties)),
    zipCounties: gz(writeCsv(ZIP_COUNTY_COLUMNS, zipCounties)),
  };
  const hash = createHash('sha256');
  for (const key of Object.keys(PLAN_FILES) as (keyof typeof PLAN_FILES)[]) hash.update(files[key]);
  const manifest: PlanSetManifest = {
    state: 'OR',
    planYear: 2024,
    version: hash.digest('hex').slice(0, 16),
    source:
      'shared/data/oregon_2024 (Ideon export of Oregon PY2024 individual-market filings, JakeMofa/ichra-quoting-tool@9eca003): plans_summary.csv, plans.csv, rates_puf_style.csv, service_area_zip_counties.csv, plan_counties.csv, zip_counties.csv, counties.csv. Test and fixture data; see docs/data.md.',
    counts: {
      plans: plans.length,
      rates: rates.length,
      serviceAreas: serviceAreas.length,
      planCounties: planCounties.length,
      zipCounties: zipCounties.length,
    },
  };
  const out = path.join(outRoot, 'or-2024');
  mkdirSync(out, { recursive: true });
  for (const key of Object.keys(PLAN_FILES) as (keyof typeof PLAN_FILES)[]) writeFileSync(path.join(out, PLAN_FILES[key]), files[key]);
  writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** The project's own transcriptions of published figures the source folder lacks, each with its source. */
export const constantsAdditionsFile = path.join(dataRoot, 'sources', 'constants-additions.json');

type ConstantSections = Record<string, unknown>;

/**
 * The source's constants with the additions' years added to the sections of the same name. An addition never
 * replaces what the source publishes: a year the source already has is an error, so the shipped file stays the
 * source's figures plus clearly added ones (each added year carries its own source).
 */
export function withConstantsAdditions(constants: ConstantSections, additions: ConstantSections): ConstantSections {
  const merged: ConstantSections = { ...constants };
  for (const [section, years] of Object.entries(additions)) {
    if (section.startsWith('_')) continue;
    const published = constants[section];
    if (!published || typeof published !== 'object' || !years || typeof years !== 'object') throw new Error(`constants.json has no ${section} to add to`);
    for (const year of Object.keys(years)) {
      if (year in published) throw new Error(`constants.json already has ${section}.${year}; remove it from the additions`);
    }
    merged[section] = { ...published, ...years };
  }
  return merged;
}

/**
 * data/reference/constants.json: the reference constants as published (each value carries its source), with the
 * project's additions (constantsAdditionsFile).
 */
export function prepareConstants(source: string, outRoot: string = dataRoot, additionsFile: string = constantsAdditionsFile): void {
  const constants = JSON.parse(readFileSync(path.join(source, 'constants.json'), 'utf8')) as ConstantSections;
  for (const section of ['ichra_affordability_required_contribution_percentage', 'federal_poverty_guidelines', 'hsa_hdhp']) {
    if (!constants[section]) throw new Error(`constants.json has no ${section}`);
  }
  const additions = JSON.parse(readFileSync(additionsFile, 'utf8')) as ConstantSections;
  mkdirSync(path.join(outRoot, 'reference'), { recursive: true });
  writeFileSync(path.join(outRoot, 'reference', 'constants.json'), `${JSON.stringify(withConstantsAdditions(constants, additions), null, 2)}\n`);
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const source = path.resolve(process.argv[2] ?? '../shared/data');
  const manifest = prepareOregon2024(source);
  prepareConstants(source);
  console.log(`data/plans/or-2024 version ${manifest.version}: ${JSON.stringify(manifest.counts)}; data/reference/constants.json written`);
}
