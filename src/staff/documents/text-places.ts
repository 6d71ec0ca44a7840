/**
 * The texts of a document and where each appears, in words a specialist reads: a form's messages (found through
 * the rules that show them and the fields those rules are about, `errorMessages`, a widget's `ui:options.messages`
 * and the windows of `parts`), a flow's step titles. A message no part of the document names is shown by the
 * step's screen itself (a heading, a button); the few the screens share are named, the rest said to be the
 * screen's. Labels of steps are made distinct: the base flow's sub-step Contributions has the title of its parent.
 */
import { messagesOf, setMessage, stepsOf, type Json } from './document-edits.ts';

/** A message (key: its key) or a flow step's title (key: the step id). */
export type TextEntry = { kind: 'message' | 'step-title'; key: string; text: string; places: string[] };

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const child = (value: unknown, key: string): Json => {
  const found = isObject(value) ? value[key] : undefined;
  return isObject(found) ? found : {};
};

/** Messages the step screens show by key, without the document naming where. */
const SCREEN_TEXTS: Record<string, string> = {
  heading: 'page heading',
  next: 'Next button',
  cancel: 'Cancel button',
  saved: 'notice after saving',
  'missing-fields': 'list of missing fields on Next',
};

/** What a failed JSON Schema keyword means for the person filling the form. */
const KEYWORD_WORDS: Record<string, string> = {
  required: 'left empty',
  minLength: 'too short',
  maxLength: 'too long',
  type: 'of the wrong type',
  pattern: 'not in the expected form',
  format: 'not a valid value',
  enum: 'not one of the choices',
  '*': 'failing any other check',
};
const PHASE_WORDS: Record<string, string> = { submit: 'on Next', server: 'on the server', change: 'while typing' };

/** "notFound" -> "not found", "additional-info" -> "additional info". */
const inWords = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();

/** The schema node a node stands for, following `#/definitions/<name>` refs (a served form is bundled). */
function resolved(schema: Json, node: Json): Json {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/definitions/')) return node;
  return { ...child(child(schema, 'definitions'), ref.slice('#/definitions/'.length)), ...node };
}

/**
 * A field in words from its path of names (`*` for a list's items): "DOB (field birthdate)", "Dependents › Date of
 * Birth (field dependents/dateofbirth)"; the field names stay so a search for either finds it.
 */
export function fieldPlace(document: Json, path: string[]): string {
  const schema = child(document, 'schema');
  const titles: string[] = [];
  let node = schema;
  for (const name of path) {
    node = resolved(schema, name === '*' ? child(node, 'items') : child(child(node, 'properties'), name));
    if (name !== '*') titles.push(typeof node.title === 'string' && node.title !== '' ? node.title : name);
  }
  const names = path.filter((name) => name !== '*');
  return names.length === 0 ? 'the form as a whole' : `${titles.join(' › ')} (field ${names.join('/')})`;
}

const pathOf = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));

/** Every place of a form that names a message key, keyed by message. */
function formPlaces(document: Json): Map<string, string[]> {
  const places = new Map<string, string[]>();
  const add = (key: unknown, place: string) => {
    if (typeof key !== 'string') return;
    const list = places.get(key) ?? [];
    if (!list.includes(place)) places.set(key, [...list, place]);
  };

  const rules = Array.isArray(document.rules) ? document.rules.filter(isObject) : [];
  for (const rule of rules) {
    const phases = Array.isArray(rule.phases) ? rule.phases.map((phase) => PHASE_WORDS[String(phase).split(':')[0]!] ?? String(phase)) : [];
    const field = fieldPlace(document, pathOf(typeof rule.path === 'string' ? rule.path : ''));
    add(rule.message, `${field} — rule${typeof rule.id === 'string' ? ` '${rule.id}'` : ''} message${phases.length ? ` (${phases.join(', ')})` : ''}`);
  }

  // errorMessages: pointer -> keyword(@phase) -> key; one place per field and key, its keywords listed.
  for (const [pointer, keywords] of Object.entries(child(document, 'errorMessages'))) {
    const byKey = new Map<string, string[]>();
    for (const [keyword, key] of Object.entries(isObject(keywords) ? keywords : {})) {
      if (typeof key !== 'string') continue;
      const [name = '', phase] = keyword.split('@');
      const words = `${KEYWORD_WORDS[name] ?? `failing '${name}'`}${phase ? ` ${PHASE_WORDS[phase] ?? phase}` : ''}`;
      byKey.set(key, [...(byKey.get(key) ?? []), words]);
    }
    for (const [key, words] of byKey) add(key, `${fieldPlace(document, pathOf(pointer))} — error when ${[...new Set(words)].join(', ')}`);
  }

  // A widget's texts by key (ui:options.messages), at any depth of the uiSchema (`items` is a list's items).
  const walkUi = (node: Json, path: string[]) => {
    for (const [name, key] of Object.entries(child(child(node, 'ui:options'), 'messages'))) add(key, `${fieldPlace(document, path)} — ${inWords(name)} text`);
    for (const [name, value] of Object.entries(node)) if (!name.startsWith('ui:') && isObject(value)) walkUi(value, [...path, name === 'items' ? '*' : name]);
  };
  walkUi(child(document, 'uiSchema'), []);

  for (const [part, declared] of Object.entries(child(document, 'parts'))) {
    for (const [role, key] of Object.entries(child(declared, 'messages'))) add(key, `${inWords(part)} window — ${inWords(role)}`);
  }
  return places;
}

/** Distinct labels of a flow's steps: a title shared by two steps is named with its parent, then with its id. */
export function stepLabels(flow: Json): Map<string, string> {
  const steps = stepsOf(flow);
  const titles = new Map(steps.map((step) => [step.id, step.title]));
  const count = (labels: string[], label: string) => labels.filter((other) => other === label).length;
  const first = steps.map((step) => (count(steps.map((s) => s.title), step.title) > 1 && step.parent ? `${titles.get(step.parent) ?? step.parent} › ${step.title}` : step.title));
  return new Map(steps.map((step, i) => [step.id, count(first, first[i]!) > 1 ? `${first[i]} (${step.id})` : first[i]!]));
}

/** A flow's step titles, in the order of the steps. */
function stepTexts(flow: Json): TextEntry[] {
  const steps = stepsOf(flow);
  const labels = stepLabels(flow);
  const majors = steps.filter((step) => !step.parent).map((step) => step.id);
  return steps.map((step) => {
    const place = step.parent
      ? `step ${majors.indexOf(step.parent) + 1}, sub-step ${steps.filter((s) => s.parent === step.parent).indexOf(step) + 1} of ${labels.get(step.parent) ?? step.parent} — title`
      : `step ${majors.indexOf(step.id) + 1} — title`;
    return { kind: 'step-title', key: step.id, text: step.title, places: [place] };
  });
}

/** Every text of a document with where it appears: a form's messages, a flow's step titles (and any messages). */
export function textsOf(document: Json): TextEntry[] {
  const places = formPlaces(document);
  const screen = `shown by the screen of ${typeof document.title === 'string' ? `'${document.title}'` : 'this document'}`;
  const messages: TextEntry[] = messagesOf(document).map(([key, text]) => ({
    kind: 'message',
    key,
    text,
    places: places.get(key) ?? [SCREEN_TEXTS[key] ?? screen],
  }));
  return document.kind === 'flow' ? [...stepTexts(document), ...messages] : messages;
}

/** Whether a text matches a search: in its text, key or places, any case; an empty search matches all. */
export function matchesSearch(entry: TextEntry, search: string): boolean {
  const wanted = search.trim().toLowerCase();
  return wanted === '' || [entry.key, entry.text, ...entry.places].some((part) => part.toLowerCase().includes(wanted));
}

/** The document with one text changed: a message, or a step's title. */
export function setText(document: Json, entry: Pick<TextEntry, 'kind' | 'key'>, text: string): Json {
  if (entry.kind === 'message') return setMessage(document, entry.key, text);
  const steps = child(document, 'steps');
  return { ...document, steps: { ...steps, [entry.key]: { ...child(steps, entry.key), title: text } } };
}
