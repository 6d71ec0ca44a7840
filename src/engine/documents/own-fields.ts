/**
 * An override's own fields: the top-level fields of a form as an override resolved it that its base document does
 * not have (an override may add fields; the server stores their answers apart from the record's columns).
 */
import { getAtPointer } from '#engine/runtime/pointer.ts';
import type { FormDocument, JsonSchema } from '#engine/runtime/types.ts';

/** One field the override added: its name (the data's key), its title (or the name) and its schema. */
export type OwnField = { name: string; title: string; schema: JsonSchema };

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The properties of an object schema: its own `properties` and those of the local `$ref` it names
 * (`#/definitions/person`, as a bundled form has it), the schema's own winning.
 */
function propertiesOf(root: JsonSchema, schema: unknown, seen: ReadonlySet<string> = new Set()): Record<string, JsonSchema> {
  if (!isObject(schema)) return {};
  const ref = schema.$ref;
  let referenced: Record<string, JsonSchema> = {};
  if (typeof ref === 'string' && ref.startsWith('#') && !seen.has(ref)) {
    referenced = propertiesOf(root, getAtPointer(root, decodeURIComponent(ref.slice(1))), new Set([...seen, ref]));
  }
  const own = isObject(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
  return { ...referenced, ...own };
}

/** A field's title: its own, else that of the definition it names, else its name. */
function titleOf(root: JsonSchema, name: string, schema: JsonSchema): string {
  if (typeof schema.title === 'string' && schema.title.trim() !== '') return schema.title;
  const ref = schema.$ref;
  const target = typeof ref === 'string' && ref.startsWith('#') ? getAtPointer(root, decodeURIComponent(ref.slice(1))) : undefined;
  return isObject(target) && typeof target.title === 'string' && target.title.trim() !== '' ? target.title : name;
}

/**
 * The fields of `resolved` that `base` does not have, in the resolved schema's order. A name in `taken` (a name
 * the record's answer already uses, such as its `status`) is never an own field: its answer would shadow
 * the record's.
 */
export function ownFields(base: FormDocument, resolved: FormDocument, taken: Iterable<string> = []): OwnField[] {
  const known = new Set([...Object.keys(propertiesOf(base.schema, base.schema)), ...taken]);
  return Object.entries(propertiesOf(resolved.schema, resolved.schema))
    .filter(([name, schema]) => !known.has(name) && isObject(schema))
    .map(([name, schema]) => ({ name, title: titleOf(resolved.schema, name, schema), schema }));
}
