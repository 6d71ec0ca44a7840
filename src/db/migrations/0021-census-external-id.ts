import { sql, type Kysely } from 'kysely';

/**
 * The employer's own id for an employee (its payroll or HR number), from the census column `externalid`: a census
 * imported again names its employees by it first. Kept apart from the spec's `member.externalid`, a uuid the
 * product's integrations own. Unique within an employer (two employers may use the same numbers).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member add column census_externalid text`.execute(db);
  await sql`create unique index member_census_externalid on member (accountid, census_externalid) where census_externalid is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index member_census_externalid`.execute(db);
  await sql`alter table member drop column census_externalid`.execute(db);
}
