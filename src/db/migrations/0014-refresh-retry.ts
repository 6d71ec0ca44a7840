import { sql, type Kysely } from 'kysely';

/**
 * A rotated refresh token names the token that replaced it, so a refresh whose answer was lost on the way can be
 * sent again for a short while without counting as a stolen token reused (src/server/tokens.ts, rotateTokens).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table refresh_token add column replaced_by uuid`.execute(db);
}
