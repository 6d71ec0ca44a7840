/** JSON Pointer (RFC 6901) helpers for form data. */

/** Escapes one reference token: `~` -> `~0`, `/` -> `~1`. */
export function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The reference tokens of a pointer ('' is the whole document). */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`Not a JSON pointer: '${pointer}'`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at a pointer, or undefined when any step is missing. */
export function getAtPointer(value: unknown, pointer: string): unknown {
  let current: unknown = value;
  for (const token of parsePointer(pointer)) {
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, token)) return undefined;
    current = (current as Record<string, unknown>)[token];
  }
  return current;
}

/**
 * A copy of `value` with `next` at `pointer` (objects along the way copied, missing ones created); the original is
 * never changed. The whole-document pointer '' answers `next`.
 */
export function setAtPointer(value: unknown, pointer: string, next: unknown): unknown {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) return next;
  const [head, ...rest] = tokens as [string, ...string[]];
  const container: Record<string, unknown> | unknown[] =
    Array.isArray(value) ? [...value] : value !== null && typeof value === 'object' ? { ...(value as Record<string, unknown>) } : {};
  const here = (container as Record<string, unknown>)[head];
  (container as Record<string, unknown>)[head] = rest.length === 0 ? next : setAtPointer(here, `/${rest.map(escapeToken).join('/')}`, next);
  return container;
}

/**
 * The values an answer gives to form fields, by a map from the field's pointer to the answer's property
 * ({ '/city': 'city' }): what a widget declared in the uiSchema fills in after a lookup. Absent properties are
 * left out, so they never blank a field.
 */
export function valuesFromAnswer(answer: Record<string, unknown>, fill: Record<string, string>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [pointer, property] of Object.entries(fill)) {
    if (Object.prototype.hasOwnProperty.call(answer, property) && answer[property] !== undefined) values[pointer] = answer[property];
  }
  return values;
}

/**
 * A copy of `value` without what sits at each pointer pattern; a `*` token stands for every key or index at its
 * level, as in a document's rule paths (a '*' between 'people' and 'name' reaches every person's).
 * The original is never changed; a pattern that finds nothing changes nothing.
 */
export function withoutPointers(value: unknown, patterns: readonly string[]): unknown {
  let result = value;
  for (const pattern of patterns) result = without(result, parsePointer(pattern));
  return result;
}

function without(value: unknown, tokens: string[]): unknown {
  if (tokens.length === 0 || value === null || typeof value !== 'object') return value;
  const [head, ...rest] = tokens as [string, ...string[]];
  const keys = head === '*' ? Object.keys(value) : Object.prototype.hasOwnProperty.call(value, head) ? [head] : [];
  if (keys.length === 0) return value;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
  for (const key of keys) {
    if (rest.length === 0) {
      if (Array.isArray(copy)) (copy as unknown[])[Number(key)] = undefined;
      else delete (copy as Record<string, unknown>)[key];
    } else (copy as Record<string, unknown>)[key] = without((copy as Record<string, unknown>)[key], rest);
  }
  return copy;
}
