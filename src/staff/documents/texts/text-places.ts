/**
 * The texts of a document and where each appears, in words a specialist reads. A text is what the engine's
 * textsOf finds, named by its JSON pointer (the pointer a translation uses): a form's messages (found through the
 * rules that show them and the fields those rules are about, `errorMessages`, a widget's `ui:options.messages`
 * and the windows of `parts`), a flow's step titles, then the document's title and a form's field labels,
 * descriptions, help, placeholders, option labels and widget texts, each by its field. A message no part of the
 * document names is shown by the step's screen itself (a heading, a button); the few the screens share are named,
 * the rest said to be the screen's. Labels of steps are made distinct: the base flow's sub-step Contributions has
 * the title of its parent.
 */
import { escapeToken, parsePointer, setAtPointer, textsOf, type FlowDocument, type FormDocument } from '#engine/runtime/index.ts';
import { stepsOf, type Json } from '../document-edits.ts';

/**
 * One text: its pointer, its title in the list (what the employee sees: the screen, the field's label and what
 * kind of text it is, "Personal Details › First Name › error when left empty"), its label for a sentence (a
 * message's key, `Title of step <id>`, else its pointer), the key a search finds it by (a message's key, a step's
 * id, else its pointer), its text and where it appears.
 */
export type TextEntry = { pointer: string; title: string; label: string; key: string; text: string; places: string[] };

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

/** Where a flow's step title appears: its step, or its sub-step and step. */
function stepPlaces(flow: Json): Map<string, string> {
  const steps = stepsOf(flow);
  const labels = stepLabels(flow);
  const majors = steps.filter((step) => !step.parent).map((step) => step.id);
  return new Map(
    steps.map((step) => [
      step.id,
      step.parent
        ? `step ${majors.indexOf(step.parent) + 1}, sub-step ${steps.filter((s) => s.parent === step.parent).indexOf(step) + 1} of ${labels.get(step.parent) ?? step.parent} — title`
        : `step ${majors.indexOf(step.id) + 1} — title`,
    ]),
  );
}

/** What a uiSchema text is, in words ('ui:help' -> 'help'; an option's label by its place in the list). */
const UI_WORDS: Record<string, string> = { 'ui:title': 'label', 'ui:description': 'description', 'ui:placeholder': 'placeholder', 'ui:help': 'help' };
/** What a text among a widget's ui:options is (engine UI_OPTION_TEXTS), in words. */
const OPTION_WORDS: Record<string, string> = {
  addText: 'Add button text',
  removeText: 'Remove button text',
  itemTitle: "each item's title",
  yesText: 'Yes label',
  noText: 'No label',
  showText: 'Show button text',
  hideText: 'Hide button text',
};

/** Where a text of the schema or the uiSchema appears: its field and what it is there; null when not known. */
function fieldTextPlace(document: Json, tokens: string[]): string | null {
  const [root, ...rest] = tokens;
  if (root === 'uiSchema') {
    const at = rest.findIndex((token) => token.startsWith('ui:'));
    if (at < 0) return null;
    const path = rest.slice(0, at).map((name) => (name === 'items' ? '*' : name));
    const [key = '', option] = rest.slice(at);
    const what = key === 'ui:enumNames' ? `label of option ${Number(option) + 1}` : key === 'ui:options' ? (OPTION_WORDS[option ?? ''] ?? inWords(option ?? '')) : (UI_WORDS[key] ?? key);
    return `${fieldPlace(document, path)} — ${what}`;
  }
  if (root !== 'schema') return null;
  const what = rest.at(-1) === 'description' ? 'description' : 'label';
  const path: string[] = [];
  let owner = '';
  for (let i = 0; i < rest.length - 1; i += 1) {
    const token = rest[i]!;
    if (token === 'properties') path.push(rest[(i += 1)] ?? '');
    else if (token === 'items') path.push('*');
    else if (token === 'definitions' && i === 0) owner = rest[(i += 1)] ?? '';
    else return null;
  }
  if (owner === '') return `${fieldPlace(document, path)} — ${what}`;
  const names = path.filter((name) => name !== '*');
  return `${names.length > 0 ? `field ${names.join('/')} of ` : ''}every ${inWords(owner)} (definition ${owner}) — ${what}`;
}

/** A form's or flow's document as the engine's textsOf reads it: a draft being typed may lack a part or hold a bad one. */
export function asTextDocument(document: Json): FormDocument | FlowDocument {
  if (document.kind === 'flow') {
    const steps = Object.fromEntries(Object.entries(child(document, 'steps')).filter(([, step]) => isObject(step)));
    return { ...document, steps } as unknown as FlowDocument;
  }
  return { ...document, messages: child(document, 'messages') } as unknown as FormDocument;
}

/**
 * A place in the words of what the employee sees, under the screen's name: the field names, definitions and rule
 * ids (which the secondary line keeps) left out, each part after the last: "DOB (field birthdate) — rule
 * 'dob-range' message (on Next)" -> "Personal Details › DOB › message of a check (on Next)".
 */
function seenTitle(screen: string, place: string): string {
  const words = place
    .replace(/ \((?:field|definition) [^)]*\)/g, '')
    .replace(/\brule(?: '[^']*')? message/, 'message of a check')
    .replace(/^shown by the screen of .*$/, 'a text of the screen')
    .replace(/^title of the form \(its page title\)$/, 'page title')
    .split(' — ')
    .join(' › ');
  return `${screen} › ${words}`;
}

/** Titles made distinct: a title two texts share gets the key of each (two checks of one field). */
function distinctTitles(entries: TextEntry[]): TextEntry[] {
  const count = new Map<string, number>();
  for (const entry of entries) count.set(entry.title, (count.get(entry.title) ?? 0) + 1);
  return entries.map((entry) => ((count.get(entry.title) ?? 0) > 1 ? { ...entry, title: `${entry.title} (${entry.key})` } : entry));
}

/**
 * Every text of a document with where it appears: a form's messages (a flow's step titles) first, in the
 * document's order, then its other texts in the engine's order (the title, the schema's, the uiSchema's).
 */
export function textEntries(document: Json): TextEntry[] {
  const places = formPlaces(document);
  const steps = document.kind === 'flow' ? stepPlaces(document) : new Map<string, string>();
  const name = typeof document.title === 'string' && document.title !== '' ? document.title : 'This document';
  const screen = `shown by the screen of ${typeof document.title === 'string' ? `'${document.title}'` : 'this document'}`;
  const labels = document.kind === 'flow' ? stepLabels(document) : new Map<string, string>();
  const first: TextEntry[] = [];
  const others: TextEntry[] = [];
  for (const [pointer, text] of textsOf(asTextDocument(document))) {
    const tokens = parsePointer(pointer);
    const [root = '', key = ''] = tokens;
    if (root === 'messages' && tokens.length === 2) {
      const at = places.get(key) ?? [SCREEN_TEXTS[key] ?? screen];
      first.push({ pointer, title: seenTitle(name, at[0]!), label: key, key, text, places: at });
    } else if (root === 'steps' && tokens.length === 3) {
      first.push({ pointer, title: `${name} › ${labels.get(key) ?? key} › step title`, label: `Title of step ${key}`, key, text, places: [steps.get(key) ?? `step ${key} — title`] });
    } else {
      const place = pointer === '/title' ? `title of ${document.kind === 'flow' ? 'the flow' : 'the form (its page title)'}` : (fieldTextPlace(document, tokens) ?? pointer);
      others.push({ pointer, title: seenTitle(name, place), label: pointer, key: pointer, text, places: [place] });
    }
  }
  // A flow's step titles come in the order of its steps (the engine's order is the document's).
  if (document.kind === 'flow') {
    const order = [...steps.keys()];
    first.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
  }
  return distinctTitles([...first, ...others]);
}

/** The pointer of a form's message. */
export const messagePointer = (key: string) => `/messages/${escapeToken(key)}`;
/** The pointer of a flow step's title. */
export const stepTitlePointer = (id: string) => `/steps/${escapeToken(id)}/title`;

/**
 * Each text of a document named for a sentence, by its pointer, in the list's order: `message 'dob-range'`, `the
 * title of step Contributions › Contributions`, else its place (`ZIP Code (field postalcode) — help`).
 */
export function textNames(document: Json): Map<string, string> {
  const labels = stepLabels(document);
  return new Map(
    textEntries(document).map((entry) => {
      if (entry.pointer === messagePointer(entry.key)) return [entry.pointer, `message '${entry.key}'`];
      if (entry.pointer === stepTitlePointer(entry.key)) return [entry.pointer, `the title of step ${labels.get(entry.key) ?? entry.key}`];
      return [entry.pointer, entry.places[0] ?? entry.pointer];
    }),
  );
}

/** Whether a text matches a search: in its title, text, key, place or any `more` (its translation), any case; an empty search matches all. */
export function matchesSearch(entry: TextEntry, search: string, ...more: (string | undefined)[]): boolean {
  const wanted = search.trim().toLowerCase();
  return wanted === '' || [entry.title, entry.key, entry.text, ...entry.places, ...more].some((part) => part !== undefined && part.toLowerCase().includes(wanted));
}

/** The document with the text at `pointer` changed (a message, a step's title, a label...), nothing else. */
export function setText(document: Json, pointer: string, text: string): Json {
  return setAtPointer(document, pointer, text) as Json;
}
