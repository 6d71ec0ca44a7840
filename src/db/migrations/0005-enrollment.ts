import { sql, type Kysely } from 'kysely';

/**
 * Enrollment history and idempotent authorization.
 * - member_order.planyear: the employer's plan year the order is for; enrollmentid groups the orders of one
 *   authorization (null while a single POST /api/Order waits for its main order); supersededon marks an order
 *   replaced by a later enrollment (kept as history). A partial unique index allows at most one current main
 *   order (healthinsurance or waive) per member and plan year.
 * - member_account.enrollmentid: the enrollment that wrote the record.
 * - idempotency_key: the first answer of an authorization per member and Idempotency-Key, with a hash of the
 *   request so the same key with another body is refused.
 * Existing rows: the plan year is the business year; of several current main orders of one member and year only
 *   the newest stays current.
 */
const statements = [
  `alter table member_order add column planyear integer`,
  `alter table member_order add column enrollmentid uuid`,
  `alter table member_order add column supersededon timestamptz`,
  `update member_order set planyear = businessyear`,
  `update member_order o set supersededon = now()
     where o.category in ('healthinsurance', 'waive') and o.planyear is not null
       and exists (
         select 1 from member_order n
         where n.memberid = o.memberid and n.planyear = o.planyear and n.category in ('healthinsurance', 'waive')
           and (n.createdon, n.id) > (o.createdon, o.id)
       )`,
  `create unique index member_order_one_current_main on member_order(memberid, planyear)
     where supersededon is null and category in ('healthinsurance', 'waive')`,
  `create index member_order_current on member_order(memberid, planyear) where supersededon is null`,
  `alter table member_account add column enrollmentid uuid`,
  `create table idempotency_key (
      memberid uuid not null references member(id) on delete cascade,
      key text not null,
      request_hash text not null,
      answer jsonb not null,
      createdon timestamptz not null default now(),
      primary key (memberid, key)
    )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
