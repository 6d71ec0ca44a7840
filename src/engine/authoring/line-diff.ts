/**
 * A line diff of two texts, by jsdiff's Myers algorithm (the fewest changes, in time proportional to the texts
 * and their differences, so a large document a staff user pasted costs no quadratic table): every line of `from`
 * and `to` once, in order, marked ' ' (in both), '-' (only in `from`) or '+' (only in `to`). For comparing
 * document versions (the console's draft conflict, the server's version diff); imported by its own path, not the
 * authoring index, so the wizard's bundle does not carry the library.
 */
import { diffArrays } from 'diff';

export type DiffLine = { op: ' ' | '+' | '-'; text: string };

const linesOf = (text: string) => (text === '' ? [] : text.split('\n'));

export function lineDiff(from: string, to: string): DiffLine[] {
  return diffArrays(linesOf(from), linesOf(to)).flatMap((change) => {
    const op: DiffLine['op'] = change.added ? '+' : change.removed ? '-' : ' ';
    return change.value.map((text) => ({ op, text }));
  });
}
