import { sql, type Kysely } from 'kysely';

/**
 * The employer's HSA administrator: the company that holds its employees' HSA accounts, entered by staff. An HSA
 * order names it as its vendor (vendorname); null (none entered) leaves the order without one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table employer add column hsaadministrator text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table employer drop column hsaadministrator`.execute(db);
}
