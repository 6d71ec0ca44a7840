/**
 * The individual-market plan catalogue (migration 0003), read by plan year: the years a state has, the rating
 * area of a (zip, county) pair, the plans sold at a pair and their rates.
 */
import type { Selectable } from 'kysely';
import type { BandRate } from '#domain/rating.ts';
import type { DbOrTx, PlanTable } from '../database.ts';

export type PlanRow = Selectable<PlanTable>;

/** The plan years the catalogue holds for a state (newest first). */
export async function catalogueYears(db: DbOrTx, state: string): Promise<number[]> {
  const rows = await db.selectFrom('plan_zip_county').select('plan_year').distinct().where('state', '=', state).orderBy('plan_year', 'desc').execute();
  return rows.map((row) => row.plan_year);
}

export type CatalogueLocation = { state: string; zip: string; countyFips: string; countyName: string; ratingArea: number };

/** The catalogue's (zip, county) pair in a plan year with its rating area; undefined when the pair is not there. */
export async function locationOf(db: DbOrTx, planYear: number, zip: string, countyFips: string): Promise<CatalogueLocation | undefined> {
  const row = await db
    .selectFrom('plan_zip_county')
    .select(['state', 'zip', 'county_fips', 'county_name', 'rating_area'])
    .where('plan_year', '=', planYear)
    .where('zip', '=', zip)
    .where('county_fips', '=', countyFips)
    .executeTakeFirst();
  return row && { state: row.state, zip: row.zip, countyFips: row.county_fips, countyName: row.county_name, ratingArea: row.rating_area };
}

/** Every county of a ZIP in a plan year's catalogue. */
export async function locationsOfZip(db: DbOrTx, planYear: number, zip: string): Promise<CatalogueLocation[]> {
  const rows = await db
    .selectFrom('plan_zip_county')
    .select(['state', 'zip', 'county_fips', 'county_name', 'rating_area'])
    .where('plan_year', '=', planYear)
    .where('zip', '=', zip)
    .orderBy('county_fips')
    .execute();
  return rows.map((row) => ({ state: row.state, zip: row.zip, countyFips: row.county_fips, countyName: row.county_name, ratingArea: row.rating_area }));
}

/**
 * The plans sold off the exchange at a (zip, county) pair in a plan year: the plan's service area covers the
 * pair (a service area may cover only part of a county) and the plan is sold in the county. Standard variants
 * only: the catalogue holds no cost-sharing-reduction variants. Optionally narrowed to some plan ids or levels.
 */
export async function offExchangePlansAt(
  db: DbOrTx,
  where: { planYear: number; zip: string; countyFips: string; planIds?: readonly string[]; metalLevels?: readonly string[] },
): Promise<PlanRow[]> {
  return plansAt(db, { ...where, market: 'off' });
}

/** As offExchangePlansAt, for one market: 'off' the exchange, or 'on' it (the affordability benchmark). */
export async function plansAt(
  db: DbOrTx,
  where: { planYear: number; zip: string; countyFips: string; market: 'on' | 'off'; planIds?: readonly string[]; metalLevels?: readonly string[] },
): Promise<PlanRow[]> {
  let query = db
    .selectFrom('plan')
    .selectAll('plan')
    .where('plan.plan_year', '=', where.planYear)
    .where(where.market === 'off' ? 'plan.off_exchange' : 'plan.on_exchange', '=', true)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('plan_service_area_zip as sa')
          .select('sa.zip')
          .whereRef('sa.plan_year', '=', 'plan.plan_year')
          .whereRef('sa.service_area_id', '=', 'plan.service_area_id')
          .where('sa.zip', '=', where.zip)
          .where('sa.county_fips', '=', where.countyFips),
      ),
    )
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('plan_county as pc')
          .select('pc.plan_id')
          .whereRef('pc.plan_year', '=', 'plan.plan_year')
          .whereRef('pc.plan_id', '=', 'plan.plan_id')
          .where('pc.county_fips', '=', where.countyFips),
      ),
    );
  if (where.planIds) {
    if (where.planIds.length === 0) return [];
    query = query.where('plan.plan_id', 'in', [...where.planIds]);
  }
  if (where.metalLevels) {
    if (where.metalLevels.length === 0) return [];
    query = query.where('plan.metal_level', 'in', [...where.metalLevels]);
  }
  return query.orderBy('plan.plan_id').execute();
}

/** The rates of some plans in a rating area for some age bands: plan id -> band -> rates. */
export async function ratesOf(
  db: DbOrTx,
  where: { planYear: number; ratingArea: number; planIds: readonly string[]; bands: readonly number[] },
): Promise<Map<string, Map<number, BandRate>>> {
  const answer = new Map<string, Map<number, BandRate>>();
  if (where.planIds.length === 0 || where.bands.length === 0) return answer;
  const rows = await db
    .selectFrom('plan_rate')
    .select(['plan_id', 'age_band', 'rate_cents', 'tobacco_rate_cents'])
    .where('plan_year', '=', where.planYear)
    .where('rating_area', '=', where.ratingArea)
    .where('plan_id', 'in', [...where.planIds])
    .where('age_band', 'in', [...new Set(where.bands)])
    .execute();
  for (const row of rows) {
    let bands = answer.get(row.plan_id);
    if (!bands) answer.set(row.plan_id, (bands = new Map()));
    bands.set(row.age_band, { rateCents: row.rate_cents, tobaccoRateCents: row.tobacco_rate_cents });
  }
  return answer;
}
