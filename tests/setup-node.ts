/**
 * The node project's setup: the engine compiles schemas at run time with Ajv, as the server does (its content
 * plugin installs the same compiler), so engine and content tests validate without a served module.
 */
import { compileWithAjv, installPasswordScorer, installRuntimeCompiler } from '#engine/core/index.ts';
import { zxcvbnScore } from '#engine/core/zxcvbn-score.ts';

installRuntimeCompiler(compileWithAjv);
// As the server installs it at start (content.plugin.ts); the browser loads it with a form that scores a password.
installPasswordScorer(zxcvbnScore);
