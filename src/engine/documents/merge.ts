/** JSON Merge Patch (RFC 7396): how an override changes a base document. */
import { isLogicNode, metaChild, resolveMetaNode, type MetaNode } from './meta-walk.ts';
import { escapeToken } from '#engine/runtime/pointer.ts';
import type { JsonSchema } from '#engine/runtime/types.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A deep copy of a JSON value, iterative (a deeply nested patch cannot overflow the stack). */
function copyJson(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const root: unknown = Array.isArray(value) ? [] : {};
  const stack: Array<[from: unknown, to: Record<string, unknown> | unknown[]]> = [[value, root as Record<string, unknown>]];
  while (stack.length > 0) {
    const [from, to] = stack.pop()!;
    for (const [key, sub] of Object.entries(from as object)) {
      let copy = sub;
      if (sub !== null && typeof sub === 'object') {
        copy = Array.isArray(sub) ? [] : {};
        stack.push([sub, copy as Record<string, unknown>]);
      }
      Object.defineProperty(to, key, { value: copy, enumerable: true, writable: true, configurable: true });
    }
  }
  return root;
}

function merge(target: unknown, patch: unknown, node: MetaNode | undefined, meta: JsonSchema | undefined): unknown {
  // A place the meta-schema marks as JSON Logic is replaced whole: merging {"!=": …} with {"==": …} would give
  // an object holding both operators.
  if (!isObject(patch) || (node && isLogicNode(node))) return copyJson(patch);
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete result[key];
    } else {
      // defineProperty, so a '__proto__' key of a patch stays a plain key and never reaches the prototype.
      Object.defineProperty(result, key, {
        value: merge(result[key], value, meta ? metaChild(node, key, meta) : undefined, meta),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return result;
}

/**
 * Applies `patch` to `target` as RFC 7396 says: an object patch merges key by key, `null` removes a key,
 * anything else (arrays included) replaces. Neither argument is changed; the result shares no objects with the
 * patch.
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  return merge(target, patch, undefined, undefined);
}

/**
 * RFC 7396 aware of the document's kind: where `metaSchema` (the meta-schema of the document's kind) marks JSON
 * Logic, the patch's expression replaces the base's whole instead of merging into it (`null` still removes it).
 */
export function mergeDocument(base: unknown, patch: unknown, metaSchema: JsonSchema): unknown {
  return merge(base, patch, resolveMetaNode(metaSchema, metaSchema), metaSchema);
}

/** The document a person sees: the base document with its override applied (none: a copy of base). */
export function resolveDocument<T>(base: T, patch?: unknown, metaSchema?: JsonSchema): T {
  if (patch === undefined || patch === null) return structuredClone(base);
  return (metaSchema ? mergeDocument(base, patch, metaSchema) : mergePatch(base, patch)) as T;
}

export type PatchLimits = { maxBytes: number; maxDepth: number };

/**
 * Whether a patch is small and shallow enough to merge: nesting (objects and lists) at most `maxDepth` levels,
 * checked iteratively and stopping at the first level too deep (so nothing recursive ever sees it), then at most
 * `maxBytes` bytes as JSON (UTF-8). Answers
 * the reason it is refused, or null.
 */
export function patchLimitProblem(patch: unknown, limits: PatchLimits): string | null {
  const stack: Array<[value: unknown, depth: number]> = [[patch, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > limits.maxDepth) return `the patch is nested more than ${limits.maxDepth} levels deep`;
    for (const sub of Object.values(value)) stack.push([sub, depth + 1]);
  }
  const bytes = new TextEncoder().encode(JSON.stringify(patch) ?? '').byteLength;
  if (bytes > limits.maxBytes) return `the patch is ${bytes} bytes; at most ${limits.maxBytes} are allowed`;
  return null;
}

/** Where a derived patch cannot say what the edited document says, and why. */
export type PatchProblem = { pointer: string; message: string };

const NULL_VALUE = 'null cannot be a value here (a merge patch reads null as "remove"): remove the key instead';

/** JSON equality (key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => Object.hasOwn(b, key) && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** Nulls a merge would read as removals: in objects, outside lists and JSON Logic (which are copied whole). */
function unmergeableNulls(value: unknown, node: MetaNode | undefined, meta: JsonSchema, pointer: string, problems: PatchProblem[]): void {
  if (value === null) problems.push({ pointer, message: NULL_VALUE });
  if (!isObject(value) || isLogicNode(node)) return;
  for (const [key, sub] of Object.entries(value)) unmergeableNulls(sub, metaChild(node, key, meta), meta, `${pointer}/${escapeToken(key)}`, problems);
}

const UNCHANGED = Symbol('unchanged');

function diff(base: unknown, target: unknown, node: MetaNode | undefined, meta: JsonSchema, pointer: string, problems: PatchProblem[]): unknown {
  if (sameJson(base, target)) return UNCHANGED;
  if (!isObject(base) || !isObject(target) || isLogicNode(node)) {
    unmergeableNulls(target, node, meta, pointer, problems);
    return copyJson(target);
  }
  const patch: Record<string, unknown> = {};
  const set = (key: string, value: unknown) => Object.defineProperty(patch, key, { value, enumerable: true, writable: true, configurable: true });
  for (const [key, value] of Object.entries(target)) {
    const at = `${pointer}/${escapeToken(key)}`;
    const child = metaChild(node, key, meta);
    if (Object.hasOwn(base, key)) {
      const sub = diff(base[key], value, child, meta, at, problems);
      if (sub !== UNCHANGED) set(key, sub);
    } else {
      unmergeableNulls(value, child, meta, at, problems);
      set(key, copyJson(value));
    }
  }
  for (const key of Object.keys(base)) if (!Object.hasOwn(target, key)) set(key, null);
  return patch;
}

/**
 * The merge patch that turns `base` into `target` under mergeDocument: only what differs, a removed key as null,
 * lists and JSON Logic expressions (as the meta-schema marks them) whole. A null value in an object cannot be said
 * by a merge patch; each one is a problem at its pointer into `target`.
 */
export function documentPatch(base: unknown, target: unknown, metaSchema: JsonSchema): { patch: unknown; problems: PatchProblem[] } {
  const problems: PatchProblem[] = [];
  const patch = diff(base, target, resolveMetaNode(metaSchema, metaSchema), metaSchema, '', problems);
  return { patch: patch === UNCHANGED ? {} : patch, problems };
}
