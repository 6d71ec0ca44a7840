/**
 * The product configures the generic engine's runtime: importing this module registers, once, what the portal's
 * documents use beyond the engine's own vocabulary: the named patterns of `matches` (patterns.ts) and the
 * `password_score` rule operation, whose scorer the browser loads with the first document using it
 * (password-score.ts). Every entry that runs documents imports it before any document runs: the web app's
 * engine-root.tsx (the chunk of the screens that show forms), the staff console's main.tsx, the server's content
 * plugin (and so scripts/build-validators.ts), the test setups. Where schemas are compiled, compile-setup.ts too.
 */
import { registerPatterns, registerRuleOperations } from '#engine/runtime/index.ts';
import { loadPasswordScore, passwordScore } from './password-score.ts';
import { PRODUCT_PATTERNS } from './patterns.ts';

registerPatterns(PRODUCT_PATTERNS);
// No arity: the operation took any number of arguments before it moved here, and documents may rely on that.
registerRuleOperations({ password_score: { run: (value) => passwordScore(value), load: loadPasswordScore } });
