/**
 * The array and object fields: rjsf's own, given props whose parts keep their identity while their content is
 * unchanged. rjsf copies the whole form's data on every change, so without this every item of an array (each
 * person of a profile) would be new on each keystroke anywhere in the form, and rjsf's array item, memoized on its
 * props, would render every item again with its template; with it, only the item that changed renders. The errors
 * of each item are kept the same way, since they reach the item as its own part of the error schema, and so are the
 * field's schema and uiSchema, which rjsf rebuilds for the field on each render and from which each item's props are
 * made. An object field's properties are memoized on their props too, and among those is a callback rjsf makes anew
 * whenever the object's uiSchema or path is a new object: kept as they were, a key renders only the property that
 * changed, not every field of the form.
 */
import { getDefaultRegistry } from '@rjsf/core';
import type { FieldProps } from '@rjsf/utils';
import { deepEquals } from '@rjsf/utils';
import type { ComponentType } from 'react';
import { useRef } from 'react';

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

/** rjsf's field with its data, errors, schema, uiSchema and paths kept as they were where unchanged. */
function withSharedParts(RjsfField: ComponentType<FieldProps>): ComponentType<FieldProps> {
  return function SharedPartsField(props: FieldProps) {
    const formData = useSharedParts(props.formData);
    const errorSchema = useSharedParts(props.errorSchema);
    const schema = useSharedParts(props.schema);
    const uiSchema = useSharedParts(props.uiSchema);
    const fieldPathId = useSharedParts(props.fieldPathId);
    const childFieldPathId = useSharedParts(props.childFieldPathId);
    const shared = { formData, errorSchema, schema, uiSchema, fieldPathId, ...(childFieldPathId ? { childFieldPathId } : {}) };
    return <RjsfField {...props} {...shared} />;
  };
}

const defaultFields = getDefaultRegistry().fields;
export const ArrayField = withSharedParts(defaultFields.ArrayField!);
export const ObjectField = withSharedParts(defaultFields.ObjectField!);
