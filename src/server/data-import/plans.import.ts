/**
 * Imports the shipped plan catalogue sets (data/plans/<state>-<year>/) into the plan tables: per set, one
 * transaction that replaces the set's (plan year, state) and records its version in reference_data, so a start
 * with the same files skips it. Inserts are batched. Tests import a few counties through `only`, recorded under
 * a version of their own so the whole set is still imported later.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#db/database.ts';
import { listPlanSets, plansRoot, readPlanFile, type PlanSet } from './plan-files.ts';
import { importOnce, type ImportOutcome } from './reference-data.ts';

export type PlanImportOptions = {
  /** Where the sets are (default data/plans). */
  root?: string;
  /** Only these counties (5-digit FIPS): their ZIPs, service-area pairs, the plans sold there and their areas' rates. */
  only?: { counties: readonly string[] };
};

export type PlanImportResult = { imported: string[]; skipped: string[]; outcomes: ImportOutcome[] };

/** Rows per insert statement: far below PostgreSQL's 65,535 parameters for the widest table. */
const BATCH_ROWS = 1000;

async function insertBatched<T extends keyof Database & string>(db: Transaction<Database>, table: T, rows: readonly Record<string, unknown>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + BATCH_ROWS) as never)
      .execute();
  }
}

const nullableInt = (text: string): number | null => (text === '' ? null : Number(text));
const nullableText = (text: string): string | null => (text === '' ? null : text);

/** The rows of one set, narrowed to `only` when given. */
function setRows(set: PlanSet, only: PlanImportOptions['only']) {
  const counties = only ? new Set(only.counties) : null;
  const zipCounties = readPlanFile(set, 'zipCounties').filter((row) => !counties || counties.has(row.county_fips!));
  const serviceAreas = readPlanFile(set, 'serviceAreas').filter((row) => !counties || counties.has(row.county_fips!));
  const planCounties = readPlanFile(set, 'planCounties').filter((row) => !counties || counties.has(row.county_fips!));
  const soldPlans = new Set(planCounties.map((row) => row.plan_id!));
  const plans = readPlanFile(set, 'plans').filter((row) => !counties || soldPlans.has(row.plan_id!));
  const planIds = new Set(plans.map((row) => row.plan_id!));
  const areas = new Set(zipCounties.map((row) => row.rating_area!));
  const rates = readPlanFile(set, 'rates').filter((row) => planIds.has(row.plan_id!) && (!counties || areas.has(row.rating_area!)));
  return { zipCounties, serviceAreas, planCounties: planCounties.filter((row) => planIds.has(row.plan_id!)), plans, rates };
}

export async function importPlanCatalogue(db: Kysely<Database>, options: PlanImportOptions = {}): Promise<PlanImportResult> {
  const result: PlanImportResult = { imported: [], skipped: [], outcomes: [] };
  for (const set of listPlanSets(options.root ?? plansRoot)) {
    const { state, planYear } = set.manifest;
    const name = `plans/${state.toLowerCase()}-${planYear}`;
    const version = options.only ? `${set.manifest.version}+counties:${[...options.only.counties].sort().join(',')}` : set.manifest.version;
    const outcome = await importOnce(db, name, version, async (trx) => {
      const rows = setRows(set, options.only);
      await trx.deleteFrom('plan_rate').where('plan_year', '=', planYear).where('plan_id', 'in', trx.selectFrom('plan').select('plan_id').where('plan_year', '=', planYear).where('state', '=', state)).execute();
      await trx.deleteFrom('plan_county').where('plan_year', '=', planYear).where('plan_id', 'in', trx.selectFrom('plan').select('plan_id').where('plan_year', '=', planYear).where('state', '=', state)).execute();
      await trx.deleteFrom('plan').where('plan_year', '=', planYear).where('state', '=', state).execute();
      await trx.deleteFrom('plan_service_area_zip').where('plan_year', '=', planYear).where('state', '=', state).execute();
      await trx.deleteFrom('plan_zip_county').where('plan_year', '=', planYear).where('state', '=', state).execute();
      await insertBatched(
        trx,
        'plan',
        rows.plans.map((row) => ({
          plan_year: planYear,
          plan_id: row.plan_id!,
          state,
          issuer_id: row.issuer_id!,
          issuer_name: row.issuer_name!,
          plan_name: row.plan_name!,
          plan_type: row.plan_type!,
          metal_level: row.metal_level!,
          hsa_eligible: row.hsa_eligible === 'true',
          on_exchange: row.on_exchange === 'true',
          off_exchange: row.off_exchange === 'true',
          service_area_id: row.service_area_id!,
          deductible_individual_cents: nullableInt(row.deductible_individual_cents!),
          deductible_family_cents: nullableInt(row.deductible_family_cents!),
          oop_max_individual_cents: nullableInt(row.oop_max_individual_cents!),
          oop_max_family_cents: nullableInt(row.oop_max_family_cents!),
          primary_care: nullableText(row.primary_care!),
          generic_drugs: nullableText(row.generic_drugs!),
          urgent_care: nullableText(row.urgent_care!),
          emergency_room: nullableText(row.emergency_room!),
          inpatient_hospital: nullableText(row.inpatient_hospital!),
          benefit_summary_url: nullableText(row.benefit_summary_url!),
          provider_url: nullableText(row.provider_url!),
          benefits: row.benefits_json || '{}',
        })),
      );
      await insertBatched(
        trx,
        'plan_rate',
        rows.rates.map((row) => ({
          plan_year: planYear,
          plan_id: row.plan_id!,
          rating_area: Number(row.rating_area),
          age_band: Number(row.age_band),
          rate_cents: Number(row.rate_cents),
          tobacco_rate_cents: Number(row.tobacco_rate_cents),
        })),
      );
      await insertBatched(
        trx,
        'plan_service_area_zip',
        rows.serviceAreas.map((row) => ({ plan_year: planYear, state, service_area_id: row.service_area_id!, county_fips: row.county_fips!, zip: row.zip! })),
      );
      await insertBatched(trx, 'plan_county', rows.planCounties.map((row) => ({ plan_year: planYear, plan_id: row.plan_id!, county_fips: row.county_fips! })));
      await insertBatched(
        trx,
        'plan_zip_county',
        rows.zipCounties.map((row) => ({ plan_year: planYear, state, zip: row.zip!, county_fips: row.county_fips!, county_name: row.county_name!, rating_area: Number(row.rating_area) })),
      );
      return rows.plans.length + rows.rates.length + rows.serviceAreas.length + rows.planCounties.length + rows.zipCounties.length;
    });
    result.outcomes.push(outcome);
    (outcome.imported ? result.imported : result.skipped).push(name);
  }
  return result;
}
