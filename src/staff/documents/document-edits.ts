/**
 * The common changes staff make without writing JSON: a title, whether a field is required, whether a step
 * appears (a text of any kind is changed by text-places.ts). Each takes the draft document and answers a new one
 * (the same draft the code editor shows, so both ways of editing change one JSON); the readers list what the
 * forms beside the editor offer. A step is switched off by a `when` that never holds (false) and on again by the
 * base document's own condition.
 */

export type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const child = (value: unknown, key: string): Json => {
  const found = isObject(value) ? value[key] : undefined;
  return isObject(found) ? found : {};
};

/** A form's top-level fields: name, title and whether the schema requires it. */
export type FieldSummary = { name: string; title: string; required: boolean };

export function fieldsOf(document: Json): FieldSummary[] {
  const schema = child(document, 'schema');
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]) : [];
  return Object.entries(child(schema, 'properties')).map(([name, property]) => ({
    name,
    title: isObject(property) && typeof property.title === 'string' ? property.title : name,
    required: required.includes(name),
  }));
}

/** Sets the title of the document (field null) or of one of its top-level fields. */
export function setTitle(document: Json, field: string | null, title: string): Json {
  if (field === null) return { ...document, title };
  const schema = child(document, 'schema');
  const properties = child(schema, 'properties');
  return { ...document, schema: { ...schema, properties: { ...properties, [field]: { ...child(properties, field), title } } } };
}

export function setRequired(document: Json, field: string, required: boolean): Json {
  const schema = child(document, 'schema');
  const list = Array.isArray(schema.required) ? (schema.required as unknown[]).filter((name) => name !== field) : [];
  return { ...document, schema: { ...schema, required: required ? [...list, field] : list } };
}

/** A flow's steps in order: id, title, the parent step, and whether it can appear at all (its when is not false). */
export type StepSummary = { id: string; title: string; parent: string | null; shown: boolean };

export function stepsOf(flow: Json): StepSummary[] {
  const steps = Object.entries(child(flow, 'steps')).filter((entry): entry is [string, Json] => isObject(entry[1]));
  const order = (step: Json) => (typeof step.order === 'number' ? step.order : 0);
  const sorted = (parent: string | null) =>
    steps.filter(([, step]) => (typeof step.parent === 'string' ? step.parent : null) === parent).sort(([, a], [, b]) => order(a) - order(b));
  return sorted(null).flatMap(([id, step]) => [
    { id, title: String(step.title ?? id), parent: null, shown: step.when !== false },
    ...sorted(id).map(([subId, sub]) => ({ id: subId, title: String(sub.title ?? subId), parent: id, shown: sub.when !== false })),
  ]);
}

/** Switches a step off (when: false) or back on with the base document's condition (none when it had none). */
export function setStepShown(flow: Json, base: Json, stepId: string, shown: boolean): Json {
  const steps = child(flow, 'steps');
  const step = { ...child(steps, stepId) };
  delete step.when;
  const baseWhen = child(child(base, 'steps'), stepId).when;
  const changed = shown ? (baseWhen === undefined || baseWhen === false ? step : { ...step, when: baseWhen }) : { ...step, when: false };
  return { ...flow, steps: { ...steps, [stepId]: changed } };
}

/** The parts the base document locks (its `locked` declaration: JSON pointer -> why), which no override may change but for texts. */
export function lockedOf(base: Json): [pointer: string, why: string][] {
  return Object.entries(child(base, 'locked')).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
}

/**
 * Why the Required box of a top-level field may not be cleared (null: it may): the field is locked, or the base
 * document requires it (an override may make fields required, never optional).
 */
export function requiredLock(base: Json, field: string): string | null {
  const why = child(base, 'locked')[`/schema/properties/${field.replace(/~/g, '~0').replace(/\//g, '~1')}`];
  if (typeof why === 'string') return `Locked: ${why}`;
  const required = child(base, 'schema').required;
  return Array.isArray(required) && required.includes(field) ? 'Required by the base document: an override may make fields required, not optional.' : null;
}

/** Why a step may not be switched off (null: it may): the base document locks it. */
export function stepLock(base: Json, stepId: string): string | null {
  const why = child(base, 'locked')[`/steps/${stepId}`];
  return typeof why === 'string' ? `Locked: ${why}` : null;
}

/** The editor's text of a document: pretty-printed as the server's diff prints it. */
export function documentText(document: Json): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The document of an editor text, or null while it is not a JSON object. */
export function parseDocument(text: string): Json | null {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

/** JSON with every object's keys sorted: two documents that differ only in key order print the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical(value[key])]));
}

/** Whether two documents hold the same content (the server may store a saved draft with its keys reordered). */
export function sameDocument(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
