/**
 * How the console lays out a line diff: long runs of unchanged lines folded (a few kept beside each change, so a
 * change is read in its place), and the lines paired side by side, a removed line beside the line that replaced it.
 */
import type { DiffLine } from '../../api/types.ts';

/** Unchanged lines kept beside a change; a run is folded only when it hides at least MIN_FOLDED lines. */
const CONTEXT = 3;
const MIN_FOLDED = 4;

/** Lines shown as they are, or a run of unchanged lines folded (shown on demand). */
export type DiffBlock = { folded: boolean; lines: DiffLine[] };

export function foldUnchanged(lines: DiffLine[]): DiffBlock[] {
  const blocks: DiffBlock[] = [];
  const show = (shown: DiffLine[]) => {
    if (shown.length === 0) return;
    const last = blocks.at(-1);
    if (last && !last.folded) last.lines.push(...shown);
    else blocks.push({ folded: false, lines: [...shown] });
  };
  for (let start = 0; start < lines.length; ) {
    let end = start;
    const unchanged = lines[start]!.op === ' ';
    while (end < lines.length && (lines[end]!.op === ' ') === unchanged) end += 1;
    const run = lines.slice(start, end);
    const keepBefore = start === 0 ? 0 : CONTEXT;
    const keepAfter = end === lines.length ? 0 : CONTEXT;
    if (unchanged && run.length - keepBefore - keepAfter >= MIN_FOLDED) {
      show(run.slice(0, keepBefore));
      blocks.push({ folded: true, lines: run.slice(keepBefore, run.length - keepAfter) });
      show(run.slice(run.length - keepAfter));
    } else show(run);
    start = end;
  }
  return blocks;
}

/** One row of the side by side view: the line before and the line after (null: none on that side). */
export type SideBySideRow = { before: DiffLine | null; after: DiffLine | null };

export function sideBySide(lines: DiffLine[]): SideBySideRow[] {
  const rows: SideBySideRow[] = [];
  for (let i = 0; i < lines.length; ) {
    if (lines[i]!.op === ' ') {
      rows.push({ before: lines[i]!, after: lines[i]! });
      i += 1;
      continue;
    }
    const removed: DiffLine[] = [];
    const added: DiffLine[] = [];
    while (i < lines.length && lines[i]!.op === '-') removed.push(lines[i++]!);
    while (i < lines.length && lines[i]!.op === '+') added.push(lines[i++]!);
    for (let j = 0; j < Math.max(removed.length, added.length); j += 1) rows.push({ before: removed[j] ?? null, after: added[j] ?? null });
  }
  return rows;
}
