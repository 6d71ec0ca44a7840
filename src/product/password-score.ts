/**
 * The `password_score` rule operation (registered with the engine: engine-setup.ts) and its scorer
 * (zxcvbn-score.ts), installed rather than imported: its dictionaries are about 215 KB gzip, more than the rest of
 * a form route, and only a form that sets a password needs them. The server and the tests install it at start
 * (installPasswordScorer(zxcvbnScore)); the browser loads it with a document whose rules use the operation
 * (loadPasswordScore, the operation's loader, which the engine's useDocument awaits through loadOperationsOf with
 * the document, as its validators are), so the rules stay synchronous. Scoring before either is a configuration
 * fault.
 */
import { EngineConfigError } from '#engine/runtime/errors.ts';

let scorer: ((password: string) => number) | null = null;
let loading: Promise<void> | null = null;

/** Installs (or, with null, removes) the scorer `password_score` uses. */
export function installPasswordScorer(score: ((password: string) => number) | null): void {
  scorer = score;
}

/** Whether a document's rules score a password (any `password_score` operation in it). */
export function usesPasswordScore(document: unknown): boolean {
  return JSON.stringify(document ?? null).includes('"password_score"');
}

/** Loads and installs the scorer (a chunk of its own in the browser), once; at once when one is installed. */
export function loadPasswordScore(): Promise<void> {
  if (scorer) return Promise.resolve();
  loading ??= import('./zxcvbn-score.ts').then(
    ({ zxcvbnScore }) => {
      scorer ??= zxcvbnScore;
    },
    (problem: unknown) => {
      loading = null;
      throw problem;
    },
  );
  return loading;
}

/** How guessable `value` is, 0 (a common password) to 4; 0 for anything but a non-empty string. */
export function passwordScore(value: unknown): number {
  if (typeof value !== 'string' || value === '') return 0;
  if (!scorer) throw new EngineConfigError('rules', '', 'password_score needs its scorer: installPasswordScorer or loadPasswordScore first');
  return scorer(value);
}
