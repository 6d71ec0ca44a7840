import { sql, type Kysely } from 'kysely';

/**
 * What each enrollment was made under (docs/api.md, What an enrollment records): one row per enrollment (the id
 * its orders and member account carry as enrollmentid), with the versions of the employer's documents in force
 * ({ documentid: version }, 0 the base document) and, for a purchase, when the member gave the ICHRA
 * acknowledgment and the names of the ICHRA documents listed to the member then.
 */
const statements = [
  `create table enrollment (
      id uuid primary key,
      memberid uuid not null references member(id) on delete cascade,
      accountid uuid not null,
      planyear integer not null,
      healthoption text not null check (healthoption in ('buy', 'waive')),
      ichraacknowledgedat timestamptz,
      ichradocuments jsonb,
      documentversions jsonb not null,
      createdon timestamptz not null default now(),
      check ((healthoption = 'buy') = (ichraacknowledgedat is not null))
    )`,
  `create index enrollment_member on enrollment(memberid, createdon)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
