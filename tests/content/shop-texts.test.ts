/**
 * The shopping screens' texts live in the catalogue (schemas/messages/en.json) and the ICHRA document, never in
 * the code: no source file under src/ spells one of them as a string literal.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultContentRoot } from '#server/content/base-content.ts';
import { SHOP_TEXTS } from './shop-texts.ts';

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(path.join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [path.join(dir, entry.name)] : [],
  );

const ICHRA_TEXTS = ['ICHRA Acknowledgment', 'Please Acknowledge the Checkbox.', 'No ICHRA Documents Found'];

describe('shop texts', () => {
  const sources = files(path.join(defaultContentRoot, 'src')).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
  const shopSources = sources.filter(({ file }) => /wizard[/\\](shop[/\\]|ichra-)/.test(file));

  it('finds the shopping screens', () => {
    expect(shopSources.length).toBeGreaterThanOrEqual(4);
  });

  it.each([...SHOP_TEXTS, ...ICHRA_TEXTS])('keeps %j out of the shopping screens and the domain', (text) => {
    const quoted = [`'${text}'`, `"${text}"`, `\`${text}\``, `>${text}<`];
    const holders = [...shopSources, ...sources.filter(({ file }) => file.includes(`${path.sep}domain${path.sep}`))]
      .filter(({ text: source }) => quoted.some((q) => source.includes(q)))
      .map(({ file }) => path.relative(defaultContentRoot, file));
    expect(holders).toEqual([]);
  });

  it('keeps the distinctive spec texts out of all of src/', () => {
    const distinctive = SHOP_TEXTS.filter((text) => text.length > 12).concat(ICHRA_TEXTS.slice(1));
    const found = sources.flatMap(({ file, text: source }) =>
      distinctive.filter((text) => source.includes(`'${text}'`) || source.includes(`"${text}"`)).map((text) => `${path.relative(defaultContentRoot, file)}: ${text}`),
    );
    expect(found).toEqual([]);
  });
});
