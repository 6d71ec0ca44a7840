/**
 * The catalogue texts screens show outside form documents ('Not Available', 'NO PLAN FOUND'...), read from the
 * catalogue of the page's language (schemas/messages/en.json, es.json) so each has one source (spec §8). Texts of a
 * form come from its document instead.
 *
 * Each language's catalogue is a chunk of its own, so a page loads only its language's (the landing page's
 * budget): the entry (main.tsx) awaits loadCatalogue before it imports the app, so every module, even one that
 * reads a text while it is evaluated, finds `messages` filled.
 */
import type en from '#content/schemas/messages/en.json';
import { DEFAULT_LANGUAGE, LANGUAGE_LOCALES, type Language } from '#contracts/language.ts';

export type MessageKey = keyof typeof en.messages;

type Catalogue = { messages: Record<MessageKey, string> };

const catalogues: Record<Language, () => Promise<{ default: Catalogue }>> = {
  en: () => import('#content/schemas/messages/en.json'),
  es: () => import('#content/schemas/messages/es.json'),
};

const texts = {} as Record<MessageKey, string>;

/** The texts of the page's language: empty until loadCatalogue has run. */
export const messages: Readonly<Record<MessageKey, string>> = texts;

/** The page's language: the catalogue loaded. */
export let language: Language = DEFAULT_LANGUAGE;

/** The Intl locale money, numbers and dates are shown in, the page's language's (LANGUAGE_LOCALES). */
export let locale: string = LANGUAGE_LOCALES[DEFAULT_LANGUAGE];

/** Loads the catalogue of `chosen` into `messages` and makes it the page's language. */
export async function loadCatalogue(chosen: Language): Promise<void> {
  const { default: catalogue } = await catalogues[chosen]();
  Object.assign(texts, catalogue.messages);
  language = chosen;
  locale = LANGUAGE_LOCALES[chosen];
}
