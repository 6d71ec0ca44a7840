/**
 * The documents are the only source of what a person reads: no text of the message catalogue
 * (schemas/messages/en.json) or of a document (its title, its messages, its steps' titles) is written in code,
 * where staff could not change it per employer and a second language could not translate it.
 *
 * The rule is precise so it does not catch words code needs: a text counts when it is at least 12 characters
 * long (so 'Next', 'Remove' or 'Sign In' in a test id or a log line do not), and each piece of a text between its
 * `{placeholders}` counts on its own when it is that long ('Welcome Back, ' of 'Welcome Back, {name}'). Code means
 * the TypeScript of src/ without its comments (a comment may quote the spec's text it is about), and a text
 * counts only as words of its own (not 'Instructions' inside the name setInstructions).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultContentRoot, loadBaseContent } from '#server/content/base-content.ts';

const checkedFolders = ['src/server', 'src/engine', 'src/domain', 'src/portal', 'src/web'];

/**
 * Literals that read like a catalogue text but are no text shown to a person, each with why: the spec's order
 * values (§9) the domain writes into an order, and the plan catalogue's metal tiers the server and the filters
 * compare by (both stored in English; a screen shows each by its catalogue label, src/portal/value-labels.ts); the
 * form engine's own fallbacks for a keyword a document gives no message for (src/engine carries no catalogue),
 * which the API's request-validation texts (request-field-required, request-check-field) happen to equal; the
 * phrases of the plan catalogue's English cost-sharing texts that src/portal/benefit-texts.ts reads them by; the
 * endings of the ZIP crosswalk's county names that src/domain/places/county-names.ts reads a county's kind by.
 */
const notTexts = new Set([
  ...["'HSA Contribution'", "'Additional Services'", "'Additional Service'", "'I choose not to purchase health insurance'", "'HSA Contribution Order'", "'Health insurance plan'"].map(
    (value) => `src/domain/enrollment/orders.ts: ${value}`,
  ),
  ...['src/server/services/enrollment/plan-quotes.ts', 'src/domain/plans/plan-filters.ts', 'src/portal/value-labels.ts'].flatMap((file) => [`${file}: 'Expanded Bronze'`, `${file}: 'Catastrophic'`]),
  "src/engine/runtime/validate.ts: 'This field is required.'",
  "src/engine/runtime/validate.ts: 'Please check this field.'",
  "src/portal/benefit-texts.ts: 'after deductible'",
  "src/portal/benefit-texts.ts: 'benefit period'",
  // The ZIP crosswalk's words a county's name ends with, which the county naming rule reads its kind by.
  "src/domain/places/county-names.ts: 'City and Borough'",
  "src/domain/places/county-names.ts: 'Municipality'",
]);

const MIN_LENGTH = 12;

const content = loadBaseContent();
const catalogue = JSON.parse(readFileSync(path.join(defaultContentRoot, 'schemas/messages/en.json'), 'utf8')) as {
  messages: Record<string, string>;
};

/** Every catalogue and document text, each with where it comes from. */
function catalogueTexts(): Map<string, string> {
  const texts = new Map<string, string>();
  const add = (text: string | undefined, source: string) => {
    for (const piece of (text ?? '').split(/\{[A-Za-z0-9_]+\}/)) {
      const trimmed = piece.trim();
      if (trimmed.length >= MIN_LENGTH && !texts.has(trimmed)) texts.set(trimmed, source);
    }
  };
  for (const [key, text] of Object.entries(catalogue.messages)) add(text, `en.json ${key}`);
  for (const form of content.forms.values()) {
    add(form.title, `${form.id} title`);
    for (const [key, text] of Object.entries(form.messages)) add(text, `${form.id} ${key}`);
  }
  for (const flow of content.flows.values()) {
    add(flow.title, `${flow.id} title`);
    for (const [id, step] of Object.entries(flow.steps)) add(step.title, `${flow.id} step ${id}`);
  }
  return texts;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(defaultContentRoot, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(defaultContentRoot, path.join(entry.parentPath, entry.name)));
}

/**
 * A source file without its comments, white space runs made one space (JSX text spans lines). Strings and
 * template literals are kept whole, so a '//' inside one is no comment.
 */
export function codeWithoutComments(text: string): string {
  let code = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    const pair = text.slice(index, index + 2);
    if (pair === '//') {
      const end = text.indexOf('\n', index);
      index = end === -1 ? text.length : end;
    } else if (pair === '/*') {
      const end = text.indexOf('*/', index + 2);
      index = end === -1 ? text.length : end + 2;
      code += ' ';
    } else if (char === "'" || char === '"' || char === '`') {
      let end = index + 1;
      while (end < text.length && text[end] !== char) end += text[end] === '\\' ? 2 : 1;
      code += text.slice(index, end + 1);
      index = end + 1;
    } else {
      code += char;
      index += 1;
    }
  }
  return code.replace(/\s+/g, ' ');
}

const WORD = /[A-Za-z0-9_$]/;

/**
 * Whether `text` stands in `code` as a text: as words of their own (not 'Instructions' in setInstructions), and a
 * text of one word only as a whole string or JSX text ('Contributions' as a function's name is no text).
 */
export function containsText(code: string, text: string): boolean {
  const oneWord = !/\s/.test(text);
  for (let at = code.indexOf(text); at !== -1; at = code.indexOf(text, at + 1)) {
    const before = code.slice(0, at).trimEnd().at(-1) ?? '';
    const after = code.slice(at + text.length).trimStart()[0] ?? '';
    const joined = (WORD.test(text[0]!) && WORD.test(code[at - 1] ?? '')) || (WORD.test(text.at(-1)!) && WORD.test(code[at + text.length] ?? ''));
    const whole = `'"\`>`.includes(before) && before !== '' && `'"\`<`.includes(after) && after !== '';
    if (!joined && (!oneWord || whole)) return true;
  }
  return false;
}

const codeOf = (file: string) => codeWithoutComments(readFileSync(path.join(defaultContentRoot, file), 'utf8'));

describe('no catalogue text in code', () => {
  const texts = catalogueTexts();

  it('finds the texts it looks for (the rule is not empty)', () => {
    expect(texts.get('Welcome to Your Personalized Benefits Enrollment Portal')).toBe('en.json landing-title');
    expect(texts.has('Welcome Back,')).toBe(true);
    expect(codeWithoutComments("a('Welcome Back, x') // 'Get Started now'\n/* 'Sign in to start' */ <p>\n  Sign in\n  to start</p>")).toBe(
      "a('Welcome Back, x') <p> Sign in to start</p>",
    );
    expect(containsText('<ContributionsScreen /> setInstructions(true)', 'Contributions')).toBe(false);
    expect(containsText('function Contributions() {}', 'Contributions')).toBe(false);
    expect(containsText("title: 'Contributions'", 'Contributions')).toBe(true);
    expect(containsText('<Title>\n  Contributions\n</Title>', 'Contributions')).toBe(true);
  });

  it.each(checkedFolders)('%s writes no catalogue or document text', (folder) => {
    const found: string[] = [];
    for (const file of sourceFiles(folder)) {
      const code = codeOf(file);
      for (const [text, source] of texts) {
        if (containsText(code, text) && !notTexts.has(`${file}: '${text}'`)) found.push(`${file}: '${text}' (${source})`);
      }
    }
    expect(found).toEqual([]);
  });
});
