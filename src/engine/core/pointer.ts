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
