/**
 * The catalogue texts (schemas/messages/<language>.json) a server answer carries as its notice or its refusal, and
 * the e-mails the server writes, filled in and in one language: the request's (request.language) or, for work
 * without a request (an e-mail), the member's. The web shows the same keys through src/portal/messages.ts, so a text
 * has one source. Both catalogues are loaded: the server answers either language at any time.
 */
import en from '#content/schemas/messages/en.json';
import es from '#content/schemas/messages/es.json';
import { DEFAULT_LANGUAGE, LANGUAGE_LOCALES, type Language } from '#contracts/language.ts';
import { fillMessage } from '#contracts/messages.ts';
import { formatCents, type Cents } from '#domain/values/money.ts';

export type CatalogueMessageKey = keyof typeof en.messages;

type MessageValues = Readonly<Record<string, string | number>>;

const catalogues: Readonly<Record<Language, Readonly<Record<CatalogueMessageKey, string>>>> = {
  en: en.messages,
  // A key es.json lacked would fail the typecheck here (and tests/content/catalogue-languages.test.ts).
  es: es.messages,
};

export function catalogueMessage(key: CatalogueMessageKey, values: MessageValues, language: Language): string {
  return fillMessage(catalogues[language][key], values);
}

/** Money as a reader of `language` writes it, in US dollars ($1,234.50 in both English and Spanish of the US). */
export function formatMoney(cents: Cents, language: Language): string {
  return formatCents(cents, LANGUAGE_LOCALES[language]);
}

/** Values to fill in, fixed or formatted for the language (money). */
type TextValues = MessageValues | ((language: Language) => MessageValues);

/**
 * A catalogue text named, to be written in the language of the answer that carries it: a refusal thrown deep in a
 * service (errors.ts) is worded by the error handler, which knows the request.
 */
export type CatalogueText = { readonly key: CatalogueMessageKey; readonly values?: TextValues };

export const catalogueText = (key: CatalogueMessageKey, values?: TextValues): CatalogueText => (values ? { key, values } : { key });

/** A text as the answer says it: a catalogue text in `language`, anything else (a document's message) as it is. */
export function inLanguage(text: string | CatalogueText, language: Language): string {
  if (typeof text === 'string') return text;
  const values = typeof text.values === 'function' ? text.values(language) : text.values;
  return catalogueMessage(text.key, values ?? {}, language);
}

/** A member's e-mails' language: the one chosen in the profile, else `otherwise` (English unless the member is there). */
export const mailLanguage = (member: { language: Language | null }, otherwise: Language = DEFAULT_LANGUAGE): Language => member.language ?? otherwise;
