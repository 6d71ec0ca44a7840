/**
 * The node project's setup: the engine compiles schemas at run time with Ajv, as the server does (its content
 * plugin installs the same compiler), so engine and content tests validate without a served module.
 */
import { compileWithAjv, installRuntimeCompiler } from '#engine/core/index.ts';

installRuntimeCompiler(compileWithAjv);
