/**
 * The individual-market plan catalogue (migration 0003), read by plan year: the years a state has, the rating
 * area of a (zip, county) pair, the plans sold at a pair and the rates of a rating area.
 *
 * Reference data changes only when an import writes it, so these answers are kept in memory per database
 * (a small LRU, `CACHE_ENTRIES` answers): an import in this process forgets them at once (forgetPlanCatalogue,
 * called by the import), and every `CACHE_TTL_MS` they are read again, so an import by another instance on the
 * same database is seen within that time. Reads inside a transaction go to the database, except in one opened by
 * transactionWithCaches (db/transaction.ts: an authorization prices its plan as the quote did). Callers must not
 * change the answers (they are shared).
 */
import type { Selectable } from 'kysely';
import type { BandRate } from '#domain/plans/rating.ts';
import type { DbOrTx, PlanTable } from '../../database.ts';
import { cacheHolder } from '../../transaction.ts';

export type PlanRow = Selectable<PlanTable>;

const CACHE_ENTRIES = 256;
const CACHE_TTL_MS = 60_000;
let generation = 0;
type Cache = { generation: number; until: number; entries: Map<string, Promise<unknown>> };
const caches = new WeakMap<DbOrTx, Cache>();

/** Forgets every cached catalogue answer (of every database): the catalogue was just written. */
export function forgetPlanCatalogue(): void {
  generation += 1;
}

/** The cache of `db`'s catalogue answers: a new, empty one once the catalogue was written or the TTL ran out. */
function cacheOf(db: DbOrTx): Cache {
  const now = Date.now();
  let cache = caches.get(db);
  if (!cache || cache.generation !== generation || now >= cache.until) {
    cache = { generation, until: now + CACHE_TTL_MS, entries: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

/**
 * A token of the catalogue answers `db` has cached now: the same object while they are kept, a new one once they
 * are forgotten (an import, the TTL). What is made of those answers can be kept under it (a WeakMap key) and so
 * cannot outlive them: when the token is the same before and after reading the catalogue, every read came from it.
 */
export function catalogueEpoch(db: DbOrTx): object {
  return cacheOf(db);
}

/** The cached answer for `key`, or `load`'s (kept, least recently used answers dropped beyond the bound). */
function cached<T>(db: DbOrTx, key: string, load: () => Promise<T>): Promise<T> {
  const holder = cacheHolder(db);
  if (!holder) return load();
  const { entries } = cacheOf(holder);
  const found = entries.get(key) as Promise<T> | undefined;
  if (found) {
    entries.delete(key);
    entries.set(key, found);
    return found;
  }
  const loading = load();
  entries.set(key, loading);
  // A failed read is not kept: the next call tries again.
  loading.catch(() => entries.get(key) === loading && entries.delete(key));
  if (entries.size > CACHE_ENTRIES) entries.delete(entries.keys().next().value!);
  return loading;
}

/** The plan years the catalogue holds for a state (newest first). */
export function catalogueYears(db: DbOrTx, state: string): Promise<number[]> {
  return cached(db, `years|${state}`, () => readCatalogueYears(db, state));
}

async function readCatalogueYears(db: DbOrTx, state: string): Promise<number[]> {
  const rows = await db.selectFrom('plan_zip_county').select('plan_year').distinct().where('state', '=', state).orderBy('plan_year', 'desc').execute();
  return rows.map((row) => row.plan_year);
}

export type CatalogueLocation = { state: string; zip: string; countyFips: string; countyName: string; ratingArea: number };

/** The catalogue's (zip, county) pair in a plan year with its rating area; undefined when the pair is not there. */
export function locationOf(db: DbOrTx, planYear: number, zip: string, countyFips: string): Promise<CatalogueLocation | undefined> {
  return cached(db, `location|${planYear}|${zip}|${countyFips}`, () => readLocationOf(db, planYear, zip, countyFips));
}

async function readLocationOf(db: DbOrTx, planYear: number, zip: string, countyFips: string): Promise<CatalogueLocation | undefined> {
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
  const { planIds, metalLevels } = where;
  if (planIds?.length === 0 || metalLevels?.length === 0) return [];
  const all = await cached(db, `plans|${where.planYear}|${where.zip}|${where.countyFips}|${where.market}`, () => readPlansAt(db, where));
  return all.filter((row) => (!planIds || planIds.includes(row.plan_id)) && (!metalLevels || metalLevels.includes(row.metal_level)));
}

/** Every plan of the market at the pair, by plan id. */
function readPlansAt(db: DbOrTx, where: { planYear: number; zip: string; countyFips: string; market: 'on' | 'off' }): Promise<PlanRow[]> {
  return db
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
    )
    .orderBy('plan.plan_id')
    .execute();
}

/** Every rate of a rating area in a plan year (one read): plan id -> age band -> rates. */
export function ratesOfArea(db: DbOrTx, where: { planYear: number; ratingArea: number }): Promise<ReadonlyMap<string, ReadonlyMap<number, BandRate>>> {
  return cached(db, `rates|${where.planYear}|${where.ratingArea}`, () => readRatesOfArea(db, where));
}

async function readRatesOfArea(db: DbOrTx, where: { planYear: number; ratingArea: number }): Promise<Map<string, Map<number, BandRate>>> {
  const answer = new Map<string, Map<number, BandRate>>();
  const rows = await db
    .selectFrom('plan_rate')
    .select(['plan_id', 'age_band', 'rate_cents', 'tobacco_rate_cents'])
    .where('plan_year', '=', where.planYear)
    .where('rating_area', '=', where.ratingArea)
    .execute();
  for (const row of rows) {
    let bands = answer.get(row.plan_id);
    if (!bands) answer.set(row.plan_id, (bands = new Map()));
    bands.set(row.age_band, { rateCents: row.rate_cents, tobaccoRateCents: row.tobacco_rate_cents });
  }
  return answer;
}
