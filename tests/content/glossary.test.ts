/**
 * The Spanish catalogue and the Spanish texts of the documents (schemas/translations/es) keep to the glossary
 * (docs/glossary.md): where an English text uses a term of a row marked *held*, its Spanish text uses that row's
 * Spanish term, so a reader meets one word for one thing on every screen. A held row's note may also name a word
 * never to use for the term (premium: never "cuota").
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { textsOf } from '#engine/runtime/index.ts';
import { defaultContentRoot, loadBaseContent } from '#server/content/base-content.ts';

type Catalogue = { messages: Record<string, string> };

type HeldTerm = { english: string[]; spanish: string[]; never: string[] };

const read = (...parts: string[]): string => readFileSync(path.join(defaultContentRoot, ...parts), 'utf8');
const en = JSON.parse(read('schemas', 'messages', 'en.json')) as Catalogue;
const es = JSON.parse(read('schemas', 'messages', 'es.json')) as Catalogue;

/** A cell's terms: alternatives split on ' / ', an abbreviation in parentheses left out ('health savings account (HSA)'). */
const terms = (cell: string): string[] =>
  cell
    .split(' / ')
    .map((term) => term.replace(/\([^)]*\)/g, '').trim())
    .filter(Boolean);

/** The glossary's held rows: | English | Spanish | Note | with *held* in the note. */
function heldTerms(markdown: string): HeldTerm[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()))
    .filter((cells) => cells.length === 3 && cells[2]!.includes('*held*'))
    .map(([english, spanish, note]) => ({
      english: terms(english!),
      spanish: terms(spanish!),
      never: [...note!.matchAll(/never "([^"]+)"/g)].map((m) => m[1]!),
    }));
}

const escape = (word: string): string => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A whole-word, case-insensitive match; letters with accents count as letters. */
const wordPattern = (body: string): RegExp => new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'iu');

/** An English term, its last word also in the plural ('premium', 'premiums'). */
const englishPattern = (term: string): RegExp => wordPattern(`${term.split(/\s+/).map(escape).join('\\s+')}s?`);

/** A Spanish term, each word also in the plural ('prima'/'primas', 'red de proveedores'/'redes de proveedores'). */
const spanishPattern = (term: string): RegExp => wordPattern(term.split(/\s+/).map((word) => `${escape(word)}(?:e?s)?`).join('\\s+'));

/** What breaks the glossary in one pair of texts, in words a translator can act on. */
function glossaryProblems(englishText: string, spanishText: string, held: HeldTerm[]): string[] {
  return held.flatMap((row) => {
    const used = row.english.find((term) => englishPattern(term).test(englishText));
    if (used === undefined) return [];
    const missing = row.spanish.some((term) => spanishPattern(term).test(spanishText)) ? [] : [`"${used}" is not translated as "${row.spanish.join('" or "')}"`];
    const forbidden = row.never.filter((word) => spanishPattern(word).test(spanishText)).map((word) => `"${used}" is translated as "${word}"`);
    return [...missing, ...forbidden];
  });
}

const held = heldTerms(read('docs', 'glossary.md'));

describe('glossary', () => {
  it('reads the held rows of docs/glossary.md', () => {
    expect(held.length).toBeGreaterThanOrEqual(7);
    expect(held).toContainEqual({ english: ['premium'], spanish: ['prima'], never: ['cuota'] });
  });

  it('holds the Spanish catalogue to the held terms', () => {
    const problems = Object.entries(en.messages).flatMap(([key, text]) =>
      glossaryProblems(text, es.messages[key] ?? '', held).map((problem) => `${key}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it("holds each document's Spanish texts to the held terms", () => {
    const content = loadBaseContent();
    const problems = [...content.forms.values(), ...content.flows.values()].flatMap((document) =>
      [...textsOf(document)].flatMap(([pointer, text]) =>
        glossaryProblems(text, document.translations?.es?.[pointer] ?? '', held).map((problem) => `${document.id} ${pointer}: ${problem}`),
      ),
    );
    expect(problems).toEqual([]);
  });

  it('catches a text that strays from a held term (the check itself)', () => {
    expect(glossaryProblems('Monthly Premium', 'Cuota mensual', held)).toEqual(['"premium" is not translated as "prima"', '"premium" is translated as "cuota"']);
    expect(glossaryProblems('Monthly Premium', 'Prima mensual (cuota)', held)).toEqual(['"premium" is translated as "cuota"']);
    expect(glossaryProblems('These premiums are estimates', 'Estas primas son estimaciones', held)).toEqual([]);
    expect(glossaryProblems('Annual Out-of-Pocket Max (Family)', 'Gasto máximo anual (familiar)', held)).toHaveLength(1);
    expect(glossaryProblems('Provider networks', 'Redes de proveedores', held)).toEqual([]);
    expect(glossaryProblems('Deductible', 'Franquicia', held)).toHaveLength(1);
  });
});
