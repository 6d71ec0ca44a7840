/**
 * What staff typed for an employer, as it is stored: a Spanish version or none. (Their dollars arrive as cents:
 * the routes' money mapping, src/server/http/money-wire.ts, converts and refuses them.)
 */
/** A Spanish version of an employer's text as stored: trimmed, and null when none was written (blank or absent). */
export function spanishOf(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
