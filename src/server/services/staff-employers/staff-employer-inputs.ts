/** What staff typed for an employer, as it is stored: dollars checked and made cents, a Spanish version or none. */
import { dollarsToCents } from '#domain/values/money.ts';
import { badRequest } from '../../errors.ts';

/** What is wrong with dollars typed as a price or an amount (null when nothing): never negative, whole cents. */
export function dollarsProblem(dollars: number, what: 'price' | 'amount'): string | null {
  const subject = what === 'price' ? 'A price' : 'An amount';
  if (dollars < 0) return `${subject} cannot be negative (${dollars} was entered): enter 0 or more.`;
  try {
    dollarsToCents(dollars);
    return null;
  } catch {
    return `${subject} is dollars with at most two decimals (${dollars} was entered).`;
  }
}

/**
 * The cents of each of `values` (dollars keyed by the JSON pointer of their field), or one 400 naming every
 * refused field with its message: a negative is refused, never turned into 0.
 */
export function checkedCents(values: ReadonlyArray<{ dollars: number; pointer: string }>, what: 'price' | 'amount'): number[] {
  const fieldErrors: Record<string, string[]> = {};
  for (const { dollars, pointer } of values) {
    const problem = dollarsProblem(dollars, what);
    if (problem) fieldErrors[pointer] = [problem];
  }
  const messages = Object.values(fieldErrors).flat();
  if (messages.length > 0) throw badRequest(messages.length === 1 ? messages[0]! : `${messages.length} ${what}s are refused: ${messages.join(' ')}`, fieldErrors);
  return values.map(({ dollars }) => dollarsToCents(dollars));
}

/** A Spanish version of an employer's text as stored: trimmed, and null when none was written (blank or absent). */
export function spanishOf(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
