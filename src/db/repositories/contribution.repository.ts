import type { Selectable } from 'kysely';
import type { ContributionRow } from '#domain/contribution.ts';
import type { ContributionScheduleTable, DbOrTx } from '../database.ts';

export type ContributionScheduleRow = Selectable<ContributionScheduleTable>;

/** An employer's whole schedule (every class), youngest band first. */
export async function listByAccount(db: DbOrTx, accountid: string): Promise<ContributionScheduleRow[]> {
  return db
    .selectFrom('contribution_schedule')
    .selectAll()
    .where('accountid', '=', accountid)
    .orderBy('contributionclass')
    .orderBy('age_min')
    .execute();
}

/** Replaces an employer's schedule with the given bands (run it in a transaction). */
export async function replaceSchedule(
  db: DbOrTx,
  accountid: string,
  bands: ReadonlyArray<ContributionRow & { id: string }>,
): Promise<void> {
  await db.deleteFrom('contribution_schedule').where('accountid', '=', accountid).execute();
  if (bands.length === 0) return;
  await db
    .insertInto('contribution_schedule')
    .values(
      bands.map((band) => ({
        id: band.id,
        accountid,
        contributionclass: band.contributionclass,
        age_min: band.ageMin,
        age_max: band.ageMax,
        employee_cents: band.employeeCents,
        dependent_cents: band.dependentCents,
      })),
    )
    .execute();
}

/** A stored band as the domain's contribution rules read it. */
export function toDomain(row: ContributionScheduleRow): ContributionRow {
  return {
    contributionclass: row.contributionclass,
    ageMin: row.age_min,
    ageMax: row.age_max,
    employeeCents: row.employee_cents,
    dependentCents: row.dependent_cents,
  };
}
