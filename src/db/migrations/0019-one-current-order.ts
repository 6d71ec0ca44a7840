import { sql, type Kysely } from 'kysely';

/**
 * An HSA or additional-services order lives only inside an enrollment, one of each kind: a partial unique index
 * allows at most one current HSA order and one current additional-services order per member and plan year, so two
 * simultaneous POST /api/Order calls can never leave two (the member's row lock orders them; the index holds even
 * if a path forgot it).
 * Existing rows: a current HSA or service order outside the current enrollment of its member and plan year (one
 * placed before any main order, or an HSA order beside a waiver) never counted in a member account and is
 * superseded (kept as history); of several current ones of a kind, only the newest stays current.
 */
const statements = [
  `update member_order o set supersededon = now()
     where o.supersededon is null and o.category in ('HSA', 'additionalservices')
       and not exists (
         select 1 from member_order m
         where m.memberid = o.memberid and m.planyear is not distinct from o.planyear and m.supersededon is null
           and m.category in ('healthinsurance', 'waive') and m.enrollmentid is not distinct from o.enrollmentid
           and not (m.category = 'waive' and o.category = 'HSA')
       )`,
  `update member_order o set supersededon = now()
     where o.supersededon is null and o.category in ('HSA', 'additionalservices')
       and exists (
         select 1 from member_order n
         where n.memberid = o.memberid and n.planyear = o.planyear and n.category = o.category and n.supersededon is null
           and (n.createdon, n.id) > (o.createdon, o.id)
       )`,
  `create unique index member_order_one_current_extra on member_order(memberid, planyear, category)
     where supersededon is null and category in ('HSA', 'additionalservices')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
