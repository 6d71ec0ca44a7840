/**
 * A list the console edits whole and saves whole (contacts, services, contribution rules): read once, then the
 * person's edits are the list until saved (a late answer of the read never overwrites them); saving sends
 * `{ [bodyKey]: items }` with PUT and shows what the server stored.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { staffData } from '../api/staff-api.ts';

export type EditableList<T> = {
  items: T[];
  /** False until the stored list has been read: the list's controls wait for it. */
  loaded: boolean;
  readError: unknown;
  saveError: unknown;
  saved: boolean;
  update: (change: (items: T[]) => T[]) => void;
  save: () => Promise<void>;
};

export function useEditableList<T>(path: string, bodyKey: string): EditableList<T> {
  const { data, error, mutate } = useSWR<T[]>(path);
  const [items, setItems] = useState<T[] | null>(null);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  if (items === null && data) setItems(data);

  return {
    items: items ?? [],
    loaded: items !== null,
    readError: error,
    saveError,
    saved,
    update: (change) => {
      setSaved(false);
      setItems((current) => change(current ?? []));
    },
    save: async () => {
      setSaveError(null);
      try {
        const stored = await staffData<T[]>('PUT', path, { [bodyKey]: items ?? [] });
        setItems(stored);
        await mutate(stored, { revalidate: false });
        setSaved(true);
      } catch (failure) {
        setSaveError(failure);
      }
    },
  };
}
