/**
 * Documents are the only source of the texts a person reads: no text of the catalogue (schemas/messages/en.json)
 * or of a form document's messages is written into the code of the checked folders. Code reads the text by its
 * key from the documents resolved for the employer (or from the catalogue), so an override or a second language
 * reaches it. A folder joins the check by its name in checkedFolders.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultContentRoot, loadBaseContent } from '#server/plugins/content.plugin.ts';

const checkedFolders = ['src/server', 'src/engine', 'src/domain'];

/**
 * Literals that read like a catalogue text but are not a text shown to a person, each with why: the spec's order
 * values (§9) the domain writes into an HSA or additional-services order, which the cart's labels happen to match.
 */
const notTexts = new Set([
  'src/domain/orders.ts: HSA Contribution',
  'src/domain/orders.ts: Additional Service',
  'src/domain/orders.ts: Additional Services',
]);

const content = loadBaseContent();
const en = JSON.parse(readFileSync(path.join(defaultContentRoot, 'schemas', 'messages', 'en.json'), 'utf8')) as { messages: Record<string, string> };

/** The longest part of a text between its {placeholders}; parts shorter than 10 characters (Next, Yes) are words, not texts. */
const core = (text: string) => text.split(/\{[^}]*\}/).sort((a, b) => b.length - a.length)[0]!;
const catalogue = [...new Set([...[...content.forms.values()].flatMap((form) => Object.values(form.messages)), ...Object.values(en.messages)])].filter(
  (text) => core(text).length >= 10,
);

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));

/** Each source file's string literals, comments left out (a comment may quote a text to say where it comes from). */
function literalsOf(file: string): string[] {
  const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '');
  return [...code.matchAll(/(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g)].map((match) => match[2]!);
}

/** 'file: text' for each catalogue text a literal of the files holds. */
function textsIn(files: ReadonlyMap<string, string[]>): string[] {
  return catalogue.flatMap((text) => [...files].filter(([, literals]) => literals.some((literal) => literal.includes(core(text)))).map(([file]) => `${file}: ${text}`));
}

describe('no catalogue text in code', () => {
  const files = new Map(
    checkedFolders.flatMap((folder) => filesUnder(path.join(defaultContentRoot, folder))).map((file) => [path.relative(defaultContentRoot, file), literalsOf(file)] as const),
  );

  it('finds a text written into a literal, with or without its placeholders filled (the check works)', () => {
    expect(catalogue.length).toBeGreaterThan(100);
    const sample = new Map([
      ['plain.ts', ["throw badRequest('Please select a waiver reason')"]],
      ['filled.ts', ['Too many failed sign-ins for this account. Please try again in ${minutes} minutes.']],
      ['quiet.ts', ['select-waiver-reason']],
    ]);
    expect(textsIn(sample)).toEqual(
      expect.arrayContaining(['plain.ts: Please select a waiver reason', 'filled.ts: Too many failed sign-ins for this account. Please try again in {minutes} minutes.']),
    );
    expect(textsIn(sample).filter((entry) => entry.startsWith('quiet.ts'))).toEqual([]);
  });

  it.each(checkedFolders)('%s holds no text of the catalogue or of a document', (folder) => {
    const inFolder = new Map([...files].filter(([file]) => file.startsWith(`${folder}/`)));
    expect(inFolder.size).toBeGreaterThan(0);
    expect(textsIn(inFolder).filter((entry) => !notTexts.has(entry))).toEqual([]);
  });
});
