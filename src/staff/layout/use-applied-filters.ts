/**
 * A filter form whose filters apply on submit: the values being typed (`editing`), the ones last applied, and the
 * staff API path they make (filteredPath), so a list reads the server only when Filter is pressed. `applyNow`
 * applies one value at once (a choice from a list, which has nothing to type).
 */
import { useState, type FormEvent } from 'react';
import { filteredPath } from '../api/staff-api.ts';

export function useAppliedFilters<F extends Record<string, string>>(path: string, none: F) {
  const [editing, setEditing] = useState<F>(none);
  const [applied, setApplied] = useState<F>(none);
  const set = (key: keyof F, value: string) => setEditing((current) => ({ ...current, [key]: value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setApplied(editing);
  };
  const applyNow = (key: keyof F, value: string) => {
    set(key, value);
    setApplied((current) => ({ ...current, [key]: value }));
  };
  return { editing, set, apply, applyNow, applied, path: filteredPath(path, applied) };
}
