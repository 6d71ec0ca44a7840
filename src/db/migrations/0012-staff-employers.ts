import { sql, type Kysely } from 'kysely';

/**
 * Additional-service products belong to an employer (the staff console edits each employer's own list): a product
 * with an accountid is offered to that employer's members only; one without (as before) to every employer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table product add column accountid uuid references employer(accountid) on delete cascade`.execute(db);
  await sql`create index product_account on product(accountid)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index product_account`.execute(db);
  await sql`alter table product drop column accountid`.execute(db);
}
