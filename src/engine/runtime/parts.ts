/**
 * A form's parts: named groups of its top-level fields that a screen may show on their own (in a modal, say),
 * declared in the document as `parts: { <name>: { fields, messages } }`. `documentPart` answers the document
 * restricted to one part's fields, with the same schema pieces, widgets, rules and texts, so the part is filled
 * and checked by the very rules of the whole form (one source of rules and texts). The part's data is the whole
 * form's data: fields outside the part are kept as they are and not checked, and a rule of the part may still read
 * them.
 */
import type { FormDocument, FormPart, JsonSchema } from './types.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The top-level field a pointer ('/nickname', '/people/0/x') is in. */
function fieldOf(pointer: string): string {
  return pointer.split('/')[1] ?? '';
}

/** The part's declaration, or undefined when the document has no part of that name. */
export function partOf(doc: FormDocument, name: string): FormPart | undefined {
  return doc.parts?.[name];
}

/**
 * The document restricted to the part's fields (id `<document>-<part>`, title the part's `title` message when it
 * names one, no calls), or undefined when the document has no such part.
 */
export function documentPart(doc: FormDocument, name: string): FormDocument | undefined {
  const part = partOf(doc, name);
  if (!part) return undefined;
  const fields = new Set(part.fields);
  const properties = isObject(doc.schema.properties) ? doc.schema.properties : {};
  const required = Array.isArray(doc.schema.required) ? (doc.schema.required as string[]) : [];
  const schema: JsonSchema = {
    ...doc.schema,
    properties: Object.fromEntries(Object.entries(properties).filter(([field]) => fields.has(field))),
    required: required.filter((field) => fields.has(field)),
  };
  const uiSchema: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc.uiSchema ?? {})) {
    if (key === 'ui:order' && Array.isArray(value)) uiSchema[key] = value.filter((field) => field === '*' || fields.has(String(field)));
    else if (key.startsWith('ui:') || fields.has(key)) uiSchema[key] = value;
  }
  const titleKey = part.messages?.title;
  const { calls: _calls, parts: _parts, ...rest } = doc;
  return {
    ...rest,
    id: `${doc.id}-${name}`,
    ...(titleKey && doc.messages[titleKey] !== undefined ? { title: doc.messages[titleKey] } : {}),
    schema,
    uiSchema,
    rules: (doc.rules ?? []).filter((rule) => fields.has(fieldOf(rule.each ?? rule.path))),
    errorMessages: Object.fromEntries(Object.entries(doc.errorMessages ?? {}).filter(([pointer]) => fields.has(fieldOf(pointer)))),
  };
}

/** Whether there are pointers (a form's error pointers, say) and every one is in one of the part's fields. */
export function onlyInPart(doc: FormDocument, name: string, pointers: readonly string[]): boolean {
  const fields = new Set(partOf(doc, name)?.fields ?? []);
  return pointers.length > 0 && pointers.every((pointer) => fields.has(fieldOf(pointer)));
}
