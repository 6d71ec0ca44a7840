/** Consecutive failed sign-ins per e-mail address (its hash) and the lockout they lead to (migration 0007). */
import type { Selectable } from 'kysely';
import type { DbOrTx, SigninFailureTable } from '../../database.ts';

export type SigninFailureRow = Selectable<SigninFailureTable>;

export async function find(db: DbOrTx, emailHash: string): Promise<SigninFailureRow | undefined> {
  return db.selectFrom('signin_failure').selectAll().where('email_hash', '=', emailHash).executeTakeFirst();
}

/** What a sign-in attempt may do: check its password (counted already), or nothing while the address is locked. */
export type Attempt = { kind: 'check'; lockedUntil: Date | null } | { kind: 'locked'; until: Date };

/** The lockout policy: every `after`-th failure in a row locks the address for `minutes(failures)` minutes. */
export type LockoutPolicy = { after: number; minutes: (failures: number) => number };

/**
 * Reserves one password check for the address, counted as a failure before the password is checked (a right
 * password clears the count afterwards). The row is locked while it is counted, so however many sign-ins arrive at
 * once, on however many instances, no more than `policy.after` passwords are checked before the address locks:
 * the attempt that reaches the threshold locks it in the same transaction (its `lockedUntil`).
 */
export async function reserveAttempt(db: DbOrTx, emailHash: string, now: Date, policy: LockoutPolicy): Promise<Attempt> {
  return db.transaction().execute(async (tx) => {
    await tx.insertInto('signin_failure').values({ email_hash: emailHash, failures: 0, updated_at: now }).onConflict((oc) => oc.column('email_hash').doNothing()).execute();
    const row = await tx.selectFrom('signin_failure').selectAll().where('email_hash', '=', emailHash).forUpdate().executeTakeFirstOrThrow();
    if (row.locked_until && row.locked_until > now) return { kind: 'locked', until: row.locked_until } as const;
    const failures = row.failures + 1;
    const lockedUntil = failures % policy.after === 0 ? new Date(now.getTime() + policy.minutes(failures) * 60_000) : null;
    await tx
      .updateTable('signin_failure')
      .set({ failures, updated_at: now, ...(lockedUntil ? { locked_until: lockedUntil } : {}) })
      .where('email_hash', '=', emailHash)
      .execute();
    return { kind: 'check', lockedUntil } as const;
  });
}

export async function clear(db: DbOrTx, emailHash: string): Promise<void> {
  await db.deleteFrom('signin_failure').where('email_hash', '=', emailHash).execute();
}
