import { sql, type Kysely } from 'kysely';

/**
 * Geography: the nationwide ZIP -> county crosswalk (one row per ZIP and county, with the share of the ZIP's
 * addresses in that county), the county -> ACA rating area table, and reference_data, which records the version
 * (a hash of the shipped file) of each imported reference data set so an import runs once per version.
 */
const schema = `
    create table reference_data (
      name text primary key,
      version text not null,
      rowcount integer not null,
      importedon timestamptz not null default now()
    );
    create table zip_county (
      zip char(5) not null,
      county_fips char(5) not null,
      county_name text not null,
      state char(2) not null,
      city text not null,
      share numeric(5, 4) not null check (share between 0 and 1),
      is_primary boolean not null,
      primary key (zip, county_fips)
    );
    create table county_rating_area (
      state char(2) not null,
      county_fips char(5) not null,
      county_name text not null,
      rating_area integer not null check (rating_area > 0),
      primary key (county_fips, state)
    );
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of schema.split(/;\s*\n/).map((s) => s.trim()).filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}
