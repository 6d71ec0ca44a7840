/**
 * The languages the employee product speaks, shared by the server (which serves documents, messages and e-mails
 * in one) and the web app (which loads that language's catalogue). English is the language of the base documents;
 * another language's texts are translations of them (engine texts.ts).
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** The cookie that remembers the language chosen before sign-in (after it, the member's profile does). */
export const LANGUAGE_COOKIE = 'bp_lang';

/** Each language's name in itself: what the language switch offers. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', es: 'Español' };

/** The locale numbers, money and dates are formatted in (Intl), for the United States' readers of each language. */
export const LANGUAGE_LOCALES: Readonly<Record<Language, string>> = { en: 'en-US', es: 'es-US' };

/** The staff console's locale: it stays English (its texts are written in code, not in the employee's catalogue). */
export const CONSOLE_LOCALE = LANGUAGE_LOCALES[DEFAULT_LANGUAGE];

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The language an Accept-Language header prefers most among ours ('es-MX;q=0.9, en;q=0.8' -> 'es'); null if none. */
export function preferredLanguage(acceptLanguage: string | undefined): Language | null {
  if (!acceptLanguage) return null;
  const ranked = acceptLanguage
    .slice(0, 1000)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { language: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && isLanguage(entry.language))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked[0]?.language as Language | undefined) ?? null;
}

/** A request's language: the one chosen (the cookie), else the browser's preference, else English. */
export function requestLanguage(chosen: string | null | undefined, acceptLanguage: string | undefined): Language {
  if (isLanguage(chosen)) return chosen;
  return preferredLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}

/** A year: how long the language chosen is remembered in the browser. */
const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The Set-Cookie (or document.cookie) value that remembers a language: the whole site, a year, sent on a link
 * followed from another site (Lax: it only picks the language), read by the page's script (not HttpOnly); Secure
 * where the page is served over HTTPS.
 */
export function languageCookie(language: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Max-Age=${LANGUAGE_COOKIE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * A text staff wrote for an employer in English, with its Spanish when written, as `language` reads it: the text
 * and the language it is in (so a page in Spanish marks an English-only text lang="en" for screen readers).
 */
export function employerText(english: string, spanish: string | null, language: Language): { text: string; lang: Language } {
  return language === 'es' && spanish !== null && spanish.trim() !== '' ? { text: spanish, lang: 'es' } : { text: english, lang: 'en' };
}
