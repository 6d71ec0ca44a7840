/**
 * Between the engine's pointer-keyed errors and rjsf: field ids are `${idPrefix}/${path...}` (the form uses '/'
 * as rjsf's id separator), so an id turns into the JSON pointer the engine and the server key errors by.
 */
import type { FieldErrors, FormDocument, JsonSchema } from '#engine/core/types.ts';
import type { ErrorSchema } from '@rjsf/utils';

export const ID_SEPARATOR = '/';

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const unescape = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

export function pointerSegments(pointer: string): string[] {
  return pointer === '' ? [] : pointer.split('/').slice(1).map(unescape);
}

export function toPointer(segments: ReadonlyArray<string | number>): string {
  return segments.map((segment) => `/${escape(String(segment))}`).join('');
}

/** `profile/dependents/0/firstname` with prefix `profile` -> `/dependents/0/firstname`. */
export function idToPointer(id: string, idPrefix: string): string {
  if (id === idPrefix) return '';
  return id.startsWith(idPrefix + ID_SEPARATOR) ? id.slice(idPrefix.length) : '';
}

/** Moves errors keyed under `prefix` (a server's request body pointer such as /member) to the form's root. */
export function withoutPrefix(errors: FieldErrors | undefined, prefix: string): FieldErrors {
  const result: FieldErrors = {};
  for (const [pointer, messages] of Object.entries(errors ?? {})) {
    if (prefix === '') result[pointer] = messages;
    else if (pointer === prefix) result[''] = messages;
    else if (pointer.startsWith(prefix + '/')) result[pointer.slice(prefix.length)] = messages;
  }
  return result;
}

/** rjsf's nested error shape, built from pointer-keyed messages ('' is left out: the form shows it itself). */
export function toErrorSchema(errors: FieldErrors): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const [pointer, messages] of Object.entries(errors)) {
    if (pointer === '' || messages.length === 0) continue;
    let node = root;
    for (const segment of pointerSegments(pointer)) {
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    }
    const existing = (node.__errors as string[] | undefined) ?? [];
    node.__errors = [...existing, ...messages];
  }
  return root as ErrorSchema;
}

/** Merges message lists by pointer, without repeating a message. */
export function mergeErrors(...sources: FieldErrors[]): FieldErrors {
  const result: FieldErrors = {};
  for (const source of sources) {
    for (const [pointer, messages] of Object.entries(source)) {
      result[pointer] = [...new Set([...(result[pointer] ?? []), ...messages])];
    }
  }
  return result;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export type MissingField = { pointer: string; title: string };

/**
 * A schema node with a local `$ref` ('#/definitions/x', as resolved documents carry shared pieces) followed, its
 * own keywords (a title beside the ref) kept over the referenced ones.
 */
export function derefSchema(root: JsonSchema, node: JsonSchema): JsonSchema {
  let current = node;
  for (let depth = 0; depth < 8 && typeof current.$ref === 'string' && current.$ref.startsWith('#/'); depth++) {
    const { $ref, ...own } = current;
    let target: unknown = root;
    for (const token of pointerSegments(($ref as string).slice(1))) {
      target = target && typeof target === 'object' ? (target as Record<string, unknown>)[token] : undefined;
    }
    if (!target || typeof target !== 'object') return own;
    current = { ...(target as JsonSchema), ...own };
  }
  return current;
}

function missingIn(
  root: JsonSchema,
  node: JsonSchema,
  data: unknown,
  path: Array<string | number>,
  found: MissingField[],
): void {
  const schema = derefSchema(root, node);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const values = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  for (const [name, own] of Object.entries(properties)) {
    const property = derefSchema(root, own);
    const value = values[name];
    if (required.includes(name) && isEmpty(value)) {
      found.push({ pointer: toPointer([...path, name]), title: typeof property.title === 'string' ? property.title : name });
    } else if (property.type === 'object') {
      missingIn(root, property, value, [...path, name], found);
    } else if (property.type === 'array' && Array.isArray(value) && property.items && typeof property.items === 'object') {
      value.forEach((item, index) => missingIn(root, property.items as JsonSchema, item, [...path, name, index], found));
    }
  }
}

/** The required fields that have no value, with their titles, in the schema's order (for a "missing fields" list). */
export function missingRequiredFields(document: FormDocument, data: unknown): MissingField[] {
  const found: MissingField[] = [];
  missingIn(document.schema, document.schema, data, [], found);
  return found;
}
