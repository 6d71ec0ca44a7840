/**
 * The regular expressions of form documents (a schema's `pattern`, `patternProperties` and `propertyNames`) run on
 * RE2 (re2js), whose time is linear in the text, never on JavaScript's backtracking engine: a pattern such as
 * `^(a+)+$` held the server for 77 s on 34 characters. Ajv is given linearRegExp as its `code.regExp`
 * (ajv-compiler.ts), on the server and in the validators compiled ahead for the browser, which load this module
 * only when their code requires it (compiled-module.ts).
 *
 * RE2 has no lookaround and no backreference, the two things only a backtracking engine can run: a pattern using
 * them does not compile, and patternProblems names it at its pointer, so the staff editor marks the line.
 */
import { RE2JS } from 're2js';
import { escapeToken } from './pointer.ts';
import type { JsonSchema } from './types.ts';

/** What Ajv calls a compiled pattern: it only tests. */
export type LinearRegExp = { test: (text: string) => boolean; toString: () => string };

/**
 * A JSON Schema pattern (ECMA-262 syntax, translated to RE2's) compiled for RE2, tested anywhere in the text as
 * RegExp.test does. RE2 always matches by code point, so Ajv's 'u' flag changes nothing. Throws RE2JS's syntax
 * error when RE2 cannot run the pattern.
 */
export function linearRegExp(pattern: string, flags: string): LinearRegExp {
  const compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
  // Ajv shares one compiled pattern among the places using it, keyed by this text.
  return { test: (text) => compiled.test(text), toString: () => `/${pattern}/${flags}` };
}

export type PatternProblem = { pointer: string; message: string };

/** Keywords whose value is data (or a name), never a schema: nothing under them is a pattern. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'required', '$comment', 'title', 'description']);
/** Keywords whose value maps names to schemas: a key there is a property's name, not a keyword. */
const SCHEMA_MAPS = new Set(['properties', 'definitions', '$defs', 'dependencies']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function problemOf(pattern: string, pointer: string): PatternProblem | null {
  try {
    linearRegExp(pattern, 'u');
    return null;
  } catch (error) {
    return {
      pointer,
      message: `The pattern '${pattern}' cannot be used: patterns run on a linear-time engine (RE2), which has no lookahead, lookbehind or backreference (${(error as Error).message}).`,
    };
  }
}

/**
 * Every pattern of a schema (each `pattern` and each `patternProperties` name, at any depth) that the linear-time
 * engine cannot run, at its JSON pointer after `at` (e.g. '/schema' gives '/schema/properties/pcpname/pattern').
 */
export function patternProblems(schema: JsonSchema, at = ''): PatternProblem[] {
  const problems: PatternProblem[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${pointer}/${i}`));
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      const here = `${pointer}/${escapeToken(key)}`;
      if (DATA_KEYWORDS.has(key)) continue;
      if (key === 'pattern' && typeof value === 'string') {
        const problem = problemOf(value, here);
        if (problem) problems.push(problem);
      } else if ((key === 'patternProperties' || SCHEMA_MAPS.has(key)) && isObject(value)) {
        for (const [name, sub] of Object.entries(value)) {
          const problem = key === 'patternProperties' ? problemOf(name, `${here}/${escapeToken(name)}`) : null;
          if (problem) problems.push(problem);
          walk(sub, `${here}/${escapeToken(name)}`);
        }
      } else {
        walk(value, here);
      }
    }
  };
  walk(schema, at);
  return problems;
}
