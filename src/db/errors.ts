/** What a database error means to the code that caught it. */

/** The statement broke a unique index (PostgreSQL's SQLSTATE 23505): another writer got there first. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
