import { sql, type Kysely } from 'kysely';

/**
 * The contribution rule table (docs/decisions.md, Contribution rules) replaces contribution_schedule. A rule is
 * one amount for a class, an age band of the employee, a family tier and optionally a state (and a rating area in
 * it). Money in cents.
 *
 * Existing schedules are converted band by band, one rule per tier, anywhere: employee = employee_cents;
 * employee + spouse and employee + children = employee_cents + dependent_cents (one dependent); family =
 * employee_cents + 2 x dependent_cents (the smallest family: a spouse and one child). A schedule that paid per
 * dependent without limit is thereby capped at its family amount.
 */
const statements = [
  `create table contribution_rule (
      id uuid primary key,
      accountid uuid not null references employer(accountid) on delete cascade,
      contributionclass text not null default 'ALL',
      age_min integer not null check (age_min >= 0),
      age_max integer not null check (age_max <= 150),
      tier text not null check (tier in ('employee', 'employee-spouse', 'employee-children', 'family')),
      state text check (state ~ '^[A-Z]{2}$'),
      rating_area integer check (rating_area >= 1),
      amount_cents integer not null check (amount_cents >= 0),
      check (age_min <= age_max),
      check (rating_area is null or state is not null)
    )`,
  `create index contribution_rule_account on contribution_rule(accountid, contributionclass)`,
  `insert into contribution_rule (id, accountid, contributionclass, age_min, age_max, tier, state, rating_area, amount_cents)
    select gen_random_uuid(), s.accountid, s.contributionclass, s.age_min, s.age_max, t.tier, null, null,
           s.employee_cents + s.dependent_cents * t.dependents
      from contribution_schedule s
      cross join (values ('employee', 0), ('employee-spouse', 1), ('employee-children', 1), ('family', 2)) as t(tier, dependents)`,
  `drop table contribution_schedule`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
