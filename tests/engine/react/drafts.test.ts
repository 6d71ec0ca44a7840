import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, DRAFT_DELAY_MS, readDraft, writeDraft } from '#engine/react/drafts.ts';

const draft = { key: 'profile:member-1', omit: ['/additionalid'] };
const stored = () => sessionStorage.getItem(`draft:${draft.key}`);

describe('drafts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes the newest of the changes once, shortly after them, without the omitted fields', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    writeDraft(draft, { firstname: 'J' });
    writeDraft(draft, { firstname: 'Ja', additionalid: '123456789' });
    expect(stored()).toBeNull();
    vi.advanceTimersByTime(DRAFT_DELAY_MS);
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(JSON.parse(stored()!)).toEqual({ data: { firstname: 'Ja' } });
    setItem.mockRestore();
  });

  it('reads a pending draft back at once, and clearing a draft drops its pending write', () => {
    writeDraft(draft, { firstname: 'Jane' });
    expect(readDraft(draft.key)).toEqual({ data: { firstname: 'Jane' } });
    writeDraft(draft, { firstname: 'Janet' });
    clearDraft(draft.key);
    vi.advanceTimersByTime(DRAFT_DELAY_MS);
    expect(stored()).toBeNull();
  });

  it('writes a pending draft when the page is left (a reload)', () => {
    writeDraft(draft, { firstname: 'Jane' });
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(stored()!)).toEqual({ data: { firstname: 'Jane' } });
  });

  it('keeps the data the draft was typed over beside it, without the omitted fields', () => {
    writeDraft({ ...draft, base: { firstname: 'Jan', additionalid: '***-**-6789' } }, { firstname: 'Jane', additionalid: '123456789' });
    expect(readDraft(draft.key)).toEqual({ data: { firstname: 'Jane' }, base: { firstname: 'Jan' } });
    expect(stored()).not.toMatch(/6789/);
  });
});
