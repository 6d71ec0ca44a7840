/**
 * The member's personal data (SSN, birth date, address, phone) as the base forms mark it: the schema annotation
 * `"personal": true` on a property (or on a shared piece such as defs/ssn, so every field of that kind is personal).
 * operations.ts reads these marks to keep personal data out of calls that do not store it for the member.
 */
import type { FormDocument } from '#engine/runtime/types.ts';

/** How a problem names the personal data the base forms mark. */
export const PERSONAL_WORDS = 'SSN, birth date, address, phone';

/** The annotation keyword marking personal data in a form's schema (Ajv is told of it: ajv-compiler.ts). */
export const PERSONAL_KEYWORD = 'personal';

/** What the base forms say is personal. */
export type PersonalData = {
  /**
   * The property names, at any depth of any base form, that hold personal data: the marked fields and the
   * containers holding one (e.g. 'additionalid', 'birthdate', 'dependents').
   */
  names: ReadonlySet<string>;
  /** Each base form by id: whether its data holds personal data at any depth. */
  forms: ReadonlyMap<string, boolean>;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The sub-schemas of a node that describe its values: properties, items, and the combinators. */
function children(node: Record<string, unknown>): Array<[name: string | null, schema: unknown]> {
  const out: Array<[string | null, unknown]> = [];
  for (const key of ['properties', 'patternProperties'] as const) {
    if (isObject(node[key])) out.push(...Object.entries(node[key]).map(([name, sub]): [string | null, unknown] => [key === 'properties' ? name : null, sub]));
  }
  for (const key of ['items', 'additionalItems', 'additionalProperties', 'if', 'then', 'else', 'not', 'contains'] as const) {
    const sub = node[key];
    if (Array.isArray(sub)) out.push(...sub.map((s): [null, unknown] => [null, s]));
    else if (isObject(sub)) out.push([null, sub]);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    if (Array.isArray(node[key])) out.push(...(node[key] as unknown[]).map((s): [null, unknown] => [null, s]));
  }
  return out;
}

/** The node a local `$ref` ('#/definitions/ssn') points at in `root`. */
function refTarget(ref: string, root: unknown): unknown {
  if (!ref.startsWith('#')) return undefined;
  return ref
    .slice(1)
    .split('/')
    .filter((token) => token !== '')
    .reduce<unknown>((node, token) => (isObject(node) ? node[token.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), root);
}

/**
 * Walks a schema, calling `named` for every property (its name and whether it holds personal data); answers
 * whether the node holds personal data at any depth. A file `$ref` (not bundled) or a `$ref` it cannot follow counts
 * as personal: what it holds is unknown.
 */
function walk(node: unknown, root: unknown, named: (name: string, personal: boolean) => void, seen: Set<unknown>): boolean {
  if (!isObject(node)) return false;
  if (seen.has(node)) return false;
  seen.add(node);
  let personal = node[PERSONAL_KEYWORD] === true;
  if (typeof node.$ref === 'string') {
    const target = refTarget(node.$ref, root);
    personal = (target === undefined ? true : walk(target, root, named, seen)) || personal;
  }
  for (const [name, sub] of children(node)) {
    // A node reached twice (a shared definition) is walked once per path, so its names are all seen.
    const held = walk(sub, root, named, new Set(seen));
    if (name !== null) named(name, held);
    personal = held || personal;
  }
  return personal;
}

/** Whether a schema (a node of `root`, whose `definitions` its `$ref`s name) holds personal data at any depth. */
export function holdsPersonal(schema: unknown, root: unknown = schema): boolean {
  return walk(schema, root, () => {}, new Set());
}

/** The names of the properties, at any depth of a schema, that hold personal data. */
export function personalNames(schema: unknown): Set<string> {
  const names = new Set<string>();
  walk(schema, schema, (name, personal) => personal && names.add(name), new Set());
  return names;
}

/** What the base forms (bundled: their shared pieces under `definitions`) say is personal. */
export function personalDataOf(forms: Iterable<FormDocument>): PersonalData {
  const names = new Set<string>();
  const byForm = new Map<string, boolean>();
  for (const form of forms) {
    for (const name of personalNames(form.schema)) names.add(name);
    byForm.set(form.id, holdsPersonal(form.schema));
  }
  return { names, forms: byForm };
}
