/**
 * A list the console edits whole and saves whole (contacts, services, contribution rules): read once with its
 * version (ETag), then the person's edits are the list until saved (a late answer of the read never overwrites
 * them); saving sends `{ [bodyKey]: items }` with PUT naming the version read (If-Match) and shows what the server
 * stored, whose version the next save names. A save refused because someone changed the list since (412) is the
 * saveError; reload() then reads the current list and version in place of the edits. `readPath` is where the list
 * being edited is read when it is not the PUT's path (the draft of the contribution rules).
 */
import { useState } from 'react';
import useSWR from 'swr';
import { madeOn, staffTagged, staffTaggedFetcher, taggedKey, type Tagged } from '../api/staff-api.ts';

export type EditableList<T> = {
  items: T[];
  /** The version the edits were made on (what the next save names); null before the read or when none exists. */
  etag: string | null;
  /** False until the stored list has been read: the list's controls wait for it. */
  loaded: boolean;
  readError: unknown;
  saveError: unknown;
  saved: boolean;
  update: (change: (items: T[]) => T[]) => void;
  save: () => Promise<void>;
  /** Reads the stored list again, replacing the edits (after a save refused as made on an older version). */
  reload: () => Promise<void>;
};

export function useEditableList<T>(path: string, bodyKey: string, readPath = path): EditableList<T> {
  const { data, error, mutate } = useSWR<Tagged<T[]>>(taggedKey(readPath), staffTaggedFetcher<T[]>);
  const [edited, setEdited] = useState<Tagged<T[]> | null>(null);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  if (edited === null && data) setEdited(data);

  return {
    items: edited?.data ?? [],
    etag: edited?.etag ?? null,
    loaded: edited !== null,
    readError: error,
    saveError,
    saved,
    update: (change) => {
      setSaved(false);
      setEdited((current) => ({ data: change(current?.data ?? []), etag: current?.etag ?? null }));
    },
    save: async () => {
      setSaveError(null);
      try {
        const stored = await staffTagged<T[]>('PUT', path, { [bodyKey]: edited?.data ?? [] }, madeOn(edited?.etag ?? null));
        setEdited(stored);
        await mutate(stored, { revalidate: false });
        setSaved(true);
      } catch (failure) {
        setSaveError(failure);
      }
    },
    reload: async () => {
      const current = await mutate();
      if (!current) return;
      setEdited(current);
      setSaveError(null);
      setSaved(false);
    },
  };
}
