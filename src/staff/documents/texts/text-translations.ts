/**
 * A document's texts in another language (issue 23), as the console edits them: a document carries each
 * language's texts in `translations` (language -> pointer of a text -> the text in that language), and an
 * employer's override changes them as it changes any text. For the texts list: a text's translation, whether it
 * has none or needs review (the employer changed its English while its translation is still the base document's),
 * the problems the server would refuse the draft for (marks that differ, an empty text, a text the document does
 * not have), and the draft with one translation changed. For the preview: the draft as served in a language.
 */
import type { Language } from '#contracts/language.ts';
import { textsOf, translatedDocument, translationProblems, type Translation } from '#engine/runtime/index.ts';
import type { Json } from '../document-edits.ts';
import { asTextDocument } from './text-places.ts';

/** A language the documents are translated to (English is the documents' own). */
export type TranslatedLanguage = Exclude<Language, 'en'>;

/** Each translated language named in the console's English. */
export const LANGUAGE_IN_ENGLISH: Readonly<Record<TranslatedLanguage, string>> = { es: 'Spanish' };

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The document's texts in `language` (pointer -> text); what is no text of that shape is left out. */
export function translationOf(document: Json | null, language: TranslatedLanguage): Translation {
  const translations = isObject(document?.translations) ? document.translations : {};
  const translation = isObject(translations[language]) ? translations[language] : {};
  return Object.fromEntries(Object.entries(translation).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * The document with the text at `pointer` in `language` set to `text`; a blank text removes it (employees then
 * read the English), and a language left with no texts, and `translations` left with no language, go with it.
 */
export function setTranslation(document: Json, language: TranslatedLanguage, pointer: string, text: string): Json {
  const translations = isObject(document.translations) ? { ...document.translations } : {};
  const translation = isObject(translations[language]) ? { ...translations[language] } : {};
  if (text.trim() === '') delete translation[pointer];
  else translation[pointer] = text;
  if (Object.keys(translation).length > 0) translations[language] = translation;
  else delete translations[language];
  const { translations: _old, ...rest } = document;
  return Object.keys(translations).length > 0 ? { ...rest, translations } : rest;
}

/** Whether a text has a translation: none yet, one to review (its English changed, the translation is the base's), or one. */
export type TranslationState = 'missing' | 'review' | 'translated';

/**
 * The state of each text of the draft in `language`. `base`: the base document (its English and its own
 * translation), null for a form of the employer's own, whose texts are never to review.
 */
export function translationStates(draft: Json, base: Json | null, language: TranslatedLanguage): Map<string, TranslationState> {
  const translation = translationOf(draft, language);
  const baseTexts = base ? textsOf(asTextDocument(base)) : new Map<string, string>();
  const baseTranslation = translationOf(base, language);
  const states = new Map<string, TranslationState>();
  for (const [pointer, english] of textsOf(asTextDocument(draft))) {
    const translated = translation[pointer];
    const baseEnglish = baseTexts.get(pointer);
    if (translated === undefined) states.set(pointer, 'missing');
    else if (baseEnglish !== undefined && english !== baseEnglish && translated === baseTranslation[pointer]) states.set(pointer, 'review');
    else states.set(pointer, 'translated');
  }
  return states;
}

/**
 * Why the server would refuse the draft's translation in `language` (engine translationProblems): each text's
 * problems by its pointer (marks that differ from the English, an empty text), and the pointers translated that are
 * no text of the document (an English text removed or moved) with why.
 */
export function translationChecks(draft: Json, language: TranslatedLanguage): { byPointer: Map<string, string[]>; strays: Map<string, string> } {
  const document = asTextDocument(draft);
  const translation = translationOf(draft, language);
  const texts = textsOf(document);
  // Longest first: a problem names its pointer, then ': '.
  const pointers = Object.keys(translation).sort((a, b) => b.length - a.length);
  const byPointer = new Map<string, string[]>();
  const strays = new Map<string, string>();
  for (const problem of translationProblems(document, translation)) {
    const pointer = pointers.find((candidate) => problem.startsWith(`${candidate}: `));
    if (pointer === undefined) continue;
    const reason = problem.slice(pointer.length + 2);
    if (texts.has(pointer)) byPointer.set(pointer, [...(byPointer.get(pointer) ?? []), reason]);
    else strays.set(pointer, reason);
  }
  return { byPointer, strays };
}

/** The document as its employees get it in `language`: that language's texts in place, no `translations`. */
export function servedIn(document: Json, language: Language): Json {
  return translatedDocument(asTextDocument(document), language === 'en' ? undefined : translationOf(document, language)) as unknown as Json;
}
