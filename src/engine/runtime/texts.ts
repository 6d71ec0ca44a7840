/**
 * The texts of a document by JSON pointer into the document as served, and their translations. A translation is
 * a map pointer -> text in one language; a document carries its translations in `translations` (language ->
 * translation), and the document served in a language is the document with that language's texts put in place
 * and no `translations`. A text is: a document's `title`, a form's `messages`, a schema node's `title` and
 * `description`, a uiSchema node's label, description, placeholder, help and option labels and the texts among a
 * widget's ui:options, a flow step's `title`. Message keys (`ui:options.messages`, `parts`, rules) are no texts.
 */
import { escapeToken, setAtPointer } from './pointer.ts';
import type { FlowDocument, FormDocument } from './types.ts';

/** pointer into the document as served -> the text in one language */
export type Translation = Readonly<Record<string, string>>;

/** A schema node's texts a person reads. */
export const SCHEMA_TEXTS: ReadonlySet<string> = new Set(['title', 'description']);
/** A uiSchema node's texts (ui:enumNames holds one text per option). */
export const UI_TEXTS: ReadonlySet<string> = new Set(['ui:title', 'ui:description', 'ui:placeholder', 'ui:help', 'ui:enumNames']);
/** The texts among a widget's ui:options. */
export const UI_OPTION_TEXTS: ReadonlySet<string> = new Set(['addText', 'itemTitle', 'removeText', 'hint', 'notice', 'yesText', 'noText', 'showText', 'hideText', 'label']);

/** Keys of a schema node that hold schemas (a record of them, one, or a list of them). */
const SCHEMA_RECORDS = ['properties', 'definitions', 'patternProperties'];
const SCHEMA_SINGLES = ['items', 'additionalProperties', 'if', 'then', 'else', 'not', 'contains'];
const SCHEMA_LISTS = ['oneOf', 'anyOf', 'allOf'];

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

type Found = Map<string, string>;

const addText = (found: Found, pointer: string, value: unknown) => {
  if (typeof value === 'string' && value.trim() !== '') found.set(pointer, value);
};

function schemaTexts(node: unknown, pointer: string, found: Found): void {
  if (!isObject(node)) return;
  for (const key of SCHEMA_TEXTS) addText(found, `${pointer}/${key}`, node[key]);
  for (const key of SCHEMA_RECORDS) {
    const record = node[key];
    if (isObject(record)) for (const [name, sub] of Object.entries(record)) schemaTexts(sub, `${pointer}/${key}/${escapeToken(name)}`, found);
  }
  for (const key of SCHEMA_SINGLES) schemaTexts(node[key], `${pointer}/${key}`, found);
  for (const key of SCHEMA_LISTS) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((sub, index) => schemaTexts(sub, `${pointer}/${key}/${index}`, found));
  }
}

function uiTexts(node: unknown, pointer: string, found: Found): void {
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    const at = `${pointer}/${escapeToken(key)}`;
    if (key === 'ui:enumNames' && Array.isArray(value)) value.forEach((name, index) => addText(found, `${at}/${index}`, name));
    else if (UI_TEXTS.has(key)) addText(found, at, value);
    else if (key === 'ui:options' && isObject(value)) {
      for (const option of UI_OPTION_TEXTS) addText(found, `${at}/${option}`, value[option]);
    } else if (!key.startsWith('ui:')) uiTexts(value, at, found);
  }
}

/** Every text of a document, pointer -> text, in document order. */
export function textsOf(document: FormDocument | FlowDocument): Map<string, string> {
  const found: Found = new Map();
  addText(found, '/title', document.title);
  if (document.kind === 'flow') {
    for (const [id, step] of Object.entries(document.steps)) addText(found, `/steps/${escapeToken(id)}/title`, step.title);
    return found;
  }
  schemaTexts(document.schema, '/schema', found);
  uiTexts(document.uiSchema, '/uiSchema', found);
  for (const [key, text] of Object.entries(document.messages)) addText(found, `/messages/${escapeToken(key)}`, text);
  return found;
}

/**
 * A schema without its texts (the titles and descriptions textsOf finds in it, at any depth): what validating with
 * it depends on, so the same in every language. Validators compiled ahead are named and found by it.
 */
export function withoutSchemaTexts(node: unknown): unknown {
  if (!isObject(node)) return node;
  const kept = Object.entries(node)
    .filter(([key, value]) => !(SCHEMA_TEXTS.has(key) && typeof value === 'string'))
    .map(([key, value]): [string, unknown] => {
      if (SCHEMA_RECORDS.includes(key) && isObject(value)) return [key, Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, withoutSchemaTexts(sub)]))];
      if (SCHEMA_SINGLES.includes(key)) return [key, withoutSchemaTexts(value)];
      if (SCHEMA_LISTS.includes(key) && Array.isArray(value)) return [key, value.map(withoutSchemaTexts)];
      return [key, value];
    });
  // fromEntries, not assignment: a key named __proto__ stays a key.
  return Object.fromEntries(kept);
}

/** The `{name}` marks of a text, sorted and each once: what a translation must keep. */
export function placeholdersOf(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(/\{(\w+)\}/g), (match) => match[1]!))].sort();
}

/**
 * What is wrong with a translation of a document, as 'pointer: reason': a pointer that is no text of the
 * document, a text that is empty or whose {marks} differ from the document's text there, and (`complete`) a text
 * of the document it leaves out.
 */
export function translationProblems(document: FormDocument | FlowDocument, translation: Translation, options: { complete?: boolean } = {}): string[] {
  const texts = textsOf(document);
  const problems: string[] = [];
  for (const [pointer, text] of Object.entries(translation)) {
    const original = texts.get(pointer);
    if (original === undefined) problems.push(`${pointer}: the document has no text here`);
    else if (typeof text !== 'string' || text.trim() === '') problems.push(`${pointer}: the translation is empty`);
    else if (placeholdersOf(text).join() !== placeholdersOf(original).join()) {
      const marks = placeholdersOf(original).map((name) => `{${name}}`);
      problems.push(`${pointer}: the translation must keep the marks of the text (${marks.length > 0 ? marks.join(', ') : 'none'})`);
    }
  }
  if (options.complete) for (const pointer of texts.keys()) if (!Object.hasOwn(translation, pointer)) problems.push(`${pointer}: no translation`);
  return problems;
}

/** The texts of a document a translation leaves out, pointer -> the text as it is. */
export function untranslatedTexts(document: FormDocument | FlowDocument, translation: Translation): Map<string, string> {
  return new Map([...textsOf(document)].filter(([pointer]) => !Object.hasOwn(translation, pointer)));
}

/**
 * The document as served in one language: its translation's texts put in place (a pointer that is no text of the
 * document is passed over) and no `translations`. A text left out stays as the document has it.
 */
export function translatedDocument<T extends FormDocument | FlowDocument>(document: T, translation: Translation | undefined): T {
  const { translations: _all, ...served } = document as T & { translations?: unknown };
  if (!translation || Object.keys(translation).length === 0) return served as T;
  const texts = textsOf(served as T);
  let copy: unknown = served;
  for (const [pointer, text] of Object.entries(translation)) {
    if (texts.has(pointer) && typeof text === 'string' && text.trim() !== '') copy = setAtPointer(copy, pointer, text);
  }
  return copy as T;
}
