/** The console's settings (migration 0021): one row, made by the migration. */
import type { DbOrTx } from '../database.ts';

export type StaffConsoleSettings = { secondFactorRequired: boolean };

export async function read(db: DbOrTx): Promise<StaffConsoleSettings> {
  const row = await db.selectFrom('staff_console_setting').select('second_factor_required').executeTakeFirst();
  return { secondFactorRequired: row?.second_factor_required ?? false };
}

export async function write(db: DbOrTx, settings: StaffConsoleSettings): Promise<void> {
  await db.updateTable('staff_console_setting').set({ second_factor_required: settings.secondFactorRequired }).execute();
}
