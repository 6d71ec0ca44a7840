import type { Insertable, Selectable } from 'kysely';
import type { Employer, EmployerBranding } from '#contracts/entities.ts';
import type { DbOrTx, EmployerTable } from '../../database.ts';

export type EmployerRow = Selectable<EmployerTable>;
export type NewEmployerRow = Insertable<EmployerTable>;

export async function findById(db: DbOrTx, accountid: string): Promise<EmployerRow | undefined> {
  return db.selectFrom('employer').selectAll().where('accountid', '=', accountid).executeTakeFirst();
}

/**
 * Holds the employer's row until the transaction ends, so that two writers of its employees (two census imports)
 * take turns: the second reads what the first wrote.
 */
export async function lockForUpdate(db: DbOrTx, accountid: string): Promise<void> {
  await db.selectFrom('employer').select('accountid').where('accountid', '=', accountid).forUpdate().execute();
}

/** Every employer, by name. */
export async function listAll(db: DbOrTx): Promise<EmployerRow[]> {
  return db.selectFrom('employer').selectAll().orderBy('accountname').orderBy('accountid').execute();
}

/** Another employer with this name (compared without case), if any: names tell employers apart for staff. */
export async function findOtherByName(db: DbOrTx, accountname: string, exceptAccountid: string | null): Promise<EmployerRow | undefined> {
  let query = db.selectFrom('employer').selectAll().where((eb) => eb(eb.fn('lower', ['accountname']), '=', accountname.trim().toLowerCase()));
  if (exceptAccountid !== null) query = query.where('accountid', '!=', exceptAccountid);
  return query.executeTakeFirst();
}

export async function insert(db: DbOrTx, row: NewEmployerRow): Promise<EmployerRow> {
  return db.insertInto('employer').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function update(db: DbOrTx, accountid: string, changes: Partial<Omit<NewEmployerRow, 'accountid'>>): Promise<EmployerRow | undefined> {
  return db.updateTable('employer').set(changes).where('accountid', '=', accountid).returningAll().executeTakeFirst();
}

/** Every employer's id and name, by name (npm run forms:check). */
export async function listNames(db: DbOrTx): Promise<{ accountid: string; accountname: string }[]> {
  return db.selectFrom('employer').select(['accountid', 'accountname']).orderBy('accountname').orderBy('accountid').execute();
}

/** Inserts the employer or, when its accountid exists, overwrites every given column (seeding). */
export async function upsert(db: DbOrTx, row: NewEmployerRow): Promise<EmployerRow> {
  const { accountid, ...changes } = row;
  return db
    .insertInto('employer')
    .values(row)
    .onConflict((conflict) => conflict.column('accountid').doUpdateSet({ ...changes }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The account record with its settings (spec §3 Employer, §7 Account settings). */
export function toWire(row: EmployerRow): Employer {
  return {
    accountid: row.accountid,
    accountname: row.accountname,
    teamid: row.teamid,
    mediadata: row.mediadata,
    emailaddress: row.emailaddress,
    employeazecustomer: row.employeazecustomer,
    hsaonly: row.hsaonly,
    edoc_period: row.edoc_period,
    hsaadministrator: row.hsaadministrator,
    planyearstart: row.planyearstart,
    planyearend: row.planyearend,
    businessyear: row.businessyear,
  };
}

/** What anyone holding the employer link sees: name, logo and help address, no settings. */
export function toBranding(row: EmployerRow): EmployerBranding {
  return { accountid: row.accountid, accountname: row.accountname, mediadata: row.mediadata, emailaddress: row.emailaddress };
}
