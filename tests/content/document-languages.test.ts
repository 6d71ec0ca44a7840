/**
 * Every base document speaks every language: each text the engine finds in it (textsOf) has its translation in
 * schemas/translations/<language>/<document>.json, with the same {placeholders}, so no screen falls back to English.
 * The catalogue's twin is tests/content/catalogue-languages.test.ts; `npm run forms:check` runs both checks
 * (src/server/content/missing-translations.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES } from '#contracts/language.ts';
import { translationProblems } from '#engine/runtime/index.ts';
import { missingTranslations } from '#server/content/missing-translations.ts';
import { defaultContentRoot, loadBaseContent } from '#server/content/base-content.ts';

const content = loadBaseContent();
const documents = [...content.forms.values(), ...content.flows.values()];
const languages = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE);

describe.each(languages)('base documents in %s', (language) => {
  it.each(documents.map((document) => [document.id, document] as const))('%s has a translation of every text', (_, document) => {
    expect(translationProblems(document, document.translations?.[language] ?? {}, { complete: true })).toEqual([]);
  });
});

describe('the languages the meta-schemas allow', () => {
  const enumOf = (file: string, at: (schema: any) => unknown) => at(JSON.parse(readFileSync(path.join(defaultContentRoot, 'schemas', 'meta', file), 'utf8')));
  it('are the languages other than English, for translation files, forms and flows alike', () => {
    expect(enumOf('translation.schema.json', (schema) => schema.properties.language.enum)).toEqual(languages);
    expect(enumOf('form.schema.json', (schema) => schema.properties.translations.propertyNames.enum)).toEqual(languages);
    expect(enumOf('flow.schema.json', (schema) => schema.properties.translations.propertyNames.enum)).toEqual(languages);
  });
});

describe('missing translations (what forms:check reports)', () => {
  it('finds none in the content', () => {
    expect(missingTranslations(content, defaultContentRoot)).toEqual([]);
  });

  it('names the document and pointer of a text left out (the check itself)', () => {
    const waiver = content.forms.get('waiver')!;
    const { '/title': _left, ...rest } = waiver.translations!.es!;
    const forms = new Map([['waiver', { ...waiver, translations: { es: rest } }]]);
    const problems = missingTranslations({ forms, flows: new Map() }, defaultContentRoot);
    expect(problems).toEqual(['waiver (es) /title: no translation']);
  });
});
