import { sql, type Kysely } from 'kysely';

/**
 * Contribution rules are drafted, previewed, published and rolled back as versions, as documents are
 * (docs/decisions/048-contribution-rules-are-published-versions.md). contribution_rule stays the rules in force
 * (what a member's contribution, cart and enrollment read), written only when a version is published;
 * contribution_rule_version keeps every version of an employer's set, one published at most. A rule may say no
 * contribution on purpose (no_contribution, at $0.00). Each employer's rules of before become its version 1,
 * published.
 */
const statements = [
  `alter table contribution_rule add column no_contribution boolean not null default false`,
  `alter table contribution_rule add constraint contribution_rule_no_contribution_pays_nothing check (not no_contribution or amount_cents = 0)`,
  `create table contribution_rule_version (
      id uuid primary key,
      accountid uuid not null references employer(accountid) on delete cascade,
      version integer not null check (version >= 1),
      status text not null check (status in ('draft', 'published', 'retired')),
      rules jsonb not null,
      created_by uuid references staff_user(id),
      published_by uuid references staff_user(id),
      publishedon timestamptz,
      copied_from integer,
      createdon timestamptz not null default now(),
      updatedon timestamptz not null default now(),
      unique (accountid, version)
    )`,
  `create unique index contribution_rule_version_one_published on contribution_rule_version(accountid) where status = 'published'`,
  `create unique index contribution_rule_version_one_draft on contribution_rule_version(accountid) where status = 'draft'`,
  `insert into contribution_rule_version (id, accountid, version, status, rules, publishedon)
    select gen_random_uuid(), accountid, 1, 'published',
           jsonb_agg(jsonb_build_object(
             'contributionclass', contributionclass, 'ageMin', age_min, 'ageMax', age_max, 'tier', tier,
             'state', state, 'ratingArea', rating_area, 'amountCents', amount_cents, 'noContribution', false)
             order by contributionclass, tier, state, rating_area, age_min),
           now()
      from contribution_rule
     group by accountid`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
