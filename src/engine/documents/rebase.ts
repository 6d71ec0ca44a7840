/**
 * A draft made on top of older data, moved onto the newest: what a person typed in one tab (their draft, made from
 * the data the form started with, its base) and what was saved since from another tab or device (the newest data)
 * both survive a reload. Only what the draft changed from its base is applied; everything else is the newest data.
 * Objects merge key by key; lists of items with an `id` merge item by item (an item removed here goes, one added
 * here or elsewhere stays, one deleted elsewhere stays deleted); any other value changed here replaces the newest.
 */
import { sameJson } from './merge.ts';

type Json = unknown;
type Item = Record<string, unknown>;

const isObject = (value: Json): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);
const idOf = (value: Json): unknown => (isObject(value) ? value.id : undefined);
const hasIds = (list: Json): list is Item[] => Array.isArray(list) && list.every((item) => isObject(item) && item.id !== undefined && item.id !== null);

function rebaseList(base: Item[], mine: Json[], newest: Json[]): Json[] {
  const baseIds = new Set(base.map((item) => item.id));
  const result: Json[] = [];
  for (const item of mine) {
    const id = idOf(item);
    if (id === undefined || id === null || !baseIds.has(id)) {
      result.push(item);
      continue;
    }
    const there = newest.find((candidate) => idOf(candidate) === id);
    if (there !== undefined) result.push(rebaseDraft(base.find((candidate) => candidate.id === id), item, there));
  }
  const mineIds = new Set(mine.map(idOf));
  for (const item of newest) {
    const id = idOf(item);
    if (!baseIds.has(id) && !mineIds.has(id)) result.push(item);
  }
  return result;
}

export function rebaseDraft(base: Json, mine: Json, newest: Json): Json {
  if (sameJson(base, mine)) return newest;
  if (isObject(base) && isObject(mine) && isObject(newest)) {
    const result: Item = { ...newest };
    for (const key of new Set([...Object.keys(base), ...Object.keys(mine)])) {
      const value = !Object.hasOwn(mine, key) ? undefined : Object.hasOwn(base, key) ? rebaseDraft(base[key], mine[key], newest[key]) : mine[key];
      if (value === undefined) delete result[key];
      else result[key] = value;
    }
    return result;
  }
  if (hasIds(base) && Array.isArray(mine) && Array.isArray(newest)) return rebaseList(base, mine, newest);
  return mine;
}
