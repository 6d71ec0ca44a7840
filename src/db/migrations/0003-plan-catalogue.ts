import { sql, type Kysely } from 'kysely';

/**
 * The individual-market plan catalogue, versioned by plan year (a catalogue holds several years side by side; a
 * state's year is replaced as a whole by the import). Rates are per plan, rating area and age band (0 = ages 0-14,
 * 15..63, 64 = 64 and over) in integer cents, with the tobacco rate beside. Rating areas are numbers within the
 * plan's state (OR03 -> 3). Service areas are (zip, county) pairs: a service area can cover part of a county.
 * reference_data records which version of each shipped data set is imported (geo's migration may create it
 * first: same shape, hence "if not exists").
 */
const schema = `
    create table if not exists reference_data (
      name text primary key,
      version text not null,
      importedon timestamptz not null default now()
    );
    create table plan (
      plan_year integer not null,
      plan_id text not null check (plan_id ~ '^[0-9]{5}[A-Z]{2}[0-9]{7}$'),
      state char(2) not null,
      issuer_id text not null,
      issuer_name text not null,
      plan_name text not null,
      plan_type text not null,
      metal_level text not null,
      hsa_eligible boolean not null,
      on_exchange boolean not null,
      off_exchange boolean not null,
      service_area_id text not null,
      deductible_individual_cents integer,
      deductible_family_cents integer,
      oop_max_individual_cents integer,
      oop_max_family_cents integer,
      primary_care text,
      generic_drugs text,
      urgent_care text,
      emergency_room text,
      inpatient_hospital text,
      benefit_summary_url text,
      provider_url text,
      benefits jsonb not null default '{}',
      primary key (plan_year, plan_id)
    );
    create index plan_year_state on plan(plan_year, state);
    create table plan_rate (
      plan_year integer not null,
      plan_id text not null,
      rating_area smallint not null,
      age_band smallint not null check (age_band = 0 or age_band between 15 and 64),
      rate_cents integer not null check (rate_cents >= 0),
      tobacco_rate_cents integer not null check (tobacco_rate_cents >= 0),
      primary key (plan_year, plan_id, rating_area, age_band),
      foreign key (plan_year, plan_id) references plan(plan_year, plan_id) on delete cascade
    );
    create table plan_service_area_zip (
      plan_year integer not null,
      state char(2) not null,
      service_area_id text not null,
      county_fips char(5) not null,
      zip char(5) not null,
      primary key (plan_year, zip, county_fips, service_area_id)
    );
    create table plan_county (
      plan_year integer not null,
      plan_id text not null,
      county_fips char(5) not null,
      primary key (plan_year, plan_id, county_fips),
      foreign key (plan_year, plan_id) references plan(plan_year, plan_id) on delete cascade
    );
    create table plan_zip_county (
      plan_year integer not null,
      state char(2) not null,
      zip char(5) not null,
      county_fips char(5) not null,
      county_name text not null,
      rating_area smallint not null,
      primary key (plan_year, zip, county_fips)
    );
    create index plan_zip_county_state on plan_zip_county(state, plan_year)
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of schema.split(/;\s*\n/).map((s) => s.trim()).filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}
