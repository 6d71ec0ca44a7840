/**
 * Filters staff type into the console's lists: a text to look for anywhere in a column (ILIKE, its wildcards
 * escaped so '%' and '_' match themselves) and days (UTC) turned into the instants that bound them.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/** `column` contains `text`, ignoring case; `\`, `%` and `_` in the text are matched as themselves. */
export function containsText(column: Expression<string | null>, text: string): RawBuilder<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (wildcard) => `\\${wildcard}`)}%`;
  return sql<SqlBool>`${column} ilike ${pattern} escape '\\'`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first instant of a day 'YYYY-MM-DD' (UTC), or of the day `plusDays` after it (1: the end of a day included). */
export const startOfDay = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00Z`) + plusDays * DAY_MS);
