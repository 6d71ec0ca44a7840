import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeDraft } from '#engine/react/index.ts';
import { DRAFT_DELAY_MS } from '#engine/react/drafts.ts';
import { clearSession, saveTokens } from '#portal/api/session.ts';

describe('signing out', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('drops a draft still waiting to be written, so the cleared storage stays empty', () => {
    vi.useFakeTimers();
    saveTokens({ access_token: 'a', id_token: 'b' });
    writeDraft({ key: 'profile:member-1' }, { firstname: 'Jane' });
    clearSession();
    vi.advanceTimersByTime(DRAFT_DELAY_MS);
    window.dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.length).toBe(0);
  });
});
