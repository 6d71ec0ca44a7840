/**
 * Drafts: what a person typed into a form and has not saved yet, kept in the tab's sessionStorage so a reload of
 * that tab finds it (another tab has its own). The form writes its draft on every change, without the fields a
 * draft must never hold (pointer patterns, '*' for every item); the screen reads it back when it builds the form's
 * data and clears it once the data is saved. Storage that is missing or full only means no draft.
 */
import { withoutPointers } from '#engine/core/index.ts';
import type { FormData } from './document-form.tsx';

/** Where a form keeps its draft: a key naming the form and its owner, and the fields never written. */
export type DraftOptions = { key: string; omit?: readonly string[] };

const PREFIX = 'draft:';

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readDraft(key: string): FormData | undefined {
  try {
    const text = storage()?.getItem(PREFIX + key);
    const value: unknown = text ? JSON.parse(text) : undefined;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as FormData) : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(options: DraftOptions, data: FormData): void {
  try {
    storage()?.setItem(PREFIX + options.key, JSON.stringify(withoutPointers(data, options.omit ?? [])));
  } catch {
    // No room or no storage: the draft is only a convenience.
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(PREFIX + key);
  } catch {
    // Nothing to clear.
  }
}
