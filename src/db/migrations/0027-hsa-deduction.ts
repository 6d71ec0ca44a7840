import { sql, type Kysely } from 'kysely';

/**
 * The HSA deposit is its own pre-tax payroll deduction, apart from the employer's ICHRA contribution (an HRA pays
 * for medical care, which an HSA deposit is not: 26 U.S.C. 105(b) and 213(d); docs/decisions.md, Money of an enrollment). The member account
 * keeps it in `currenthsadeduction_cents`, and its balance and premium deduction leave it out: balance =
 * contribution - (plan + service), deduction = (plan + service) - contribution, each when positive.
 *
 * Accounts written before held the HSA inside both; they are restated from their enrollment's HSA and
 * additional-service orders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member_account add column currenthsadeduction_cents integer not null default 0`.execute(db);
  await sql`
    update member_account a
    set currenthsadeduction_cents = o.hsa_cents,
        currentbalance_cents = greatest(0, a.currentemployercontribution_cents - a.currenthealthinsurancepremium_cents - o.service_cents),
        currentpayrolldeduction_cents = greatest(0, a.currenthealthinsurancepremium_cents + o.service_cents - a.currentemployercontribution_cents)
    from (
      select enrollmentid,
             coalesce(sum(amountspent_cents) filter (where category = 'HSA'), 0)::integer as hsa_cents,
             coalesce(sum(amountspent_cents) filter (where category = 'additionalservices'), 0)::integer as service_cents
      from member_order
      where enrollmentid is not null
      group by enrollmentid
    ) o
    where a.enrollmentid = o.enrollmentid and a.waivecoverage = 0 and o.hsa_cents > 0
  `.execute(db);
}
