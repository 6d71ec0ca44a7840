/**
 * Whether a screen shown in Spanish still shows English: every line of the page's text (and every accessible
 * name of a control) is compared against the English catalogue and the documents' English texts as the product
 * serves them, each taken where its Spanish differs (a text the same in both languages, such as a plan's name,
 * proves nothing).
 * A text with {marks} is compared by its longest literal piece between marks.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const readJson = (path: string): unknown => JSON.parse(readFileSync(join(root, path), 'utf8'));

type Catalogue = { messages: Record<string, string> };

/** English texts that read differently in Spanish: whole texts, and the literal pieces of texts with marks. */
function englishTexts(): { whole: Set<string>; pieces: string[] } {
  const en = (readJson('schemas/messages/en.json') as Catalogue).messages;
  const es = (readJson('schemas/messages/es.json') as Catalogue).messages;
  const pairs: Array<[string, string | undefined]> = Object.entries(en).map(([key, text]) => [text, es[key]]);
  return collect(pairs);
}

function collect(pairs: Array<[english: string, spanish: string | undefined]>): { whole: Set<string>; pieces: string[] } {
  const whole = new Set<string>();
  const pieces: string[] = [];
  for (const [english, spanish] of pairs) {
    if (english.trim() === spanish?.trim()) continue;
    if (!english.includes('{')) whole.add(english.trim());
    else {
      const longest = english
        .split(/\{\w+\}/)
        .map((piece) => piece.trim())
        .sort((a, b) => b.length - a.length)[0];
      // Only a piece long enough to be a phrase of its own: 'Showing', 'of' and the like are no evidence.
      if (longest && longest.length >= 12 && !spanish?.includes(longest)) pieces.push(longest);
    }
  }
  return { whole, pieces };
}

/** The ids of the documents that have Spanish texts, each with the kind its content route serves. */
function translatedDocuments(): Array<{ id: string; kind: 'forms' | 'flows' }> {
  const dir = join(root, 'schemas', 'translations', 'es');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((file) => (readJson(`schemas/translations/es/${file}`) as { document: string }).document)
    .map((id) => ({ id, kind: existsSync(join(root, 'flows', `${id}.flow.json`)) ? 'flows' : 'forms' }));
}

/** Every string of the English document next to the string at the same place in the Spanish one. */
function sameplaced(english: unknown, spanish: unknown, pairs: Array<[string, string]>): void {
  if (typeof english === 'string' && typeof spanish === 'string') pairs.push([english, spanish]);
  else if (english !== null && typeof english === 'object' && spanish !== null && typeof spanish === 'object') {
    for (const [key, value] of Object.entries(english)) sameplaced(value, (spanish as Record<string, unknown>)[key], pairs);
  }
}

/**
 * The documents' English texts and their Spanish, as the product serves them (bundled, with the employer's
 * override when one is named): each document asked in English and in Spanish, compared place by place; the
 * strings that differ are its texts (a schema's keys, patterns and widgets read the same in both).
 */
async function documentPairs(request: APIRequestContext, employer: string | undefined): Promise<Array<[string, string]>> {
  const pairs: Array<[string, string]> = [];
  const served = async (id: string, kind: string, lang: string) => {
    const answer = await request.get(`/api/content/${kind}/${id}?${new URLSearchParams({ lang, ...(employer ? { accountid: employer } : {}) })}`);
    expect(answer.status(), `${kind}/${id} in ${lang}`).toBe(200);
    return ((await answer.json()) as { data: { document: unknown } }).data.document;
  };
  for (const { id, kind } of translatedDocuments()) sameplaced(await served(id, kind, 'en'), await served(id, kind, 'es'), pairs);
  return pairs;
}

const known = new Map<string, { whole: Set<string>; pieces: string[] }>();
/** The English texts to look for: the catalogue's and the documents' (base, or as `employer` has them). */
async function english(request: APIRequestContext, employer: string | undefined) {
  const key = employer ?? '';
  let texts = known.get(key);
  if (!texts) {
    const catalogue = englishTexts();
    const documents = collect(await documentPairs(request, employer));
    texts = { whole: new Set([...catalogue.whole, ...documents.whole]), pieces: [...catalogue.pieces, ...documents.pieces] };
    known.set(key, texts);
  }
  return texts;
}

/** The English texts a page shows now: lines of its text and accessible names of its controls. */
export async function englishShown(page: Page, employer?: string): Promise<string[]> {
  const { whole, pieces } = await english(page.request, employer);
  const shown = await page.evaluate(() => {
    const lines = document.body.innerText.split('\n');
    const names = Array.from(document.querySelectorAll('[aria-label], [title], [placeholder]')).flatMap((element) =>
      ['aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
    );
    return [...lines, ...names, document.title].map((text) => text.trim()).filter((text) => text !== '');
  });
  const found = new Set<string>();
  for (const text of shown) {
    if (whole.has(text)) found.add(text);
    for (const piece of pieces) if (text.includes(piece)) found.add(`${piece} (in "${text}")`);
  }
  return [...found];
}

/**
 * The page is in Spanish: lang="es" and no English text of the catalogue or the documents on it (the base
 * documents, or those of `employer`, overrides included).
 */
export async function expectSpanishOnly(page: Page, where: string, employer?: string): Promise<void> {
  await expect(page.locator('html'), `the language of ${where}`).toHaveAttribute('lang', 'es');
  expect.soft(await englishShown(page, employer), `English on ${where}`).toEqual([]);
}
