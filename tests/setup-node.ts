/**
 * The node project's setup: the engine compiles schemas at run time with Ajv, as the server does (its content
 * plugin installs the same compiler), so engine and content tests validate without a served module.
 */
// The product configures the engine as the server does (its annotation, patterns and password_score operation).
import '#product/compile-setup.ts';
import '#product/engine-setup.ts';
import { compileWithAjv } from '#engine/compile/index.ts';
import { installPasswordScorer } from '#product/index.ts';
import { installRuntimeCompiler } from '#engine/runtime/index.ts';
import { zxcvbnScore } from '#product/zxcvbn-score.ts';

installRuntimeCompiler(compileWithAjv);
// As the server installs it at start (content.plugin.ts); the browser loads it with a form that scores a password.
installPasswordScorer(zxcvbnScore);
