/** An employer's contacts as staff list and replace them, each replacement one transaction with its audit record. */
import { randomUUID } from 'node:crypto';
import type { StaffContact } from '#contracts/staff/staff-employers.ts';
import type { DbOrTx } from '#db/database.ts';
import * as contacts from '#db/repositories/employer/contact.repository.ts';
import { recordStaffChange } from '#db/repositories/staff/staff-audit.repository.ts';
import { badRequest } from '../../errors.ts';
import { representationTag, requireUnchanged, type Precondition } from '../../http/preconditions.ts';
import type { Staff } from '../../ports.ts';
import { lockedEmployer } from './staff-employers.ts';

export async function listContacts(db: DbOrTx, accountid: string): Promise<StaffContact[]> {
  return (await contacts.listByAccount(db, accountid)).map((row) => ({
    id: row.id,
    contacttype: row.contacttype as StaffContact['contacttype'],
    displaytoemployee: row.displaytoemployee,
    firstname: row.firstname,
    middlename: row.middlename,
    lastname: row.lastname,
    emailaddress: row.emailaddress,
    phonenumber: row.phonenumber,
  }));
}

/**
 * Replaces the employer's contacts with the list (ids kept when given, so a contact keeps its identity); `read` is
 * the version of the list it was edited from (its tag).
 */
export async function replaceContacts(db: DbOrTx, staff: Staff, accountid: string, list: readonly StaffContact[], read: Precondition): Promise<StaffContact[]> {
  const ids = list.map((contact) => contact.id).filter((id): id is string => id !== undefined);
  if (new Set(ids).size !== ids.length) throw badRequest('Two contacts have the same id.', { '/contacts': ['Two contacts have the same id.'] });
  return db.transaction().execute(async (tx) => {
    await lockedEmployer(tx, accountid);
    const before = await listContacts(tx, accountid);
    await requireUnchanged(tx, read, representationTag(before), { name: "the employer's contacts", entity: 'employer', entityId: accountid, actions: ['contacts'] });
    const foreign = ids.filter((id) => !before.some((contact) => contact.id === id));
    if (foreign.length > 0) throw badRequest('A contact id is not one of this employer’s contacts.', { '/contacts': [`Unknown contact id ${foreign[0]}.`] });
    await contacts.replaceForAccount(
      tx,
      accountid,
      list.map((contact) => ({
        id: contact.id ?? randomUUID(),
        accountid,
        contacttype: contact.contacttype,
        displaytoemployee: contact.displaytoemployee,
        firstname: contact.firstname.trim(),
        middlename: contact.middlename,
        lastname: contact.lastname.trim(),
        emailaddress: contact.emailaddress,
        phonenumber: contact.phonenumber,
      })),
    );
    const after = await listContacts(tx, accountid);
    await recordStaffChange(tx, { staffId: staff.id, action: 'contacts', entity: 'employer', entityId: accountid, before, after });
    return after;
  });
}
