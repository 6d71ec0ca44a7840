/**
 * The array field: rjsf's own, given items that keep their identity while their content is unchanged. rjsf copies
 * the whole form's data on every change, so without this every item of an array (each dependent of a profile)
 * would be new on each keystroke anywhere in the form, and rjsf's array item, memoized on its props, would render
 * every item again with its template; with it, only the item that changed renders. The errors of each item are
 * kept the same way, since they reach the item as its own part of the error schema, and so are the array's schema
 * and uiSchema, which rjsf rebuilds for the field on each render and from which each item's props are made.
 */
import { getDefaultRegistry } from '@rjsf/core';
import type { FieldProps } from '@rjsf/utils';
import { deepEquals } from '@rjsf/utils';
import { useRef } from 'react';

const RjsfArrayField = getDefaultRegistry().fields.ArrayField!;

/** `next` with every element or property deeply equal to the one of `previous` replaced by that one; `previous` itself when all are. */
export function sharedParts<T>(previous: T, next: T): T {
  if (previous === next || !previous || !next || typeof previous !== 'object' || typeof next !== 'object') return next;
  if (Array.isArray(previous) !== Array.isArray(next)) return next;
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const entries = Object.entries(after).map(([key, value]) => [key, key in before && deepEquals(before[key], value) ? before[key] : value] as const);
  const same = entries.length === Object.keys(before).length && entries.every(([key, value]) => value === before[key]);
  if (same) return previous;
  if (!Array.isArray(next)) return Object.fromEntries(entries) as T;
  return entries.map(([, value]) => value) as T;
}

/** The value of the last render with the parts of this one that did not change (sharedParts). */
function useSharedParts<T>(value: T): T {
  const kept = useRef(value);
  kept.current = sharedParts(kept.current, value);
  return kept.current;
}

export function ArrayField(props: FieldProps) {
  const formData = useSharedParts(props.formData);
  const errorSchema = useSharedParts(props.errorSchema);
  const schema = useSharedParts(props.schema);
  const uiSchema = useSharedParts(props.uiSchema);
  return <RjsfArrayField {...props} formData={formData} errorSchema={errorSchema} schema={schema} uiSchema={uiSchema} />;
}
