/**
 * Drafts: what a person typed into a form and has not saved yet, kept in the tab's sessionStorage so a reload of
 * that tab finds it (another tab has its own). The form hands its draft over on every change, without the fields a
 * draft must never hold (pointer patterns, '*' for every item); the screen reads it back when it builds the form's
 * data and clears it once the data is saved. Storage that is missing or full only means no draft.
 *
 * Serializing a long form into the storage costs about a millisecond, so it is not done in the keystroke's own task:
 * the newest data of each draft waits at most DRAFT_DELAY_MS and is written once, however many changes came in that
 * time. Leaving the page (a reload, closing the tab) writes it at once, and so does flushDrafts (a session that ended
 * under the tab keeps its drafts for the person's next sign-in); reading or clearing a draft sees the pending data
 * first; signing out drops it (dropPendingDrafts), since sign-out clears the storage and a write after that would
 * bring the person's data back.
 */
import { withoutPointers } from '#engine/runtime/pointer.ts';
import type { FormData } from '#engine/runtime/types.ts';

/**
 * Where a form keeps its draft: a key naming the form and its owner, the fields never written, and the data the
 * form started from (`base`, kept beside the draft without the same fields), so a screen can move the draft onto
 * data saved since elsewhere (rebaseDraft) instead of putting back the older data it was typed over.
 */
export type DraftOptions = { key: string; omit?: readonly string[]; base?: FormData };

/** A draft read back: what was typed, and the data it was typed over when the form gave it. */
export type Draft = { data: FormData; base?: FormData };

const PREFIX = 'draft:';

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** How long a draft's newest data may wait before it is written. */
export const DRAFT_DELAY_MS = 100;

/** The drafts handed over and not written yet, by key. */
const pending = new Map<string, { options: DraftOptions; data: FormData }>();
let timer: ReturnType<typeof setTimeout> | undefined;

/** Each draft's base without its omitted fields, made once per options (the base does not change while typing). */
const strippedBases = new WeakMap<DraftOptions, unknown>();

function strippedBase(options: DraftOptions): unknown {
  if (!options.base) return undefined;
  if (!strippedBases.has(options)) strippedBases.set(options, withoutPointers(options.base, options.omit ?? []));
  return strippedBases.get(options);
}

/** Writes every pending draft now (a session that ends keeps what was typed last). */
export function flushDrafts(): void {
  clearTimeout(timer);
  timer = undefined;
  for (const [key, { options, data }] of pending) {
    try {
      const base = strippedBase(options);
      const draft = { data: withoutPointers(data, options.omit ?? []), ...(base === undefined ? {} : { base }) };
      storage()?.setItem(PREFIX + key, JSON.stringify(draft));
    } catch {
      // No room or no storage: the draft is only a convenience.
    }
  }
  pending.clear();
}

/** Forgets every pending draft unwritten (sign-out, which clears the storage). */
export function dropPendingDrafts(): void {
  clearTimeout(timer);
  timer = undefined;
  pending.clear();
}

// A reload, a closed tab or a tab put away (which a phone may end unannounced) keeps what was typed just before.
globalThis.addEventListener?.('pagehide', flushDrafts);
globalThis.document?.addEventListener('visibilitychange', () => {
  if (globalThis.document.visibilityState === 'hidden') flushDrafts();
});

const isData = (value: unknown): value is FormData => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

export function readDraft(key: string): Draft | undefined {
  flushDrafts();
  try {
    const text = storage()?.getItem(PREFIX + key);
    const value: unknown = text ? JSON.parse(text) : undefined;
    if (!isData(value) || !isData(value.data)) return undefined;
    return { data: value.data, ...(isData(value.base) ? { base: value.base } : {}) };
  } catch {
    return undefined;
  }
}

/** Keeps `data` as the draft of `options.key`, written within DRAFT_DELAY_MS (or earlier, by flushDrafts). */
export function writeDraft(options: DraftOptions, data: FormData): void {
  pending.set(options.key, { options, data });
  timer ??= setTimeout(flushDrafts, DRAFT_DELAY_MS);
}

export function clearDraft(key: string): void {
  pending.delete(key);
  try {
    storage()?.removeItem(PREFIX + key);
  } catch {
    // Nothing to clear.
  }
}
