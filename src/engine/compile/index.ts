/**
 * Compiling schemas: Ajv where compiling is allowed (the server, the build, the tests; the browser's CSP forbids
 * it, so the browser calls none of this), and the bundling of shared schema pieces into a form. Contract: no React,
 * no product words; reads no files (documents are passed in); builds on engine/runtime only.
 *
 * - {@link compileWithAjv}: installed with installRuntimeCompiler where compiling at run time is allowed.
 * - {@link standaloneModule}: the validators compiled ahead that the browser loads (registerCompiledModule).
 * - {@link registerAnnotationKeyword}: a schema annotation an application reads, which strict mode must know.
 * - {@link bundleDefinitions}: inline shared schema pieces (`defs/*.schema.json`) into a form's `definitions`.
 */
export { compileWithAjv, createAjv, registerAnnotationKeyword, schemaIdentifiers, schemasExport, standaloneModule } from './ajv-compiler.ts';
export { bundleDefinitions, definitionName } from './bundle.ts';
