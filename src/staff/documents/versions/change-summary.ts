/**
 * What a publish or a roll back changes for employees, in sentences a specialist checks before confirming:
 * from the document employees get now to the one they will get. Messages, titles, fields (added with their label
 * and whether required, removed, hidden, required or not, moved), rules, and a flow's steps (switched on or off,
 * renamed, condition changed, moved) and the texts in another language (added, changed, removed: "Spanish text of
 * message 'dob-range' changed: ...") are said in words; every other difference is listed by its JSON pointer
 * ("Other change at /errorMessages/~1birthdate/format"), so nothing changes unlisted.
 */
import { fieldsOf, sameDocument, type Json } from '../document-edits.ts';
import { stepLabels, textNames } from '../texts/text-places.ts';
import { LANGUAGE_IN_ENGLISH, translationOf, type TranslatedLanguage } from '../texts/text-translations.ts';

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const child = (value: unknown, key: string): Json => {
  const found = isObject(value) ? value[key] : undefined;
  return isObject(found) ? found : {};
};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const quoted = (value: unknown) => `'${String(value ?? '')}'`;

/** Sentences about one document, and the pointers they explain (a pointer explains everything below it too). */
class Summary {
  readonly sentences: string[] = [];
  readonly explained: string[] = [];
  say(sentence: string, ...pointers: string[]) {
    this.sentences.push(sentence);
    this.explained.push(...pointers);
  }
  explain(...pointers: string[]) {
    this.explained.push(...pointers);
  }
  isExplained(pointer: string) {
    return this.explained.some((done) => pointer === done || pointer.startsWith(`${done}/`));
  }
}

function messages(before: Json, after: Json, summary: Summary) {
  const a = child(before, 'messages');
  const b = child(after, 'messages');
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    const pointer = `/messages/${escape(key)}`;
    if (!(key in a)) summary.say(`Message '${key}' added: ${quoted(b[key])}`, pointer);
    else if (!(key in b)) summary.say(`Message '${key}' removed (it was ${quoted(a[key])})`, pointer);
    else if (!sameDocument(a[key], b[key])) summary.say(`Message '${key}': ${quoted(a[key])} to ${quoted(b[key])}`, pointer);
  }
}

/** The title a field shows, else its name. */
const fieldTitle = (field: unknown, name: string) => (isObject(field) && typeof field.title === 'string' && field.title !== '' ? field.title : name);

/**
 * The fields of one object of a form's schema: the form's own (`/schema`, with the uiSchemas that may hide them)
 * or a definition's (a dependent's: `owner` names it).
 */
type FieldsOf = { before: Json; after: Json; pointer: string; owner: string | null; uiBefore: Json; uiAfter: Json };

function fields({ before, after, pointer, owner, uiBefore, uiAfter }: FieldsOf, summary: Summary) {
  const a = child(before, 'properties');
  const b = child(after, 'properties');
  const requiredA = list(before.required);
  const requiredB = list(after.required);
  const hidden = (ui: Json, name: string) => child(ui, name)['ui:widget'] === 'hidden';
  const of = owner === null ? '' : ` (${owner})`;
  // The order of `required` means nothing; each change of it is said per field below (a name of no field is not).
  const changedRequired = [...requiredA.filter((name) => !requiredB.includes(name)), ...requiredB.filter((name) => !requiredA.includes(name))];
  if (changedRequired.every((name) => typeof name === 'string' && (name in a || name in b))) summary.explain(`${pointer}/required`);
  for (const name of new Set([...Object.keys(b), ...Object.keys(a)])) {
    const at = `${pointer}/properties/${escape(name)}`;
    const uiAt = owner === null ? [`/uiSchema/${escape(name)}`] : [];
    if (!(name in a)) {
      summary.say(`Field ${fieldTitle(b[name], name)}${of} added${requiredB.includes(name) ? ', required' : ''}`, at, ...uiAt);
      continue;
    }
    if (!(name in b)) {
      summary.say(`Field ${fieldTitle(a[name], name)}${of} removed`, at, ...uiAt);
      continue;
    }
    const title = fieldTitle(b[name], name);
    if (fieldTitle(a[name], name) !== title) summary.say(`Changed the label of ${fieldTitle(a[name], name)}${of} from ${quoted(fieldTitle(a[name], name))} to ${quoted(title)}`, `${at}/title`);
    if (requiredA.includes(name) !== requiredB.includes(name)) summary.say(`Field ${title}${of} ${requiredB.includes(name) ? 'now required' : 'no longer required'}`);
    if (hidden(uiBefore, name) !== hidden(uiAfter, name)) summary.say(`Field ${title}${of} ${hidden(uiAfter, name) ? 'hidden' : 'shown again'}`, ...uiAt.map((ui) => `${ui}/ui:widget`));
  }
}

/**
 * Fields whose place in `ui:order` changed: those outside the longest run the two orders keep in common, each said
 * with the field it now follows.
 */
function moves(before: Json, after: Json, summary: Summary) {
  const fieldsA = child(child(before, 'schema'), 'properties');
  const fieldsB = child(child(after, 'schema'), 'properties');
  const orderA = list(child(before, 'uiSchema')['ui:order']).map(String);
  const orderB = list(child(after, 'uiSchema')['ui:order']).map(String);
  // Fields added or removed are said as such; what stays must be the same names in another order.
  const keptA = orderA.filter((name) => !(name in fieldsA) || name in fieldsB);
  const keptB = orderB.filter((name) => !(name in fieldsB) || name in fieldsA);
  if ([...keptA].sort().join('\n') !== [...keptB].sort().join('\n')) return;
  summary.explain('/uiSchema/ui:order');
  const common = longestCommon(keptA, keptB);
  keptB.forEach((name, i) => {
    if (common.has(name) || name === '*') return;
    const previous = keptB[i - 1];
    const where = previous === undefined ? 'now first' : previous === '*' ? 'now after the other fields' : `now after ${fieldTitle(fieldsB[previous], previous)}`;
    summary.say(`Field ${fieldTitle(fieldsB[name], name)} moved (${where})`);
  });
}

/** The names of the longest common subsequence of two lists of distinct names. */
function longestCommon(a: string[], b: string[]): Set<string> {
  const lengths = a.map(() => b.map(() => 0));
  const at = (i: number, j: number) => (i < a.length && j < b.length ? lengths[i]![j]! : 0);
  for (let i = a.length - 1; i >= 0; i -= 1) for (let j = b.length - 1; j >= 0; j -= 1) lengths[i]![j] = a[i] === b[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
  const kept = new Set<string>();
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) {
      kept.add(a[i]!);
      i += 1;
      j += 1;
    } else if (at(i + 1, j) >= at(i, j + 1)) i += 1;
    else j += 1;
  }
  return kept;
}

/** A form's rules by id (else by position): added, removed, showing another message, or changed. */
function rules(before: Json, after: Json, summary: Summary) {
  const keyed = (document: Json) => new Map(list(document.rules).map((rule, i) => [isObject(rule) && typeof rule.id === 'string' ? rule.id : `#${i + 1}`, rule] as const));
  const a = keyed(before);
  const b = keyed(after);
  const said = summary.sentences.length;
  for (const [id, rule] of b) {
    const old = a.get(id);
    const message = isObject(rule) ? rule.message : undefined;
    if (old === undefined) summary.say(`Rule '${id}' added${typeof message === 'string' ? ` (message '${message}')` : ''}`);
    else if (isObject(old) && !sameDocument(old, rule) && sameDocument({ ...old, message }, rule)) summary.say(`Rule '${id}' now shows message '${String(message)}'`);
    else if (!sameDocument(old, rule)) summary.say(`Rule '${id}' changed`);
  }
  for (const id of a.keys()) if (!b.has(id)) summary.say(`Rule '${id}' removed`);
  if (summary.sentences.length === said && !sameDocument(before.rules, after.rules)) summary.say('Rules checked in another order');
  summary.explain('/rules');
}

function formChanges(before: Json, after: Json, summary: Summary) {
  const schemaA = child(before, 'schema');
  const schemaB = child(after, 'schema');
  fields({ before: schemaA, after: schemaB, pointer: '/schema', owner: null, uiBefore: child(before, 'uiSchema'), uiAfter: child(after, 'uiSchema') }, summary);
  // A definition with fields of its own (a dependent) is a list's item: its fields are said with its name.
  const definitionsA = child(schemaA, 'definitions');
  const definitionsB = child(schemaB, 'definitions');
  for (const name of new Set([...Object.keys(definitionsA), ...Object.keys(definitionsB)])) {
    const a = child(definitionsA, name);
    const b = child(definitionsB, name);
    // Their uiSchema lies under the list that holds them (not named here): a change there is listed by pointer.
    if (isObject(a.properties) || isObject(b.properties)) fields({ before: a, after: b, pointer: `/schema/definitions/${escape(name)}`, owner: name, uiBefore: {}, uiAfter: {} }, summary);
  }
  moves(before, after, summary);
  rules(before, after, summary);
}

function flowChanges(before: Json, after: Json, summary: Summary) {
  const a = child(before, 'steps');
  const b = child(after, 'steps');
  const labelsA = stepLabels(before);
  const labelsB = stepLabels(after);
  for (const id of new Set([...Object.keys(b), ...Object.keys(a)])) {
    const at = `/steps/${escape(id)}`;
    const label = labelsB.get(id) ?? labelsA.get(id) ?? id;
    if (!(id in a)) {
      summary.say(`Step ${label} added${child(b, id).when === false ? ', switched off' : ''}`, at);
      continue;
    }
    if (!(id in b)) {
      summary.say(`Step ${labelsA.get(id) ?? id} removed`, at);
      continue;
    }
    const stepA = child(a, id);
    const stepB = child(b, id);
    if (!sameDocument(stepA.title, stepB.title)) summary.say(`Changed the title of step ${labelsA.get(id) ?? id} from ${quoted(stepA.title)} to ${quoted(stepB.title)}`, `${at}/title`);
    if (!sameDocument(stepA.when, stepB.when)) {
      const offA = stepA.when === false;
      const offB = stepB.when === false;
      summary.say(offA === offB ? `Step ${label}: condition changed` : `Step ${label} switched ${offB ? 'off' : 'on'}`, `${at}/when`);
    }
    if (!sameDocument(stepA.order, stepB.order) || !sameDocument(stepA.parent, stepB.parent)) summary.say(`Step ${label} moved`, `${at}/order`, `${at}/parent`);
  }
}

/**
 * The texts in each other language added, changed or removed, each named by the text it translates (as the
 * document after names it, else as before), in the order of the document's texts.
 */
function translations(before: Json, after: Json, summary: Summary) {
  const namesBefore = textNames(before);
  const names = textNames(after);
  const order = [...names.keys(), ...namesBefore.keys()];
  const rank = (pointer: string) => (order.includes(pointer) ? order.indexOf(pointer) : order.length);
  for (const language of Object.keys(LANGUAGE_IN_ENGLISH) as TranslatedLanguage[]) {
    const a = translationOf(before, language);
    const b = translationOf(after, language);
    const words = LANGUAGE_IN_ENGLISH[language];
    const pointers = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort((x, y) => rank(x) - rank(y));
    for (const pointer of pointers) {
      const at = `/translations/${language}/${escape(pointer)}`;
      const text = `${words} text of ${names.get(pointer) ?? namesBefore.get(pointer) ?? pointer}`;
      if (!(pointer in a)) summary.say(`${text} added: ${quoted(b[pointer])}`, at);
      else if (!(pointer in b)) summary.say(`${text} removed (it was ${quoted(a[pointer])}): employees reading ${words} get the English`, at);
      else if (a[pointer] !== b[pointer]) summary.say(`${text} changed: ${quoted(a[pointer])} to ${quoted(b[pointer])}`, at);
    }
  }
}

/**
 * Every pointer where two values differ: objects are compared member by member (an object where there was none as
 * one with no members, so a new `ui:widget` is named at its own pointer), anything else whole.
 */
function differences(a: unknown, b: unknown, pointer: string): string[] {
  const membersA = membersOf(a);
  const membersB = membersOf(b);
  if (membersA && membersB) return [...new Set([...Object.keys(membersA), ...Object.keys(membersB)])].flatMap((key) => differences(membersA[key], membersB[key], `${pointer}/${escape(key)}`));
  return sameDocument(a, b) ? [] : [pointer];
}
const membersOf = (value: unknown): Json | null => (isObject(value) ? value : value === undefined ? {} : null);

/** What changes for employees from `before` (what they get now) to `after`, one sentence each, in document order. */
export function changeSummary(before: Json, after: Json): string[] {
  const summary = new Summary();
  if (!sameDocument(before.title, after.title)) summary.say(`Changed the title from ${quoted(before.title)} to ${quoted(after.title)}`, '/title');
  messages(before, after, summary);
  if (after.kind === 'flow' || before.kind === 'flow') flowChanges(before, after, summary);
  else formChanges(before, after, summary);
  translations(before, after, summary);
  for (const pointer of differences(before, after, '')) if (!summary.isExplained(pointer)) summary.say(`Other change at ${pointer || '/'}`, pointer);
  return summary.sentences;
}

/** A form of the employer's own published for the first time: the form, then each of its fields, in words. */
export function newFormSummary(form: Json): string[] {
  return [
    `New form of the employer's own: ${quoted(form.title)}`,
    ...fieldsOf(form).map((field) => `Field ${field.title} added${field.required ? ', required' : ''}`),
  ];
}
