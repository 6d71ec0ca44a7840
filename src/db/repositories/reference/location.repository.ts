/**
 * The nationwide ZIP -> county crosswalk (zip_county) and county rating areas (county_rating_area), imported from
 * data/geo. A ZIP answers one Location per county, the county with the largest share of its addresses first.
 */
import type { Location } from '#contracts/entities.ts';
import { stateName } from '#domain/places/us-states.ts';
import type { DbOrTx, ZipCountyTable } from '../../database.ts';
import type { Selectable } from 'kysely';

export type ZipCountyRow = Selectable<ZipCountyTable>;

export function toLocation(row: ZipCountyRow): Location {
  return {
    city: row.city,
    countyname: row.county_name,
    countycode: row.county_fips,
    statename: stateName(row.state),
    state: row.state,
    zipcode: row.zip,
    share: Number(row.share),
  };
}

/** The ZIP's counties, largest share first (ties by FIPS); empty for an unknown ZIP. */
export async function countiesForZip(db: DbOrTx, zip: string): Promise<Location[]> {
  const rows = await db
    .selectFrom('zip_county')
    .selectAll()
    .where('zip', '=', zip)
    .orderBy('share', 'desc')
    .orderBy('county_fips')
    .execute();
  return rows.map(toLocation);
}

/** The counties of each of the ZIPs the crosswalk knows (largest share first, ties by FIPS); an unknown ZIP is absent. */
export async function countiesForZips(db: DbOrTx, zips: readonly string[]): Promise<Map<string, Location[]>> {
  const found = new Map<string, Location[]>();
  if (zips.length === 0) return found;
  const rows = await db
    .selectFrom('zip_county')
    .selectAll()
    .where('zip', 'in', [...new Set(zips)])
    .orderBy('zip')
    .orderBy('share', 'desc')
    .orderBy('county_fips')
    .execute();
  for (const row of rows) found.set(row.zip, [...(found.get(row.zip) ?? []), toLocation(row)]);
  return found;
}

/** Whether the crosswalk knows the ZIP at all. */
export async function zipExists(db: DbOrTx, zip: string): Promise<boolean> {
  const row = await db.selectFrom('zip_county').select('zip').where('zip', '=', zip).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * The crosswalk row of a ZIP in a county named by its 5-digit FIPS code or by its name as the lookup answers it
 * ('Denton County', compared without case and outer spaces); undefined when the pair is not real.
 */
export async function findCounty(db: DbOrTx, zip: string, county: string): Promise<Location | undefined> {
  const row = await countyQuery(db, zip, county).selectAll().executeTakeFirst();
  return row ? toLocation(row) : undefined;
}

/** findCounty with the county's rating area in its own state (null when the table has none for it), in one statement. */
export async function findCountyWithRatingArea(db: DbOrTx, zip: string, county: string): Promise<{ location: Location; ratingArea: number | null } | undefined> {
  const row = await countyQuery(db, zip, county)
    .leftJoin('county_rating_area as r', (join) => join.onRef('r.state', '=', 'zip_county.state').onRef('r.county_fips', '=', 'zip_county.county_fips'))
    .selectAll('zip_county')
    .select('r.rating_area')
    .executeTakeFirst();
  if (!row) return undefined;
  const { rating_area, ...county_row } = row;
  return { location: toLocation(county_row), ratingArea: rating_area };
}

function countyQuery(db: DbOrTx, zip: string, county: string) {
  const wanted = county.trim();
  const query = db.selectFrom('zip_county').where('zip_county.zip', '=', zip);
  return (
    /^\d{5}$/.test(wanted)
      ? query.where('zip_county.county_fips', '=', wanted)
      : query.where((eb) => eb(eb.fn('lower', ['zip_county.county_name']), '=', wanted.toLowerCase()))
  )
    .orderBy('zip_county.share', 'desc')
    .limit(1);
}

/** The county's ACA rating area number within its state, or null when the table has none for it. */
export async function ratingAreaFor(db: DbOrTx, state: string, countyFips: string): Promise<number | null> {
  const row = await db
    .selectFrom('county_rating_area')
    .select('rating_area')
    .where('state', '=', state)
    .where('county_fips', '=', countyFips)
    .executeTakeFirst();
  return row?.rating_area ?? null;
}
