/**
 * The Spanish catalogue (schemas/messages/es.json) is a full twin of the English one: the same keys in the same
 * order, a text for every key, and the same {placeholders} in each text, so a screen filling a value in finds it in
 * either language and no key falls back to English. A text the English file guards (money, law, a person's
 * choice) types in Spanish no figure the English lacks.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { figuresOf } from '#engine/authoring/index.ts';
import { defaultContentRoot } from '#server/content/base-content.ts';

type Catalogue = { locale: string; guarded?: Record<string, string>; messages: Record<string, string> };

const readCatalogue = (locale: string): Catalogue =>
  JSON.parse(readFileSync(path.join(defaultContentRoot, 'schemas', 'messages', `${locale}.json`), 'utf8')) as Catalogue;

const en = readCatalogue('en');
const es = readCatalogue('es');

/** A text's placeholder names, as fillMessage and formatMessage find them: each once, sorted. */
const placeholders = (text: string): string[] => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort();

/** Braces that belong to no placeholder ('{ name}', '{name'): fillMessage would show them as they are. */
const strayBraces = (text: string): boolean => /[{}]/.test(text.replace(/\{\w+\}/g, ''));

describe('Spanish catalogue', () => {
  it('is the Spanish file', () => {
    expect(es.locale).toBe('es');
  });

  it("has exactly the English catalogue's keys, in its order", () => {
    expect(Object.keys(es.messages)).toEqual(Object.keys(en.messages));
  });

  it('has a text for every key', () => {
    expect(Object.entries(es.messages).filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });

  it('keeps the placeholders of each English text, no more and no fewer', () => {
    const differing = Object.entries(en.messages)
      .filter(([key, text]) => key in es.messages && placeholders(es.messages[key]!).join() !== placeholders(text).join())
      .map(([key, text]) => `${key}: ${placeholders(text).join()} / ${placeholders(es.messages[key]!).join()}`);
    expect(differing).toEqual([]);
  });

  it("guards only texts it has, and types in each guarded text's Spanish no figure the English lacks", () => {
    const guarded = Object.keys(en.guarded ?? {});
    expect(guarded.length).toBeGreaterThan(5);
    expect(guarded.filter((key) => !(key in en.messages))).toEqual([]);
    expect(es.guarded).toBeUndefined();
    const bare = (figure: string) => figure.replace(/^\$/, '').replace(/%$/, '');
    const typed = guarded.filter((key) => figuresOf(es.messages[key]!).some((figure) => !figuresOf(en.messages[key]!).map(bare).includes(bare(figure))));
    expect(typed).toEqual([]);
  });

  it('has no brace outside a placeholder', () => {
    expect(Object.entries(es.messages).filter(([, text]) => strayBraces(text)).map(([key]) => key)).toEqual([]);
  });

  it('tells a placeholder slip apart (the check itself)', () => {
    expect(placeholders('Hola, {nombre}')).not.toEqual(placeholders('Hi, {name}'));
    expect(placeholders('{amount} al mes: {total}')).not.toEqual(placeholders('{amount} a month: {total} of {limit}'));
    expect(strayBraces('Hola, { name}')).toBe(true);
  });
});
