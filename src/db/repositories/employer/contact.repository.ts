import type { Insertable, Selectable } from 'kysely';
import type { EmployerContact } from '#contracts/entities.ts';
import { contactTypeName } from '#domain/employer/contacts.ts';
import type { DbOrTx, EmployerContactTable } from '../../database.ts';

export type ContactRow = Selectable<EmployerContactTable>;
export type NewContactRow = Insertable<EmployerContactTable>;

/** The employer's contacts by type, then name: the order /welcome picks its cards in. */
export async function listByAccount(db: DbOrTx, accountid: string): Promise<ContactRow[]> {
  return db
    .selectFrom('employer_contact')
    .selectAll()
    .where('accountid', '=', accountid)
    .orderBy('contacttype')
    .orderBy('lastname')
    .orderBy('firstname')
    .orderBy('id')
    .execute();
}

/** Replaces the employer's contacts with the given ones (run it in a transaction). */
export async function replaceForAccount(db: DbOrTx, accountid: string, rows: readonly NewContactRow[]): Promise<void> {
  await db.deleteFrom('employer_contact').where('accountid', '=', accountid).execute();
  if (rows.length > 0) await db.insertInto('employer_contact').values([...rows]).execute();
}

/** Inserts the contact or overwrites it when its id exists (seeding). */
export async function upsert(db: DbOrTx, row: NewContactRow): Promise<void> {
  const { id, ...changes } = row;
  await db
    .insertInto('employer_contact')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ ...changes }))
    .execute();
}

export function toWire(row: ContactRow): EmployerContact {
  return {
    id: row.id,
    accountid: row.accountid,
    contacttype: row.contacttype as EmployerContact['contacttype'],
    contacttypename: contactTypeName(row.contacttype),
    displaytoemployee: row.displaytoemployee,
    firstname: row.firstname,
    middlename: row.middlename,
    lastname: row.lastname,
    emailaddress: row.emailaddress,
    phonenumber: row.phonenumber,
  };
}
