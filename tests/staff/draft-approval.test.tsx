/**
 * Four eyes on guarded texts in the editor: a draft that changes one says it needs approval by a second staff
 * member and lists the texts; Approve is offered to another implementer or admin, never to the one who saved it;
 * once approved it says who approved and Publish may go on. The audit trail says an approval in sentences.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DraftApproval } from '../../src/contracts/publish-proof.ts';
import { awaitsApproval, DraftApprovalPanel } from '../../src/staff/documents/editor/draft-approval.tsx';
import { approvalSentences } from '../../src/staff/screens/audit-words.ts';

const TEXT = { pointer: '/schema/properties/deductionacknowledged/title', why: 'The payroll-deduction acknowledgment.', language: 'en', before: 'Old words.', after: 'New words.' };
const pending: DraftApproval = { guardedTexts: [TEXT], savedBy: 'sam@staff.test', savedByYou: false, approvedBy: null, approvedAt: null };
const show = (approval: DraftApproval | null, onApprove = () => {}, props: { canChange?: boolean; dirty?: boolean } = {}) =>
  render(
    <MantineProvider>
      <DraftApprovalPanel approval={approval} canChange={props.canChange ?? true} dirty={props.dirty ?? false} busy={false} onApprove={onApprove} />
    </MantineProvider>,
  );

describe('the approval of a draft that changes a guarded text', () => {
  it('lists the guarded texts and offers Approve to a second staff member', async () => {
    const onApprove = vi.fn();
    show(pending, onApprove);
    const region = screen.getByRole('region', { name: 'Needs approval by a second staff member' });
    expect(region).toHaveTextContent('other than sam@staff.test, who saved it last');
    expect(region).toHaveTextContent('/schema/properties/deductionacknowledged/title (English): The payroll-deduction acknowledgment. New text: “New words.”');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onApprove).toHaveBeenCalledOnce();
    expect(awaitsApproval(pending)).toBe(true);
  });

  it('tells the one who saved it to ask someone else, and offers no Approve; nor to a viewer', () => {
    const { unmount } = show({ ...pending, savedByYou: true });
    expect(screen.getByText(/You saved this draft last, so you cannot approve it/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    unmount();
    show(pending, () => {}, { canChange: false });
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('keeps Approve off while the editor holds unsaved edits', () => {
    show(pending, () => {}, { dirty: true });
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
  });

  it('says who approved it, and nothing for a draft that changes no guarded text', () => {
    const approved = { ...pending, approvedBy: 'rita@staff.test', approvedAt: '2026-12-08T10:00:00.000Z' };
    const { unmount } = show(approved);
    expect(screen.getByRole('status')).toHaveTextContent('rita@staff.test approved this draft');
    expect(awaitsApproval(approved)).toBe(false);
    unmount();
    const { container } = show({ ...pending, guardedTexts: [] });
    expect(container.querySelector('[role="region"], [role="status"]')).toBeNull();
    expect(awaitsApproval(null)).toBe(false);
  });

  it('is said in the audit trail as the version approved, who saved it and the texts', () => {
    expect(approvalSentences({ version: 3, savedBy: 'sam@staff.test' }, { version: 3, approvedBy: 'rita@staff.test', guardedTexts: [TEXT, { ...TEXT, language: 'es', after: 'Palabras nuevas.' }] })).toEqual([
      'Approved version 3, saved by sam@staff.test.',
      "Guarded text /schema/properties/deductionacknowledged/title now reads 'New words.'.",
      "Guarded text /schema/properties/deductionacknowledged/title (es) now reads 'Palabras nuevas.'.",
    ]);
  });
});
