/**
 * The field builder's edits: a field of the employer's own added to a form (the profile, each dependent, or a form
 * of the employer's own) from a kind, a label, help text, required or not and where it sits; the fields reordered;
 * an optional field hidden and shown again; a field of the employer's own removed. Each takes the draft document and
 * answers a new one, the very override a person would type in the code editor, so saving it passes the same
 * server checks (docs/staff.md, 'What an override may change').
 *
 * Where fields sit: a group is one object schema of the document (its `properties` and `required`) with the
 * uiSchema node that orders (`ui:order`) and shows (`ui:widget`) them: the form's own fields, or those of each item
 * of a list whose items are a definition (a profile's dependents). A field is hidden as the portal hides one:
 * `ui:widget: hidden`.
 */
import { DEPENDENT_NAMES, MEMBER_NAMES } from '#contracts/record-names.ts';
import formMeta from '#content/schemas/meta/form.schema.json';
import { escapeToken } from '#engine/runtime/index.ts';
import { linearRegExp, patternProblem } from '#engine/runtime/linear-regexp.ts';
import type { Json } from '../document-edits.ts';

export type FieldKind = 'text' | 'number' | 'date' | 'yes-no' | 'choice';

export const FIELD_KINDS: { value: FieldKind; label: string }[] = [
  { value: 'text', label: 'Text' },
  { value: 'number', label: 'Number' },
  { value: 'date', label: 'Date' },
  { value: 'yes-no', label: 'Yes or no' },
  { value: 'choice', label: 'One of a list' },
];

/** The longest answer a text field of the builder takes (the server keeps at most 1000 characters of an answer). */
export const TEXT_MAX_LENGTH = 200;
/** The bounds of a number field: an employer's own number is a count or an amount, never negative. */
export const NUMBER_MINIMUM = 0;
export const NUMBER_MAXIMUM = 1_000_000;
/** A list of at most this many options shows as radio buttons (all visible at once); a longer one as a select. */
const RADIO_OPTIONS = 5;
const LABEL_MAX_LENGTH = 100;
const HELP_MAX_LENGTH = 500;
const NAME_MAX_LENGTH = 40;

/**
 * The shapes a text answer may be asked to have: a pattern the whole answer must match, with the field's own
 * message (English, and Spanish beside it) for an answer that does not. An own pattern is the specialist's, anchored
 * here; every pattern is checked by the server's own rule (patternProblem) and runs on the same engine (RE2).
 */
export type TextShape = 'any' | 'digits' | 'letters' | 'employee-number' | 'own';

export const TEXT_SHAPES: { value: TextShape; label: string }[] = [
  { value: 'any', label: 'Any text' },
  { value: 'digits', label: 'Digits only, of a set length' },
  { value: 'letters', label: 'Letters only' },
  { value: 'employee-number', label: 'An employee number (letters, digits and dashes)' },
  { value: 'own', label: 'A pattern of my own' },
];

/** The format of a text field: its shape, the number of digits, the own pattern, and its messages. */
export type TextFormat = { shape: TextShape; digits: number; pattern: string; message: string; messageEs: string };

export const NO_FORMAT: TextFormat = { shape: 'any', digits: 5, pattern: '', message: '', messageEs: '' };

const DIGITS_MAX = 50;
const EMPLOYEE_NUMBER_MAX_LENGTH = 20;
/** The longest message the server keeps (the form meta-schema's limit, read from it so the two never differ). */
export const MESSAGE_MAX_LENGTH: number = formMeta.properties.messages.additionalProperties.maxLength;

/** The pattern written into the schema for a format (null: any text), and the longest answer it allows. */
export function formatPattern(format: TextFormat): { pattern: string; maxLength: number } | null {
  switch (format.shape) {
    case 'any':
      return null;
    case 'digits':
      return { pattern: `^[0-9]{${format.digits}}$`, maxLength: format.digits };
    case 'letters':
      return { pattern: '^\\p{L}+$', maxLength: TEXT_MAX_LENGTH };
    case 'employee-number':
      return { pattern: '^[A-Za-z0-9][A-Za-z0-9-]*$', maxLength: EMPLOYEE_NUMBER_MAX_LENGTH };
    case 'own':
      // The whole answer must match, as the shapes above: a bare pattern matches anywhere in the text.
      return { pattern: `^(?:${format.pattern})$`, maxLength: TEXT_MAX_LENGTH };
  }
}

/** What the live tester says of a sample answer: the pattern's problem (as the server says it), or whether it fits. */
export type FormatTrial = { problem: string } | { fits: boolean };

export function tryFormat(format: TextFormat, answer: string): FormatTrial | null {
  if (format.shape === 'own' && format.pattern === '') return null;
  const written = formatPattern(format);
  if (written === null) return null;
  const problem = patternProblem(written.pattern);
  if (problem !== null) return { problem };
  return { fits: answer.length <= written.maxLength && linearRegExp(written.pattern, 'u').test(answer) };
}

/** One group of fields: `schema` and `ui` are the paths (tokens) of its object schema and of its uiSchema node. */
export type FieldGroup = { id: string; label: string; schema: string[]; ui: string[]; note: string | null };

/** What the builder asks for. `after` is the field it comes after; null puts it first. */
export type NewField = { kind: FieldKind; label: string; help: string; required: boolean; options: string[]; after: string | null; format?: TextFormat };

/** One field as the list shows it, with why it cannot be hidden (null: it can) and whether it is the employer's own. */
export type FieldRow = { name: string; title: string; required: boolean; hidden: boolean; own: boolean; hideLock: string | null };

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const at = (value: unknown, path: readonly string[]): unknown => path.reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), value);
const objectAt = (value: unknown, path: readonly string[]): Json => {
  const found = at(value, path);
  return isObject(found) ? found : {};
};
/** A copy of `value` with `path` set to `child` (objects along the way copied, missing ones made). */
function withAt(value: Json, path: readonly string[], child: unknown): Json {
  const [key, ...rest] = path;
  if (key === undefined) return child as Json;
  return { ...value, [key]: rest.length === 0 ? child : withAt(objectAt(value, [key]), rest, child) };
}
const pointerOf = (path: readonly string[]) => path.map((token) => `/${escapeToken(token)}`).join('');
const stringsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
const DEFINITION_REF = /^#\/definitions\/([^/]+)$/;

/**
 * The groups of a form: its own fields (a form whose schema is one definition, as the dependent form is, has that
 * definition's), then each list whose items are a definition. A dependent's answers are kept by the dependent form
 * and shown in the profile's list, so a dependent's field belongs in both (with the same name), which the note says.
 */
export function fieldGroupsOf(document: Json): FieldGroup[] {
  const root = objectAt(document, ['schema']);
  const rootRef = typeof root.$ref === 'string' ? DEFINITION_REF.exec(root.$ref)?.[1] : undefined;
  const ofDefinition = !isObject(root.properties) && rootRef !== undefined;
  const formGroup: FieldGroup = {
    id: 'form',
    label: 'The form',
    schema: ofDefinition ? ['schema', 'definitions', rootRef] : ['schema'],
    ui: ['uiSchema'],
    note:
      ofDefinition && rootRef === 'dependent'
        ? "A dependent's field is shown in the profile's list of dependents too: add the same field (same label) to Personal Details (profile), under 'Each of Dependents'."
        : null,
  };
  const lists = Object.entries(objectAt(document, [...formGroup.schema, 'properties'])).flatMap(([name, property]) => {
    const ref = isObject(property) ? at(property, ['items', '$ref']) : undefined;
    const definition = typeof ref === 'string' ? DEFINITION_REF.exec(ref)?.[1] : undefined;
    if (definition === undefined) return [];
    const title = isObject(property) && typeof property.title === 'string' ? property.title : name;
    const note =
      definition === 'dependent'
        ? "A dependent's answers are checked and kept by the Dependent form (dependent): add the same field (same label) there too."
        : null;
    return [{ id: name, label: `Each of ${title}`, schema: ['schema', 'definitions', definition], ui: ['uiSchema', name, 'items'], note }];
  });
  return [formGroup, ...lists];
}

/** The names a group's answers already use on the record it is kept with: never a new field's. */
function recordNames(document: Json, group: FieldGroup): string[] {
  if (group.schema.join('/') === 'schema/definitions/dependent') return Object.keys(DEPENDENT_NAMES);
  return document.id === 'profile' && group.id === 'form' ? Object.keys(MEMBER_NAMES) : [];
}

/** The fields of a group as the form shows them: `ui:order` with its '*' standing for the fields it does not name. */
export function fieldOrder(document: Json, group: FieldGroup): string[] {
  const names = Object.keys(objectAt(document, [...group.schema, 'properties']));
  const order = stringsOf(at(document, [...group.ui, 'ui:order']));
  const listed = order.filter((name) => name !== '*' && names.includes(name));
  const rest = names.filter((name) => !listed.includes(name));
  const star = order.indexOf('*');
  if (star === -1) return [...listed, ...rest];
  const before = order.slice(0, star).filter((name) => listed.includes(name));
  const after = order.slice(star + 1).filter((name) => listed.includes(name));
  return [...before, ...rest, ...after];
}

/** The group's order written back: every field by name, then '*' so a field a later release adds still shows. */
function withOrder(document: Json, group: FieldGroup, order: string[]): Json {
  return withAt(document, [...group.ui, 'ui:order'], [...order, '*']);
}

/** A form of the employer's own: no base document (its step must never stop anyone, so it requires nothing). */
export const isOwnForm = (base: Json | null): boolean => base === null || !isObject(base.schema);

export const OWN_FORM_REQUIRED =
  "A form of the employer's own may not require an answer: its step would stop every employee. A question every employee must answer belongs on the profile, as a required field.";

/**
 * The field's name: its label in camelCase, ASCII letters and digits, starting with a letter, unique among `taken`
 * and never a name every JavaScript object has.
 */
export function fieldNameOf(label: string, taken: Iterable<string>): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '');
  const joined = words.map((word, i) => (i === 0 ? word.toLowerCase() : `${word[0]!.toUpperCase()}${word.slice(1).toLowerCase()}`)).join('');
  const stem = (/^[a-z]/.test(joined) ? joined : `field${joined.charAt(0).toUpperCase()}${joined.slice(1)}`).slice(0, NAME_MAX_LENGTH);
  // A name every JavaScript object has (constructor, toString...) is refused at save (src/engine/authoring/meta.ts).
  const used = new Set([...taken, ...Object.getOwnPropertyNames(Object.prototype)]);
  if (!used.has(stem)) return stem;
  for (let n = 2; ; n += 1) if (!used.has(`${stem}${n}`)) return `${stem}${n}`;
}

/** The name a new field of this label gets in the group: unique among its fields, the base's and the record's. */
export function newFieldName(document: Json, base: Json | null, group: FieldGroup, label: string): string {
  const taken = [
    ...Object.keys(objectAt(document, [...group.schema, 'properties'])),
    ...Object.keys(objectAt(base, [...group.schema, 'properties'])),
    ...recordNames(document, group),
  ];
  return fieldNameOf(label, taken);
}

/** The options of a list as typed, one a line: trimmed, blank lines dropped. */
export const optionsOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** What keeps a new field from being added, by the builder's input (none: it may be added). */
export type NewFieldProblems = Partial<Record<'label' | 'help' | 'options' | 'required' | 'digits' | 'pattern' | 'message' | 'messageEs', string>>;

export function newFieldProblems(field: NewField, base: Json | null): NewFieldProblems {
  const problems: NewFieldProblems = {};
  const label = field.label.trim();
  if (label === '') problems.label = 'Give the field a label.';
  else if (label.length > LABEL_MAX_LENGTH) problems.label = `A label is at most ${LABEL_MAX_LENGTH} characters.`;
  if (field.help.trim().length > HELP_MAX_LENGTH) problems.help = `Help text is at most ${HELP_MAX_LENGTH} characters.`;
  if (field.kind === 'choice') {
    const options = field.options.map((option) => option.trim()).filter((option) => option !== '');
    if (options.length < 2) problems.options = 'Give at least two options, one a line.';
    else if (new Set(options).size !== options.length) problems.options = 'Each option may be given only once.';
    else if (options.some((option) => option.length > LABEL_MAX_LENGTH)) problems.options = `An option is at most ${LABEL_MAX_LENGTH} characters.`;
  }
  if (field.required && isOwnForm(base)) problems.required = OWN_FORM_REQUIRED;
  if (field.kind === 'text' && field.format && field.format.shape !== 'any') Object.assign(problems, formatProblems(field.format));
  return problems;
}

function formatProblems(format: TextFormat): NewFieldProblems {
  const problems: NewFieldProblems = {};
  if (format.shape === 'digits' && (!Number.isInteger(format.digits) || format.digits < 1 || format.digits > DIGITS_MAX)) {
    problems.digits = `Give a number of digits from 1 to ${DIGITS_MAX}.`;
  }
  if (format.shape === 'own') {
    const trial = tryFormat(format, '');
    if (format.pattern === '') problems.pattern = 'Write the pattern the answer must match.';
    else if (trial && 'problem' in trial) problems.pattern = trial.problem;
  }
  if (format.message.trim() === '') problems.message = 'Write the message an employee gets when the answer does not fit.';
  else if (format.message.trim().length > MESSAGE_MAX_LENGTH) problems.message = `A message is at most ${MESSAGE_MAX_LENGTH} characters.`;
  if (format.messageEs.trim().length > MESSAGE_MAX_LENGTH) problems.messageEs = `A message is at most ${MESSAGE_MAX_LENGTH} characters.`;
  return problems;
}

/** The schema of a field of a kind (every string with a maxLength and every field with a type, as the server requires). */
function schemaOf(field: NewField): Json {
  const title = field.label.trim();
  switch (field.kind) {
    case 'text': {
      const written = field.format ? formatPattern(field.format) : null;
      return written ? { type: 'string', maxLength: written.maxLength, pattern: written.pattern, title } : { type: 'string', maxLength: TEXT_MAX_LENGTH, title };
    }
    case 'number':
      return { type: 'number', minimum: NUMBER_MINIMUM, maximum: NUMBER_MAXIMUM, title };
    case 'date':
      return { type: 'string', format: 'date', maxLength: 10, title };
    case 'yes-no':
      return { type: 'boolean', title };
    case 'choice': {
      const options = field.options.map((option) => option.trim()).filter((option) => option !== '');
      return { type: 'string', enum: options, maxLength: Math.max(...options.map((option) => option.length)), title };
    }
  }
}

/** The widget the portal shows a field's schema with (none: the default input for its type). */
function widgetOf(schema: unknown): string | undefined {
  if (!isObject(schema)) return undefined;
  if (schema.type === 'boolean') return 'yes-no';
  if (schema.format === 'date') return 'date';
  if (Array.isArray(schema.enum) && schema.enum.length <= RADIO_OPTIONS) return 'radio';
  return undefined;
}

/** Adds the field to the group after `field.after` (first when null); answers the document and the field's name. */
export function addField(document: Json, base: Json | null, group: FieldGroup, field: NewField): { document: Json; name: string } {
  const name = newFieldName(document, base, group, field.label);
  const schema = schemaOf(field);
  const required = stringsOf(at(document, [...group.schema, 'required']));
  const widget = widgetOf(schema);
  const help = field.help.trim();
  const hints: Json = { ...(widget ? { 'ui:widget': widget } : {}), ...(help ? { 'ui:help': help } : {}) };
  let next = withAt(document, [...group.schema, 'properties', name], schema);
  if (field.required) next = withAt(next, [...group.schema, 'required'], [...required, name]);
  if (Object.keys(hints).length > 0) next = withAt(next, [...group.ui, name], hints);
  if (typeof schema.pattern === 'string' && field.format) next = withFormatMessage(next, group, name, field.format);
  const order = fieldOrder(document, group);
  // After the field named (last when it is gone), or first.
  const after = field.after === null ? -1 : order.indexOf(field.after);
  const position = field.after === null ? 0 : after === -1 ? order.length : after + 1;
  return { document: withOrder(next, group, [...order.slice(0, position), name, ...order.slice(position)]), name };
}

/**
 * The field's own message for an answer that does not fit its pattern: a message of the document (a key free in
 * it), shown for the field's `pattern` by `errorMessages` (the field's data pointer, a list's items as '*'), and its
 * Spanish in `translations.es` when given (none: employees reading Spanish get the English).
 */
function withFormatMessage(document: Json, group: FieldGroup, name: string, format: TextFormat): Json {
  const messages = objectAt(document, ['messages']);
  let key = `${name}-format`;
  for (let n = 2; Object.hasOwn(messages, key); n += 1) key = `${name}-format-${n}`;
  const dataPointer = group.id === 'form' ? `/${name}` : `/${escapeToken(group.id)}/*/${name}`;
  let next = withAt(document, ['messages', key], format.message.trim());
  next = withAt(next, ['errorMessages', dataPointer], { ...objectAt(document, ['errorMessages', dataPointer]), pattern: key });
  const spanish = format.messageEs.trim();
  if (spanish !== '') next = withAt(next, ['translations', 'es', `/messages/${escapeToken(key)}`], spanish);
  return next;
}

/** Moves a field one place up (-1) or down (1) in the group's order; at either end it stays. */
export function moveField(document: Json, group: FieldGroup, name: string, by: -1 | 1): Json {
  const order = fieldOrder(document, group);
  const from = order.indexOf(name);
  const to = from + by;
  if (from === -1 || to < 0 || to >= order.length) return document;
  const moved = [...order];
  [moved[from], moved[to]] = [moved[to]!, moved[from]!];
  return withOrder(document, group, moved);
}

/** Why a field may not be hidden (null: it may): it is required, locked, or hidden by the base document already. */
export function hideLock(document: Json, base: Json | null, group: FieldGroup, name: string): string | null {
  if (stringsOf(at(document, [...group.schema, 'required'])).includes(name)) return 'A required field is always shown.';
  const why = objectAt(base, ['locked'])[`${pointerOf(group.schema)}/properties/${escapeToken(name)}`];
  if (typeof why === 'string') return `Locked: ${why}`;
  if (at(base, [...group.ui, name, 'ui:widget']) === 'hidden') return 'The base document keeps this field hidden.';
  return null;
}

/**
 * Hides a field (`ui:widget: hidden`) or shows it again with the widget it had: the base document's, or for a field
 * of the employer's own the one the builder gives its kind.
 */
export function setHidden(document: Json, base: Json | null, group: FieldGroup, name: string, hidden: boolean): Json {
  const hints = { ...objectAt(document, [...group.ui, name]) };
  delete hints['ui:widget'];
  const baseWidget = at(base, [...group.ui, name, 'ui:widget']);
  const shownWidget = typeof baseWidget === 'string' ? baseWidget : isOwn(base, group, name) ? widgetOf(at(document, [...group.schema, 'properties', name])) : undefined;
  const widget = hidden ? 'hidden' : shownWidget;
  return withAt(document, [...group.ui, name], widget === undefined ? hints : { ...hints, 'ui:widget': widget });
}

/** Whether a field is the employer's own: its base document does not have it. */
function isOwn(base: Json | null, group: FieldGroup, name: string): boolean {
  return !Object.hasOwn(objectAt(base, [...group.schema, 'properties']), name);
}

/** Removes a field of the employer's own: its schema, its place in `required` and `ui:order`, its hints. */
export function removeField(document: Json, base: Json | null, group: FieldGroup, name: string): Json {
  if (!isOwn(base, group, name)) return document;
  const properties = { ...objectAt(document, [...group.schema, 'properties']) };
  delete properties[name];
  const ui = { ...objectAt(document, group.ui) };
  delete ui[name];
  let next = withAt(document, [...group.schema, 'properties'], properties);
  const required = at(document, [...group.schema, 'required']);
  if (Array.isArray(required)) next = withAt(next, [...group.schema, 'required'], required.filter((entry) => entry !== name));
  next = withAt(next, group.ui, ui);
  return withOrder(next, group, fieldOrder(document, group).filter((entry) => entry !== name));
}

/** The group's fields in the order the form shows them. */
export function fieldRows(document: Json, base: Json | null, group: FieldGroup): FieldRow[] {
  const properties = objectAt(document, [...group.schema, 'properties']);
  const required = stringsOf(at(document, [...group.schema, 'required']));
  return fieldOrder(document, group).map((name) => {
    const property = properties[name];
    return {
      name,
      title: isObject(property) && typeof property.title === 'string' && property.title.trim() !== '' ? property.title : name,
      required: required.includes(name),
      hidden: at(document, [...group.ui, name, 'ui:widget']) === 'hidden',
      own: isOwn(base, group, name),
      hideLock: hideLock(document, base, group, name),
    };
  });
}
