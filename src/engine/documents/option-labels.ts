/**
 * A stored option value as its form names it. What the server stores is the option's value (an enum entry: 'child',
 * 'other'); what a person reads beside it elsewhere (a table, a summary) is the label the form shows for it, ui:enumNames at the value's place in the enum, in the document's language, as an override renamed it.
 */
import type { FormDocument, JsonSchema } from '#engine/runtime/types.ts';

type SchemaNode = JsonSchema & { properties?: Record<string, SchemaNode>; definitions?: Record<string, SchemaNode>; $ref?: string; enum?: unknown[] };

/** The schema a local `#/definitions/<name>` ref stands for, else the node itself. */
function dereferenced(node: SchemaNode, root: SchemaNode): SchemaNode {
  const name = node.$ref?.startsWith('#/definitions/') ? node.$ref.slice('#/definitions/'.length) : null;
  return (name !== null && root.definitions?.[name]) || node;
}

/** The label `document` shows for `value` of its top-level `field`; the value itself when the form names none. */
export function optionLabel(document: FormDocument, field: string, value: string): string {
  const root = document.schema as SchemaNode;
  const fieldSchema = dereferenced(root, root).properties?.[field];
  const options = fieldSchema ? dereferenced(fieldSchema, root).enum : undefined;
  const names = (document.uiSchema as Record<string, Record<string, unknown> | undefined> | undefined)?.[field]?.['ui:enumNames'];
  const index = options?.indexOf(value) ?? -1;
  const label = index >= 0 && Array.isArray(names) ? names[index] : undefined;
  return typeof label === 'string' ? label : value;
}
