/** The console's settings (migration 0021): one row, made by the migration. */
import type { DbOrTx } from '../../database.ts';

export type StaffConsoleSettings = { secondFactorRequired: boolean };

/** The settings; `forUpdate`: locked until the transaction ends (a change compares what it read under this lock). */
export async function read(db: DbOrTx, forUpdate = false): Promise<StaffConsoleSettings> {
  const query = db.selectFrom('staff_console_setting').select('second_factor_required');
  const row = await (forUpdate ? query.forUpdate() : query).executeTakeFirst();
  return { secondFactorRequired: row?.second_factor_required ?? false };
}

export async function write(db: DbOrTx, settings: StaffConsoleSettings): Promise<void> {
  await db.updateTable('staff_console_setting').set({ second_factor_required: settings.secondFactorRequired }).execute();
}
