/** JSON Merge Patch (RFC 7396): how an override changes a base document. */

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Applies `patch` to `target` as RFC 7396 says: an object patch merges key by key, `null` removes a key,
 * anything else (arrays included) replaces. Neither argument is changed; the result shares no objects with the
 * patch.
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return structuredClone(patch);
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete result[key];
    } else {
      // defineProperty, so a '__proto__' key of a patch stays a plain key and never reaches the prototype.
      Object.defineProperty(result, key, {
        value: mergePatch(result[key], value),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return result;
}

/** The document a person sees: the base document with its override applied (none: a copy of base). */
export function resolveDocument<T>(base: T, patch?: unknown): T {
  return (patch === undefined || patch === null ? structuredClone(base) : mergePatch(base, patch)) as T;
}
