import { sql, type Kysely } from 'kysely';

/**
 * A rotated refresh token names the token that replaced it, so a refresh whose answer was lost on the way can be
 * sent again for a short while without counting as a stolen token reused (src/server/tokens.ts, rotateTokens);
 * each such retry is a security event of its own, with the client's address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table refresh_token add column replaced_by uuid`.execute(db);
  await sql`alter table security_event drop constraint security_event_kind_check`.execute(db);
  await sql`alter table security_event add constraint security_event_kind_check check (kind in ('sign-in', 'sign-in-failed',
    'lockout', 'password-set', 'password-reset', 'reset-requested', 'refresh-reuse', 'refresh-retry', 'sign-out'))`.execute(db);
}
