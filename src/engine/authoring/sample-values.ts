/**
 * Values a field's schema accepts, as a person could give them: what a proof of a document fills a field with to
 * learn whether anyone can get past it. The candidates come from the schema alone, in the order a person most likely
 * answers: its `const`, each value of its `enum` (the first first), its `default`, its `examples`, then values made
 * from its type (a date, an e-mail address, a text of the allowed length, a number within its bounds, true and
 * false) and, for a pattern, texts the pattern matches (samplesOfPattern). Nothing here decides: the validator
 * the server uses judges each candidate, so a candidate the schema refuses after all costs one try, never a wrong
 * verdict. Pure and deterministic: the same schema gives the same candidates.
 */
import { getAtPointer } from '#engine/runtime/pointer.ts';
import type { JsonSchema } from '#engine/runtime/types.ts';

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A schema node with its local `$ref` followed (`#/definitions/name`, as a bundled document has them), its own keys winning. */
export function resolvedNode(root: JsonSchema, node: unknown, depth = 0): Record<string, unknown> {
  if (!isObject(node)) return {};
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#') || depth > 16) return node;
  const target = resolvedNode(root, getAtPointer(root, decodeURIComponent(ref.slice(1))), depth + 1);
  const { $ref: _ref, ...own } = node;
  return { ...target, ...own };
}

/** The types a node allows ('type' as a name or a list; none named: any). */
function typesOf(node: Record<string, unknown>): string[] {
  if (typeof node.type === 'string') return [node.type];
  if (Array.isArray(node.type)) return node.type.filter((type): type is string => typeof type === 'string');
  return [];
}

const codePoint = (text: string) => text.codePointAt(0)!;

/** A class of characters as ranges of code points, `negated` for `[^...]`. */
type CharClass = { ranges: Array<[number, number]>; negated: boolean };

type PatternNode =
  | { kind: 'text'; text: string }
  | { kind: 'class'; set: CharClass }
  | { kind: 'sequence'; items: PatternNode[] }
  | { kind: 'choice'; options: PatternNode[] }
  | { kind: 'repeat'; node: PatternNode; min: number; max: number };

const DIGITS: Array<[number, number]> = [[48, 57]];
const WORD: Array<[number, number]> = [[48, 57], [65, 90], [95, 95], [97, 122]];
const SPACE: Array<[number, number]> = [[9, 13], [32, 32]];
const LETTERS: Array<[number, number]> = [[97, 122], [65, 90], [0xc0, 0x24f]];
/** Characters tried, in order, for a class that must not match (a negated class, \D, \W, \S, \P{...}). */
const POOL = 'aA0 -._/@+=#xZ9';

/** The ranges of a `\p{...}` class: letters (L, Lu, Ll...), numbers (N, Nd), anything else as letters. */
function propertyRanges(name: string): Array<[number, number]> {
  if (name === 'Lu') return [[65, 90]];
  if (name.startsWith('N')) return DIGITS;
  if (name === 'Zs' || name === 'Z') return [[32, 32]];
  return LETTERS;
}

/** A reader of a pattern, in the syntax a linear-time engine (RE2) accepts; lookarounds, which it refuses, match nothing. */
class PatternReader {
  private at = 0;
  constructor(private readonly source: string) {}

  read(): PatternNode {
    const node = this.choice();
    if (this.at < this.source.length) throw new Error(`unexpected '${this.source[this.at]}'`);
    return node;
  }

  private peek(): string | undefined {
    return this.source[this.at];
  }

  private choice(): PatternNode {
    const options = [this.sequence()];
    while (this.peek() === '|') {
      this.at += 1;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0]! : { kind: 'choice', options };
  }

  private sequence(): PatternNode {
    const items: PatternNode[] = [];
    while (this.at < this.source.length && this.peek() !== '|' && this.peek() !== ')') items.push(this.quantified(this.atom()));
    return { kind: 'sequence', items };
  }

  private quantified(node: PatternNode): PatternNode {
    let result = node;
    for (;;) {
      const sign = this.peek();
      let bounds: [number, number] | null = null;
      if (sign === '*') bounds = [0, Infinity];
      else if (sign === '+') bounds = [1, Infinity];
      else if (sign === '?') bounds = [0, 1];
      else if (sign === '{') {
        const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
        if (!match) return result;
        const min = Number(match[1]);
        bounds = [min, match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3])];
        this.at += match[0].length - 1;
      }
      if (!bounds) return result;
      this.at += 1;
      // A lazy quantifier ('+?') matches the same strings.
      if (this.peek() === '?') this.at += 1;
      result = { kind: 'repeat', node: result, min: bounds[0], max: bounds[1] };
    }
  }

  private atom(): PatternNode {
    const sign = this.source[this.at++]!;
    if (sign === '(') {
      let lookaround = false;
      if (this.peek() === '?') {
        const rest = this.source.slice(this.at);
        const named = /^\?P?<[A-Za-z_][A-Za-z0-9_]*>/.exec(rest);
        if (named) this.at += named[0].length;
        else if (/^\?<?[=!]/.test(rest)) {
          lookaround = true;
          this.at += rest.startsWith('?<') ? 3 : 2;
        } else {
          const flags = /^\?[a-zA-Z]*:/.exec(rest);
          if (!flags) throw new Error('unknown group');
          this.at += flags[0].length;
        }
      }
      const inner = this.choice();
      if (this.source[this.at++] !== ')') throw new Error('a group is not closed');
      return lookaround ? { kind: 'text', text: '' } : inner;
    }
    if (sign === '[') return { kind: 'class', set: this.charClass() };
    if (sign === '\\') {
      const escaped = this.escape(false);
      return escaped.kind === 'char' ? { kind: 'text', text: String.fromCodePoint(escaped.code) } : escaped;
    }
    if (sign === '.') return { kind: 'class', set: { ranges: LETTERS, negated: false } };
    if (sign === '^' || sign === '$') return { kind: 'text', text: '' };
    return { kind: 'text', text: sign };
  }

  /** An escape after its backslash: a class (\d, \p{L}...), a character, or an anchor (\b: nothing). */
  private escape(inClass: boolean): PatternNode | { kind: 'char'; code: number } {
    const sign = this.source[this.at++];
    if (sign === undefined) throw new Error('a pattern cannot end with a backslash');
    const classOf = (ranges: Array<[number, number]>, negated = false): PatternNode => ({ kind: 'class', set: { ranges, negated } });
    switch (sign) {
      case 'd': return classOf(DIGITS);
      case 'D': return classOf(DIGITS, true);
      case 'w': return classOf(WORD);
      case 'W': return classOf(WORD, true);
      case 's': return classOf(SPACE);
      case 'S': return classOf(SPACE, true);
      case 'p':
      case 'P': {
        const braced = /^\{\^?([A-Za-z_]+)\}/.exec(this.source.slice(this.at));
        const name = braced ? braced[1]! : (this.source[this.at] ?? 'L');
        this.at += braced ? braced[0].length : 1;
        return classOf(propertyRanges(name), sign === 'P' || braced?.[0].startsWith('{^') === true);
      }
      case 'b':
      case 'B':
      case 'A':
      case 'z':
        return inClass ? { kind: 'char', code: 8 } : { kind: 'text', text: '' };
      case 'n': return { kind: 'char', code: 10 };
      case 't': return { kind: 'char', code: 9 };
      case 'r': return { kind: 'char', code: 13 };
      case 'f': return { kind: 'char', code: 12 };
      case 'v': return { kind: 'char', code: 11 };
      case 'x':
      case 'u': {
        const hex = /^\{([0-9a-fA-F]+)\}|^([0-9a-fA-F]{2,4})/.exec(this.source.slice(this.at));
        if (!hex) return { kind: 'char', code: codePoint(sign) };
        this.at += hex[0].length;
        return { kind: 'char', code: parseInt(hex[1] ?? hex[2]!, 16) };
      }
      default: return { kind: 'char', code: codePoint(sign) };
    }
  }

  private charClass(): CharClass {
    const set: CharClass = { ranges: [], negated: false };
    if (this.peek() === '^') {
      set.negated = true;
      this.at += 1;
    }
    let first = true;
    while (this.at < this.source.length && (this.peek() !== ']' || first)) {
      first = false;
      const start = this.classChar(set);
      if (start === null) continue;
      if (this.peek() === '-' && this.source[this.at + 1] !== ']' && this.at + 1 < this.source.length) {
        this.at += 1;
        const end = this.classChar(set);
        if (end !== null) set.ranges.push([start, end]);
        continue;
      }
      set.ranges.push([start, start]);
    }
    if (this.source[this.at++] !== ']') throw new Error('a class is not closed');
    return set;
  }

  /** One character of a class (its code point), or null for a class inside it (\d), whose ranges join `set`'s. */
  private classChar(set: CharClass): number | null {
    const sign = this.source[this.at++]!;
    if (sign !== '\\') return codePoint(sign);
    const escaped = this.escape(true);
    if (escaped.kind === 'char') return escaped.code;
    // A negated class inside a class (\D in [...]) adds a character of its own.
    if (escaped.kind === 'class') set.ranges.push(...(escaped.set.negated ? [[codePoint(charOf(escaped.set)), codePoint(charOf(escaped.set))] as [number, number]] : escaped.set.ranges));
    return null;
  }
}

/** A character of a class: its first one, or for a negated class the first of POOL it leaves out. */
function charOf(set: CharClass): string {
  const inSet = (code: number) => set.ranges.some(([low, high]) => code >= low && code <= high);
  if (!set.negated) return set.ranges.length > 0 ? String.fromCodePoint(set.ranges[0]![0]) : '';
  return [...POOL].find((char) => !inSet(codePoint(char))) ?? '';
}

/** The text a pattern node matches with each repetition `extra` times more than its least (up to its most). */
function textOf(node: PatternNode, extra: number): string {
  switch (node.kind) {
    case 'text': return node.text;
    case 'class': return charOf(node.set);
    case 'sequence': return node.items.map((item) => textOf(item, extra)).join('');
    case 'choice': return textOf(node.options[0]!, extra);
    case 'repeat': {
      const times = Math.min(node.max, node.min + extra);
      return textOf(node.node, extra).repeat(Math.max(0, times));
    }
  }
}

function readPattern(pattern: string): PatternNode | null {
  try {
    return new PatternReader(pattern).read();
  } catch {
    return null;
  }
}

/**
 * A few texts a pattern matches, shortest first: each repetition taken its least number of times, then a few
 * more (so a text can reach a least length), each class its first character. Empty for a pattern this reader
 * cannot read (the validator then judges the other candidates).
 */
export function samplesOfPattern(pattern: string): string[] {
  const node = readPattern(pattern);
  if (!node) return [];
  return [...new Set([0, 1, 2, 3, 5, 8, 12].map((extra) => textOf(node, extra)))].filter((text) => text.length <= 1000);
}

/** A text of the allowed length made of `word`: repeated to the least length, cut at the most. */
function sized(word: string, min: number, max: number): string {
  let text = word;
  while (text.length < min) text += word;
  return text.slice(0, Math.max(min, Math.min(max, text.length)));
}

export type SampleOptions = { today: string };

/** The candidates for a text: by its format, from its pattern, else words of the allowed length. */
function textCandidates(node: Record<string, unknown>, options: SampleOptions): unknown[] {
  const min = typeof node.minLength === 'number' ? node.minLength : 0;
  const max = typeof node.maxLength === 'number' ? node.maxLength : 100;
  switch (node.format) {
    case 'date': return [options.today, '2000-01-01', '1990-06-15'];
    case 'date-time': return [`${options.today}T12:00:00Z`];
    case 'time': return ['12:00:00'];
    case 'email': return ['sample@example.com'];
    case 'uri':
    case 'url': return ['https://example.com/'];
    default: break;
  }
  const fromPattern = typeof node.pattern === 'string' ? samplesOfPattern(node.pattern) : [];
  return [...fromPattern, sized('Sample', Math.max(min, 1), max), sized('1', Math.max(min, 1), max), sized('a', Math.max(min, 1), max)];
}

/** The candidates for a number: its least, 0, 1, 10, its most; those within its bounds and a multiple of `multipleOf`. */
function numberCandidates(node: Record<string, unknown>, integer: boolean): number[] {
  const multiple = typeof node.multipleOf === 'number' && node.multipleOf > 0 ? node.multipleOf : null;
  const step = multiple ?? (integer ? 1 : 0);
  const up = (value: number) => (step > 0 ? Math.ceil(value / step) * step : value);
  const low = typeof node.minimum === 'number' ? node.minimum : typeof node.exclusiveMinimum === 'number' ? node.exclusiveMinimum + (step || 0.5) : undefined;
  const high = typeof node.maximum === 'number' ? node.maximum : typeof node.exclusiveMaximum === 'number' ? node.exclusiveMaximum - (step || 0.5) : undefined;
  const fits = (value: number) => (low === undefined || value >= low) && (high === undefined || value <= high) && (multiple === null || Number.isInteger(value / multiple));
  const values = [low === undefined ? undefined : up(low), 0, 1, 10, high];
  return [...new Set(values.filter((value): value is number => value !== undefined && fits(value)))];
}

/**
 * The values to try for a field whose schema is `node` (in the document `root`, for its `$ref`s), in the order a
 * person most likely answers. An object gets one made of its required fields' first candidates; a list, the
 * least number of items.
 */
export function candidateValues(root: JsonSchema, node: unknown, options: SampleOptions, depth = 0): unknown[] {
  const schema = resolvedNode(root, node);
  const candidates: unknown[] = [];
  if (Object.hasOwn(schema, 'const')) candidates.push(schema.const);
  if (Array.isArray(schema.enum)) candidates.push(...schema.enum);
  if (Object.hasOwn(schema, 'default')) candidates.push(schema.default);
  if (Array.isArray(schema.examples)) candidates.push(...schema.examples);
  if (candidates.length > 0 && (Object.hasOwn(schema, 'const') || Array.isArray(schema.enum))) return unique(candidates);
  const types = typesOf(schema);
  for (const type of types.length > 0 ? types : ['string']) {
    if (type === 'string') candidates.push(...textCandidates(schema, options));
    else if (type === 'integer' || type === 'number') candidates.push(...numberCandidates(schema, type === 'integer'));
    else if (type === 'boolean') candidates.push(true, false);
    else if (type === 'null') candidates.push(null);
    else if (type === 'array' && depth < 4) {
      const least = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const item = candidateValues(root, schema.items, options, depth + 1)[0];
      candidates.push(Array.from({ length: least }, () => structuredClone(item)));
    } else if (type === 'object' && depth < 4) candidates.push(objectCandidate(root, schema, options, depth));
  }
  return unique(candidates);
}

/** An object of its required fields, each its first candidate. */
function objectCandidate(root: JsonSchema, schema: Record<string, unknown>, options: SampleOptions, depth: number): Record<string, unknown> {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];
  return Object.fromEntries(required.map((name) => [name, candidateValues(root, properties[name], options, depth + 1)[0]]));
}

function unique(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = JSON.stringify(value) ?? 'undefined';
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
