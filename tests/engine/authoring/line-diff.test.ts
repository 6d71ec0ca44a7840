import { describe, expect, it } from 'vitest';
import { lineDiff, type DiffLine } from '#engine/authoring/line-diff.ts';

/** The diff as compact text: one line each, its op then its text. */
const show = (lines: DiffLine[]) => lines.map((line) => `${line.op}${line.text}`);
/** What the diff says each side was. */
const sides = (lines: DiffLine[]) => ({
  from: lines.filter((line) => line.op !== '+').map((line) => line.text).join('\n'),
  to: lines.filter((line) => line.op !== '-').map((line) => line.text).join('\n'),
});

describe('lineDiff', () => {
  it('marks nothing in two equal texts', () => {
    expect(show(lineDiff('a\nb\nc', 'a\nb\nc'))).toEqual([' a', ' b', ' c']);
  });

  it('shows a changed line as removed then added, between the lines kept', () => {
    expect(show(lineDiff('a\nb\nc', 'a\nB\nc'))).toEqual([' a', '-b', '+B', ' c']);
  });

  it('shows lines added and removed anywhere', () => {
    expect(show(lineDiff('a\nc', 'a\nb\nc\nd'))).toEqual([' a', '+b', ' c', '+d']);
    expect(show(lineDiff('x\na\nb\nc', 'a\nc'))).toEqual(['-x', ' a', '-b', ' c']);
  });

  it('handles empty texts', () => {
    expect(lineDiff('', '')).toEqual([]);
    expect(show(lineDiff('', 'a\nb'))).toEqual(['+a', '+b']);
    expect(show(lineDiff('a\nb', ''))).toEqual(['-a', '-b']);
  });

  it('keeps the longest common subsequence (the fewest changes), not just a common prefix', () => {
    const diff = lineDiff('a\nb\nc\nd\ne', 'b\nc\nx\ne\nf');
    expect(show(diff)).toEqual(['-a', ' b', ' c', '-d', '+x', ' e', '+f']);
    expect(diff.filter((line) => line.op === ' ')).toHaveLength(3);
  });

  it('always gives back both texts exactly', () => {
    const pairs: [string, string][] = [
      ['{\n  "a": 1,\n  "b": [\n    1,\n    2\n  ]\n}', '{\n  "a": 2,\n  "b": [\n    2\n  ],\n  "c": null\n}'],
      ['same\nsame\nsame', 'same\nother\nsame\nsame'],
      ['p\nq\nr', 'r\nq\np'],
    ];
    for (const [from, to] of pairs) expect(sides(lineDiff(from, to))).toEqual({ from, to });
  });
});
