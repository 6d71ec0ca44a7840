/**
 * How guessable a password is: zxcvbn-ts's score (0 too guessable ... 4 very unguessable) with its common
 * dictionaries (@zxcvbn-ts/language-common: common passwords, diceware words, keyboard patterns). The same
 * function runs in the browser and on the server, so a document's rule over it gives one answer on both sides.
 *
 * The dictionaries are about 215 KB gzip: the browser loads this module only for a form whose rules score a
 * password (password-score.ts: loadPasswordScore), the server installs it at start (content.plugin.ts).
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/** Longer inputs are scored by their first 100 characters: zxcvbn's matching grows with length. */
const MAX_LENGTH = 100;

let factory: ZxcvbnFactory | null = null;

export function zxcvbnScore(password: string): number {
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return factory.check(password.slice(0, MAX_LENGTH)).score;
}
