/** JSON Merge Patch (RFC 7396): how an override changes a base document. */
import { isLogicNode, metaChild, resolveMetaNode, type MetaNode } from './meta-walk.ts';
import type { JsonSchema } from './types.ts';

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
