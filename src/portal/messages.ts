/**
 * The catalogue texts screens show outside form documents ('Not Available', 'NO PLAN FOUND'...), read from the
 * catalogue of the page's language (schemas/messages/en.json, es.json) so each has one source (spec §8). Texts of a
 * form come from its document instead.
 *
 * Each language's catalogue is a chunk of its own, so a page loads only its language's (the landing page's
 * budget). The entry (main.tsx) loads the page's language's, named in <html lang> by the server (static.ts), before
 * its first render. So no module may read a text as it is evaluated, only when it renders or runs: a text read
 * before the catalogue is loaded throws (tests/web/catalogue-reads.test.ts imports every module to prove none does).
 */
import type en from '#content/schemas/messages/en.json';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_LOCALES, type Language } from '#contracts/language.ts';

export type MessageKey = keyof typeof en.messages;

type Catalogue = { messages: Record<MessageKey, string> };

// Only `messages` is taken (a named import), so a catalogue's chunk carries its texts, not its notes.
const catalogues: Record<Language, () => Promise<Catalogue['messages']>> = {
  en: () => import('#content/schemas/messages/en.json').then(({ messages }) => messages),
  es: () => import('#content/schemas/messages/es.json').then(({ messages }) => messages),
};

const texts = {} as Record<MessageKey, string>;
let loaded = false;

/** The texts of the page's language, once loadCatalogue has run. */
export const messages: Readonly<Record<MessageKey, string>> = new Proxy(texts, {
  get(target, key, receiver) {
    if (!loaded) throw new Error(`The catalogue text ${String(key)} was read before the catalogue was loaded.`);
    return Reflect.get(target, key, receiver) as unknown;
  },
});

/** The page's language: the catalogue loaded. */
export let language: Language = DEFAULT_LANGUAGE;

/**
 * The lang attribute of a text in `lang` shown on this page: set only where it differs from the page's (an
 * employer's text written in English only, on a Spanish page), so a screen reader reads it in its own language.
 */
export function langOf(lang: Language): Language | undefined {
  return lang === language ? undefined : lang;
}

/** The Intl locale money, numbers and dates are shown in, the page's language's (LANGUAGE_LOCALES). */
export let locale: string = LANGUAGE_LOCALES[DEFAULT_LANGUAGE];

/** Loads the catalogue of `chosen` into `messages` and makes it the page's language. */
export async function loadCatalogue(chosen: Language): Promise<void> {
  Object.assign(texts, await catalogues[chosen]());
  language = chosen;
  locale = LANGUAGE_LOCALES[chosen];
  loaded = true;
}

/** The language the page says it is in (<html lang>), else English. */
export function documentLanguage(): Language {
  const lang = globalThis.document?.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/**
 * A module's table of texts by catalogue key, each read when it is used (not when the module is evaluated, before
 * the catalogue is loaded): catalogueTexts({ failed: 'sso-failed' }).failed is the text of 'sso-failed'.
 */
export function catalogueTexts<K extends string>(keys: Readonly<Record<K, MessageKey>>): Readonly<Record<K, string>> {
  return new Proxy(keys as Record<K, MessageKey>, {
    get: (target, name) => (typeof name === 'string' && Object.hasOwn(target, name) ? messages[target[name as K]] : undefined),
  }) as unknown as Readonly<Record<K, string>>;
}
