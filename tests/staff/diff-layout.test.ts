/** The diff view's layout: unchanged runs folded beside the changes, removed and added lines paired side by side. */
import { describe, expect, it } from 'vitest';
import type { DiffLine } from '../../src/staff/api/types.ts';
import { foldUnchanged, sideBySide } from '../../src/staff/documents/versions/diff-layout.ts';

const same = (count: number, from = 1): DiffLine[] => Array.from({ length: count }, (_, i) => ({ op: ' ', text: `line ${from + i}` }));
const removed = (text: string): DiffLine => ({ op: '-', text });
const added = (text: string): DiffLine => ({ op: '+', text });

describe('folding unchanged lines', () => {
  it('folds a long run, keeping three lines beside each change and none at the ends', () => {
    const lines = [...same(10), removed('old'), added('new'), ...same(12, 11)];
    const blocks = foldUnchanged(lines);
    expect(blocks.map((block) => [block.folded, block.lines.length])).toEqual([
      [true, 7],
      [false, 8],
      [true, 9],
    ]);
    expect(blocks.flatMap((block) => block.lines)).toEqual(lines);
  });

  it('keeps a short run between two changes whole', () => {
    const lines = [added('a'), ...same(9), added('b')];
    expect(foldUnchanged(lines)).toEqual([{ folded: false, lines }]);
  });

  it('folds a run between two changes from its middle', () => {
    const lines = [added('a'), ...same(10), added('b')];
    expect(foldUnchanged(lines).map((block) => [block.folded, block.lines.length])).toEqual([
      [false, 4],
      [true, 4],
      [false, 4],
    ]);
  });
});

describe('side by side', () => {
  it('pairs each removed line with the line added in its place, and leaves a side empty when there is none', () => {
    expect(sideBySide([...same(1), removed('old 1'), removed('old 2'), added('new 1'), ...same(1, 2), added('extra')])).toEqual([
      { before: same(1)[0], after: same(1)[0] },
      { before: removed('old 1'), after: added('new 1') },
      { before: removed('old 2'), after: null },
      { before: same(1, 2)[0], after: same(1, 2)[0] },
      { before: null, after: added('extra') },
    ]);
  });
});
