/** Consecutive failed sign-ins per e-mail address (its hash) and the lockout they lead to (migration 0007). */
import type { Selectable } from 'kysely';
import type { DbOrTx, SigninFailureTable } from '../database.ts';

export type SigninFailureRow = Selectable<SigninFailureTable>;

export async function find(db: DbOrTx, emailHash: string): Promise<SigninFailureRow | undefined> {
  return db.selectFrom('signin_failure').selectAll().where('email_hash', '=', emailHash).executeTakeFirst();
}

/** Counts one more failure atomically (two instances at once count two) and answers the new count. */
export async function increment(db: DbOrTx, emailHash: string, now: Date): Promise<number> {
  const row = await db
    .insertInto('signin_failure')
    .values({ email_hash: emailHash, failures: 1, updated_at: now })
    .onConflict((oc) =>
      oc.column('email_hash').doUpdateSet((eb) => ({ failures: eb('signin_failure.failures', '+', 1), updated_at: now })),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return row.failures;
}

export async function lockUntil(db: DbOrTx, emailHash: string, until: Date): Promise<void> {
  await db.updateTable('signin_failure').set({ locked_until: until }).where('email_hash', '=', emailHash).execute();
}

export async function clear(db: DbOrTx, emailHash: string): Promise<void> {
  await db.deleteFrom('signin_failure').where('email_hash', '=', emailHash).execute();
}
