/**
 * Where a JSON pointer's value sits in the editor's text, so an error the server reports for "/messages/dob-range"
 * marks that line. A small scanner of the JSON text records, for every pointer, the span of its value (and of its
 * key, for members); a pointer the text does not have (a missing required member) falls back to its nearest
 * ancestor that it does have. Pure: the text in, offsets and 1-based lines out.
 */
import { escapeToken } from '#engine/runtime/index.ts';

export type TextSpan = { from: number; to: number };
/** Value spans by pointer ('' is the whole document). */
export type PointerSpans = Map<string, TextSpan>;

export type LocatedError = { pointer: string; message: string; from: number; to: number; line: number };

/** Spans of every value of a JSON text; null when the text is not JSON. */
export function pointerSpans(text: string): PointerSpans | null {
  const spans: PointerSpans = new Map();
  let at = 0;
  const space = () => {
    while (at < text.length && /\s/.test(text[at]!)) at += 1;
  };
  const string = (): string => {
    const start = at;
    at += 1;
    while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    if (at >= text.length) throw new Error('unterminated string');
    at += 1;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const value = (pointer: string): void => {
    space();
    const from = at;
    const c = text[at];
    if (c === '{') {
      at += 1;
      space();
      if (text[at] === '}') at += 1;
      else
        for (;;) {
          space();
          if (text[at] !== '"') throw new Error('expected a key');
          const key = string();
          space();
          if (text[at] !== ':') throw new Error('expected a colon');
          at += 1;
          value(`${pointer}/${escapeToken(key)}`);
          space();
          if (text[at] === ',') at += 1;
          else if (text[at] === '}') {
            at += 1;
            break;
          } else throw new Error('expected , or }');
        }
    } else if (c === '[') {
      at += 1;
      space();
      if (text[at] === ']') at += 1;
      else
        for (let index = 0; ; index += 1) {
          value(`${pointer}/${index}`);
          space();
          if (text[at] === ',') at += 1;
          else if (text[at] === ']') {
            at += 1;
            break;
          } else throw new Error('expected , or ]');
        }
    } else if (c === '"') string();
    else {
      const literal = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(at));
      if (!literal) throw new Error('unexpected character');
      at += literal[0].length;
    }
    spans.set(pointer, { from, to: at });
  };
  try {
    value('');
    space();
    return at === text.length ? spans : null;
  } catch {
    return null;
  }
}

/** The 1-based line of an offset. */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i += 1) if (text[i] === '\n') line += 1;
  return line;
}

/** The span of a pointer, or of its nearest ancestor present in the text. */
export function spanOf(spans: PointerSpans, pointer: string): TextSpan {
  let current = pointer;
  for (;;) {
    const found = spans.get(current);
    if (found) return found;
    if (current === '') return { from: 0, to: 0 };
    current = current.slice(0, current.lastIndexOf('/'));
  }
}

/**
 * The server's fieldErrors (messages keyed by pointers into the document) placed in the text: one entry per
 * message, at its value's first line (an object's or array's opening line). Pointers into a wrapper the server
 * may add ("/document/...") are read without it.
 */
export function locateErrors(text: string, fieldErrors: Record<string, string[]>): LocatedError[] {
  const spans = pointerSpans(text);
  return Object.entries(fieldErrors).flatMap(([raw, messages]) => {
    const pointer = raw.startsWith('/document/') || raw === '/document' ? raw.slice('/document'.length) : raw;
    const span = spans ? spanOf(spans, pointer) : { from: 0, to: 0 };
    const to = Math.min(span.to, text.indexOf('\n', span.from) === -1 ? span.to : text.indexOf('\n', span.from));
    return messages.map((message) => ({ pointer, message, from: span.from, to: Math.max(to, span.from), line: lineOf(text, span.from) }));
  });
}
