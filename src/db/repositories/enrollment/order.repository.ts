import type { Insertable, QueryCreator, Selectable } from 'kysely';
import type { Order } from '#contracts/entities.ts';
import type { Database, DbOrTx, MemberOrderTable } from '../../database.ts';

export type OrderRow = Selectable<MemberOrderTable>;
export type NewOrderRow = Insertable<MemberOrderTable>;

export async function insert(db: DbOrTx, row: NewOrderRow): Promise<OrderRow> {
  return db.insertInto('member_order').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function insertMany(db: DbOrTx, rows: readonly NewOrderRow[]): Promise<OrderRow[]> {
  if (rows.length === 0) return [];
  return db.insertInto('member_order').values([...rows]).returningAll().execute();
}

/** A member's orders, history included, newest first. */
export async function listByMember(db: DbOrTx, memberid: string): Promise<OrderRow[]> {
  return db
    .selectFrom('member_order')
    .selectAll()
    .where('memberid', '=', memberid)
    .orderBy('createdon', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A member's current orders (not replaced by a later enrollment), newest first. */
export async function listCurrentByMember(db: DbOrTx, memberid: string): Promise<OrderRow[]> {
  return db
    .selectFrom('member_order')
    .selectAll()
    .where('memberid', '=', memberid)
    .where('supersededon', 'is', null)
    .orderBy('createdon', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The member's current orders of a plan year. */
export async function listCurrentOfYear(db: DbOrTx, memberid: string, planyear: number): Promise<OrderRow[]> {
  return db
    .selectFrom('member_order')
    .selectAll()
    .where('memberid', '=', memberid)
    .where('planyear', '=', planyear)
    .where('supersededon', 'is', null)
    .orderBy('createdon')
    .orderBy('id')
    .execute();
}

/** Marks orders as replaced (history); answers how many were current. */
export async function supersede(db: DbOrTx, ids: readonly string[], when: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('member_order')
    .set({ supersededon: when })
    .where('id', 'in', [...ids])
    .where('supersededon', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The statement that marks every current order of the member's plan year as replaced (history), to be run. */
export function supersedeYear(db: QueryCreator<Database>, memberid: string, planyear: number, when: Date) {
  return db.updateTable('member_order').set({ supersededon: when }).where('memberid', '=', memberid).where('planyear', '=', planyear).where('supersededon', 'is', null);
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The spec's Order (§3), the amount in cents (the routes' edge writes it as dollars). */
export function toWire(row: OrderRow): Order {
  return {
    id: row.id,
    memberid: row.memberid,
    productid: row.productid,
    productfeeid: row.productfeeid,
    orderid: row.orderid,
    options: row.options,
    description: row.description,
    category: row.category,
    status: row.status,
    amountspent: row.amountspent_cents,
    productname: row.productname,
    vendorname: row.vendorname,
    externalvendorid: row.externalvendorid,
    policyholdersname: row.policyholdersname,
    policycarriername: row.policycarriername,
    policynumber: row.policynumber,
    policyeffectivedate: row.policyeffectivedate,
    policyishsaeligible: row.policyishsaeligible,
    policyisgovsubsidy: row.policyisgovsubsidy,
    ordernumber: row.ordernumber,
    waivecoverage: row.waivecoverage,
    summary_link: row.summary_link,
    tax_status: row.tax_status,
    businessyear: row.businessyear,
    createdon: iso(row.createdon),
    createdby: row.createdby,
    modifiedon: iso(row.modifiedon),
    modifiedby: row.modifiedby,
    modifiedreason: row.modifiedreason,
  };
}
