/**
 * Guarded texts: the texts a base document marks in `guarded` (JSON pointer of a text, or of a list of option
 * labels, -> why, in words a specialist reads) because a person relies on what they say. An override may reword
 * one, but keeps what the server fills in and what a person picks:
 * - every `{placeholder}` of the base text, and no other (the values come from the server, never typed);
 * - no figure the base text lacks ('$2,000.00', '20,000', a year): a typed figure would stand beside the real one;
 * - for option labels: one label per option, all distinct, none the base label of another option (so each label
 *   still names its own option).
 * The same holds for each text in every language the document carries. A guarded text that changes is listed by
 * guardedChanges, so the caller can ask a second person to approve it. Pure: documents in, problems as
 * 'pointer: reason' out (the console marks the line at the pointer).
 */
import { sameJson } from '#engine/documents/merge.ts';
import { escapeToken, getAtPointer } from '#engine/runtime/pointer.ts';
import { placeholdersOf, textsOf } from '#engine/runtime/texts.ts';
import type { FlowDocument, FormDocument } from '#engine/runtime/types.ts';

type Document = FormDocument | FlowDocument;

/** The language of a document's own texts (the ones in place); the others are in `translations`. */
export const OWN_LANGUAGE = 'en';

/** A guarded text of a document in one language: its pointer, the guard's why and the text. */
export type GuardedChange = { pointer: string; why: string; language: string; before: string | null; after: string | null };

const under = (pointer: string, guard: string) => pointer === guard || pointer.startsWith(`${guard}/`);

/** The document's texts in `language` (its own in place, or its translation's), pointer -> text. */
function textsIn(document: Document, language: string): Map<string, string> {
  const own = textsOf(document);
  if (language === OWN_LANGUAGE) return own;
  const translation = document.translations?.[language] ?? {};
  return new Map(Object.entries(translation).filter(([pointer]) => own.has(pointer)));
}

/** The languages a document holds texts in: its own and its translations'. */
const languagesOf = (...documents: Document[]) => [OWN_LANGUAGE, ...new Set(documents.flatMap((document) => Object.keys(document.translations ?? {})))];

/** The figures a text types outside its placeholders ('$2,000.00', '55', '2026'), as written. */
export function figuresOf(text: string): string[] {
  return Array.from(text.replace(/\{\w+\}/g, ' ').matchAll(/\$?\d+(?:[.,]\d+)*%?/g), (match) => match[0]);
}

const bare = (figure: string) => figure.replace(/^\$/, '').replace(/%$/, '');
const marks = (names: string[]) => names.map((name) => `{${name}}`).join(', ');

/** Why one guarded text, as the override words it, says what the base text does not (empty: it keeps to it). */
function textProblems(pointer: string, why: string, text: string, baseTexts: string[]): string[] {
  const problems: string[] = [];
  const basePlaceholders = placeholdersOf(baseTexts[0] ?? '');
  const placeholders = placeholdersOf(text);
  const missing = basePlaceholders.filter((name) => !placeholders.includes(name));
  const added = placeholders.filter((name) => !basePlaceholders.includes(name));
  if (missing.length > 0) {
    problems.push(`${pointer}: guarded text (${why}): it must keep ${marks(missing)} of the base text, which the server fills in with the real value; put ${missing.length === 1 ? 'it' : 'them'} back.`);
  }
  if (added.length > 0) problems.push(`${pointer}: guarded text (${why}): ${marks(added)} is no placeholder of the base text, so nothing fills it in; use only ${basePlaceholders.length > 0 ? marks(basePlaceholders) : 'none'}.`);
  const allowed = new Set(baseTexts.flatMap(figuresOf).map(bare));
  const typed = [...new Set(figuresOf(text).filter((figure) => !allowed.has(bare(figure))))];
  if (typed.length > 0) {
    problems.push(`${pointer}: guarded text (${why}): ${typed.map((figure) => `'${figure}'`).join(', ')} is typed, and the base text has no such figure: amounts, dates and names come from the server${basePlaceholders.length > 0 ? ` (${marks(basePlaceholders)})` : ''}, never typed; remove it.`);
  }
  return problems;
}

/** Why the option labels at `guard` (a list) no longer name their own options, in one language. */
function labelProblems(guard: string, why: string, labels: Map<string, string>, baseLabels: Map<string, string>, count: number, where: (pointer: string) => string): string[] {
  const problems: string[] = [];
  const key = (label: string) => label.trim().toLowerCase();
  const seen = new Map<string, number>();
  for (let index = 0; index < count; index += 1) {
    const label = labels.get(`${guard}/${index}`);
    if (label === undefined) continue;
    const first = seen.get(key(label));
    if (first !== undefined) {
      problems.push(`${where(`${guard}/${index}`)}: guarded option labels (${why}): option ${index + 1} has the label of option ${first + 1}, '${label}'; each option keeps a label of its own.`);
      continue;
    }
    seen.set(key(label), index);
    const other = [...baseLabels].find(([pointer, text]) => pointer !== `${guard}/${index}` && key(text) === key(label));
    if (other) {
      problems.push(`${where(`${guard}/${index}`)}: guarded option labels (${why}): '${label}' is the base label of option ${Number(other[0].slice(guard.length + 1)) + 1}, not of option ${index + 1}; keep the options in their order.`);
    }
  }
  return problems;
}

/** A base document's own declaration, checked when it is loaded: each guarded pointer names a text or a list of them. */
export function guardDeclarationProblems(base: Document): string[] {
  const texts = [...textsOf(base).keys()];
  return Object.keys(base.guarded ?? {})
    .filter((guard) => !texts.some((pointer) => under(pointer, guard)))
    .map((guard) => `/guarded/${escapeToken(guard)}: the document has no text at '${guard}'`);
}

/**
 * Why the resolved document (the base document with an override applied) misstates a guarded text of `base`, as
 * 'pointer: reason' (empty: every guarded text keeps to its base).
 */
export function guardedTextProblems(base: Document, doc: Document): string[] {
  if (!sameJson(doc.guarded, base.guarded)) return ["/guarded: the guarded texts are the base document's own; an override cannot change them"];
  const problems: string[] = [];
  for (const [guard, why] of Object.entries(base.guarded ?? {})) {
    const baseList = getAtPointer(base, guard);
    const list = getAtPointer(doc, guard);
    if (Array.isArray(baseList) && (!Array.isArray(list) || list.length !== baseList.length)) {
      problems.push(`${guard}: guarded option labels (${why}): there must be one label for each of the ${baseList.length} options, in their order.`);
      continue;
    }
    for (const language of languagesOf(base, doc)) {
      const baseTexts = textsIn(base, language);
      const ownBase = textsIn(base, OWN_LANGUAGE);
      const texts = textsIn(doc, language);
      const where = (pointer: string) => (language === OWN_LANGUAGE ? pointer : `/translations/${escapeToken(language)}/${escapeToken(pointer)}`);
      for (const [pointer, baseText] of ownBase) {
        if (!under(pointer, guard)) continue;
        const text = texts.get(pointer);
        if (text === undefined) {
          if (language === OWN_LANGUAGE) problems.push(`${pointer}: guarded text (${why}): it cannot be removed; reword it instead.`);
          continue;
        }
        // A translation keeps to the base text in its language, and may repeat a figure of the English.
        const against = [baseTexts.get(pointer), baseText].filter((known): known is string => known !== undefined);
        problems.push(...textProblems(where(pointer), why, text, against));
      }
      if (Array.isArray(baseList)) {
        const pick = (found: Map<string, string>) => new Map([...found].filter(([pointer]) => under(pointer, guard)));
        problems.push(...labelProblems(guard, why, pick(texts), pick(baseTexts), baseList.length, where));
      }
    }
  }
  return problems;
}

/**
 * The guarded texts of `base` that read differently in `after` than in `before` (what is served now, and what
 * would be), in every language either holds: what a second person must approve before it is published.
 */
export function guardedChanges(base: Document, before: Document, after: Document): GuardedChange[] {
  const changes: GuardedChange[] = [];
  for (const [guard, why] of Object.entries(base.guarded ?? {})) {
    for (const language of languagesOf(before, after)) {
      const [was, now] = [textsIn(before, language), textsIn(after, language)];
      const pointers = [...new Set([...was.keys(), ...now.keys()])].filter((pointer) => under(pointer, guard)).sort();
      for (const pointer of pointers) {
        const [from, to] = [was.get(pointer) ?? null, now.get(pointer) ?? null];
        if (from !== to) changes.push({ pointer, why, language, before: from, after: to });
      }
    }
  }
  return changes;
}
