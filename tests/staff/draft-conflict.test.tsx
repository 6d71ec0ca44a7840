/**
 * The editor's conflict: a 409 DRAFT_CHANGED is recognised, the other person's change shown as a line diff from
 * the document the edit started from to the draft now (with a little context), and the two ways on offered.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DiffLine } from '../../src/engine/authoring/line-diff.ts';
import { StaffApiError } from '../../src/staff/api/staff-api.ts';
import { changesWithContext, DraftConflict, draftChangedMessage } from '../../src/staff/documents/editor/draft-conflict.tsx';

const MESSAGE = 'bea@example.com changed this draft at 2026-11-27 09:14 UTC since you read it; review their change and publish again.';
const read = { id: 'waiver', kind: 'form', title: 'Waive Coverage', messages: { a: 'one', b: 'two', c: 'three', d: 'four', e: "A's text" } };
const current = { ...read, messages: { ...read.messages, e: "B's text" } };

describe('a draft changed since it was read', () => {
  it('is recognised by its code only', () => {
    const failure = (code: 'DRAFT_CHANGED' | 'CONFLICT' | 'PUBLISHED_CHANGED') => new StaffApiError({ success: false, data: null, code, message: MESSAGE });
    expect(draftChangedMessage(failure('DRAFT_CHANGED'))).toBe(MESSAGE);
    expect(draftChangedMessage(failure('CONFLICT'))).toBeNull();
    expect(draftChangedMessage(failure('PUBLISHED_CHANGED'))).toBeNull();
    expect(draftChangedMessage(new Error(MESSAGE))).toBeNull();
  });

  it('keeps the changed lines with two lines around them; what is left out becomes one line', () => {
    const lines: DiffLine[] = ['1', '2', '3', '4', '5', '6', '7'].map((text) => ({ op: ' ', text }));
    lines.splice(4, 1, { op: '-', text: '5' }, { op: '+', text: 'five' });
    expect(changesWithContext(lines)).toEqual([
      { op: ' ', text: '…' },
      { op: ' ', text: '3' },
      { op: ' ', text: '4' },
      { op: '-', text: '5' },
      { op: '+', text: 'five' },
      { op: ' ', text: '6' },
      { op: ' ', text: '7' },
    ]);
    expect(changesWithContext([{ op: ' ', text: 'same' }])).toEqual([{ op: ' ', text: '…' }]);
  });

  it("shows who changed it and when, their change, and loads the current draft or keeps the person's edits", async () => {
    const onLoadCurrent = vi.fn();
    const onKeepMine = vi.fn();
    render(
      <MantineProvider>
        <DraftConflict message={MESSAGE} read={read} current={current} onLoadCurrent={onLoadCurrent} onKeepMine={onKeepMine} />
      </MantineProvider>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(MESSAGE);
    const change = screen.getByLabelText('Their change').textContent!.split('\n');
    expect(change).toContain(`-     "e": "A's text"`);
    expect(change).toContain(`+     "e": "B's text"`);
    expect(change).not.toContain('       "a": "one",');
    await userEvent.click(screen.getByRole('button', { name: 'Load the Current Draft' }));
    expect(onLoadCurrent).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Keep My Edits' }));
    expect(onKeepMine).toHaveBeenCalledTimes(1);
  });
});
