/**
 * Between the engine's pointer-keyed errors and rjsf: field ids are `${idPrefix}/${path...}` (the form uses '/'
 * as rjsf's id separator), so an id turns into the JSON pointer the engine and the server key errors by.
 */
import { formatMessage, isEmptyValue } from '#engine/runtime/index.ts';
import type { FieldErrors, FormDocument, JsonSchema } from '#engine/runtime/types.ts';
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

/** `profile/people/0/firstname` with prefix `profile` -> `/people/0/firstname`. */
export function idToPointer(id: string, idPrefix: string): string {
  if (id === idPrefix) return '';
  return id.startsWith(idPrefix + ID_SEPARATOR) ? id.slice(idPrefix.length) : '';
}

/** Moves errors keyed under `prefix` (a server's request body pointer such as /person) to the form's root. */
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

export type MissingField = {
  pointer: string;
  /** The field's schema title. */
  title: string;
  /**
   * How a list names the field: its title, after the item's title for a field of an array item whose uiSchema
   * gives one (`'ui:options': { itemTitle: 'Row #{number}' }` -> 'Row #2: Title').
   */
  label: string;
};

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

type Ui = Record<string, unknown> | undefined;
const uiChild = (ui: Ui, key: string): Ui => {
  const child = ui?.[key];
  return child && typeof child === 'object' && !Array.isArray(child) ? (child as Record<string, unknown>) : undefined;
};
const uiOption = (ui: Ui, key: string): unknown => uiChild(ui, 'ui:options')?.[key];

type Walk = { root: JsonSchema; errors: FieldErrors; found: MissingField[] };

function missingIn(walk: Walk, node: JsonSchema, ui: Ui, data: unknown, path: Array<string | number>, prefix: string): void {
  const schema = derefSchema(walk.root, node);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const values = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  for (const [name, own] of Object.entries(properties)) {
    const property = derefSchema(walk.root, own);
    const fieldUi = uiChild(ui, name);
    const value = values[name];
    const pointer = toPointer([...path, name]);
    const placeholder = uiOption(fieldUi, 'placeholderValue');
    const empty = isEmptyValue(value) || (placeholder !== undefined && value === placeholder);
    if (empty && (required.includes(name) || (walk.errors[pointer]?.length ?? 0) > 0)) {
      const title = typeof property.title === 'string' ? property.title : name;
      walk.found.push({ pointer, title, label: `${prefix}${title}` });
    } else if (property.type === 'object') {
      missingIn(walk, property, fieldUi, value, [...path, name], prefix);
    } else if (property.type === 'array' && Array.isArray(value) && property.items && typeof property.items === 'object') {
      const itemTitle = uiOption(fieldUi, 'itemTitle');
      value.forEach((item, index) => {
        const itemPrefix = typeof itemTitle === 'string' ? `${formatMessage(itemTitle, { number: index + 1 })}: ` : prefix;
        missingIn(walk, property.items as JsonSchema, uiChild(fieldUi, 'items'), item, [...path, name, index], itemPrefix);
      });
    }
  }
}

/**
 * The fields that are not filled in (absent, null, only white space, or still the field's placeholderValue) and
 * must be: required by the schema, or holding an error in `errors` (a rule that asks for them), in the schema's
 * order, with their titles (for a "missing fields" list).
 */
export function missingRequiredFields(document: FormDocument, data: unknown, errors: FieldErrors = {}): MissingField[] {
  const walk: Walk = { root: document.schema, errors, found: [] };
  missingIn(walk, document.schema, document.uiSchema, data, [], '');
  return walk.found;
}

/**
 * Moves focus to the first field (in the page's order) that has an error: the inputs of a field are its id
 * (`${idPrefix}${pointer}`) or that id followed by '-' (a widget's parts: boxes, radios) or '/' (a group's fields).
 * Answers whether a field was focused.
 */
export function focusFirstError(root: ParentNode | null, idPrefix: string, errors: FieldErrors): boolean {
  if (!root) return false;
  const ids = Object.entries(errors)
    .filter(([pointer, messages]) => pointer !== '' && messages.length > 0)
    .map(([pointer]) => `${idPrefix}${pointer}`);
  if (ids.length === 0) return false;
  const inField = (elementId: string) => ids.some((id) => elementId === id || elementId.startsWith(`${id}-`) || elementId.startsWith(`${id}/`));
  for (const element of root.querySelectorAll<HTMLElement>('input, select, textarea, button')) {
    if (!element.id || !inField(element.id)) continue;
    if ((element as HTMLInputElement).disabled || (element as HTMLInputElement).type === 'hidden') continue;
    element.focus();
    return true;
  }
  return false;
}
