/**
 * The regular expressions of form documents (a schema's `pattern`, `patternProperties` and `propertyNames`) run on
 * RE2 (re2js), whose time is linear in the text, never on JavaScript's backtracking engine: a pattern such as
 * `^(a+)+$` held the server for 77 s on 34 characters. Ajv is given linearRegExp as its `code.regExp`
 * (ajv-compiler.ts), on the server and in the validators compiled ahead for the browser, which load this module
 * only when their code requires it (compiled-module.ts).
 *
 * RE2 has no lookaround and no backreference, the two things only a backtracking engine can run: a pattern using
 * them does not compile, and patternProblems (ajv-compiler.ts) names it at its pointer, so the staff editor marks
 * the line. patternProblem is that refusal for one pattern, so the staff console's pattern tester says what the server
 * would. This module imports nothing of the engine: the browser's build puts it, with re2js, in a chunk of its own.
 */
import { RE2JS } from 're2js';

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

/** The longest pattern a document may hold: the longest base pattern is under 100 characters. */
export const PATTERN_MAX_LENGTH = 500;

/** Why a pattern cannot be used, in words a specialist reads; null when RE2 runs it. */
export function patternProblem(pattern: string): string | null {
  if (pattern.length > PATTERN_MAX_LENGTH) {
    return `The pattern is ${pattern.length} characters long; a pattern may have at most ${PATTERN_MAX_LENGTH}.`;
  }
  try {
    linearRegExp(pattern, 'u');
    return null;
  } catch (error) {
    return `The pattern '${pattern}' cannot be used: patterns run on a linear-time engine (RE2), which has no lookahead, lookbehind or backreference (${(error as Error).message}).`;
  }
}
