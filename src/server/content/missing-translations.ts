/**
 * What keeps a language other than English from being whole: a base document's text that its translation
 * (schemas/translations/<language>/) leaves out, and a key of the English catalogue (schemas/messages/en.json) that
 * the language's catalogue leaves out, leaves empty or gives other {placeholders}. loadBaseContent already stops
 * the start on a document translation that is wrong; a text left out only shows in English, so `npm run
 * forms:check` and the content tests are where it fails.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#contracts/language.ts';
import { placeholdersOf, translationProblems } from '#engine/runtime/index.ts';
import type { BaseContent } from './base-content.ts';

type Messages = Readonly<Record<string, string>>;

/** A language's catalogue texts by key; none when the language has no catalogue yet. */
function catalogueOf(root: string, language: Language): Messages {
  const file = path.join(root, 'schemas', 'messages', `${language}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { messages: Messages }).messages : {};
}

/** The catalogue's problems in one language as 'key: reason', in the words translationProblems uses for documents. */
function catalogueProblems(english: Messages, translated: Messages): string[] {
  const problems: string[] = [];
  for (const [key, text] of Object.entries(english)) {
    const translation = translated[key];
    if (typeof translation !== 'string' || translation.trim() === '') problems.push(`${key}: no translation`);
    else if (placeholdersOf(translation).join() !== placeholdersOf(text).join()) {
      const marks = placeholdersOf(text).map((name) => `{${name}}`);
      problems.push(`${key}: the translation must keep the marks of the text (${marks.length > 0 ? marks.join(', ') : 'none'})`);
    }
  }
  for (const key of Object.keys(translated)) if (!Object.hasOwn(english, key)) problems.push(`${key}: not a key of the English catalogue`);
  return problems;
}

/**
 * Every gap, as '<document> (<language>) <pointer>: reason' or 'catalogue <language>.json <key>: reason', for
 * each language other than English (empty when every base text has its translation).
 */
export function missingTranslations(base: Pick<BaseContent, 'forms' | 'flows'>, root: string): string[] {
  const english = catalogueOf(root, DEFAULT_LANGUAGE);
  return LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).flatMap((language) => [
    ...[...base.forms.values(), ...base.flows.values()].flatMap((document) =>
      translationProblems(document, document.translations?.[language] ?? {}, { complete: true }).map((problem) => `${document.id} (${language}) ${problem}`),
    ),
    ...catalogueProblems(english, catalogueOf(root, language)).map((problem) => `catalogue ${language}.json ${problem}`),
  ]);
}
