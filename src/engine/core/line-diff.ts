/**
 * A line diff of two texts by longest common subsequence: every line of `from` and `to` once, in order, marked
 * ' ' (in both), '-' (only in `from`) or '+' (only in `to'). Lines shared at the start and the end are set aside
 * first, so the quadratic table covers only the changed middle (document versions differ in a few lines).
 */
export type DiffLine = { op: ' ' | '+' | '-'; text: string };

export function lineDiff(from: string, to: string): DiffLine[] {
  const a = from === '' ? [] : from.split('\n');
  const b = to === '' ? [] : to.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const same = (lines: string[]): DiffLine[] => lines.map((text) => ({ op: ' ', text }));
  return [...same(a.slice(0, start)), ...middle(a.slice(start, endA), b.slice(start, endB)), ...same(a.slice(endA))];
}

/** The LCS table, filled from the end: lcs[i][j] is the longest common subsequence of a[i..] and b[j..]. */
function middle(a: string[], b: string[]): DiffLine[] {
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lcs[i * width + j] = a[i] === b[j] ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      lines.push({ op: ' ', text: a[i]! });
      i += 1;
      j += 1;
    } else if (lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!) {
      lines.push({ op: '-', text: a[i]! });
      i += 1;
    } else {
      lines.push({ op: '+', text: b[j]! });
      j += 1;
    }
  }
  for (; i < a.length; i += 1) lines.push({ op: '-', text: a[i]! });
  for (; j < b.length; j += 1) lines.push({ op: '+', text: b[j]! });
  return lines;
}
