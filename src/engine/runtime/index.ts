/**
 * The engine's runtime: what a document does while a person fills it, the same functions in the browser and on the
 * server. Contract: no React, no I/O, no product words; it imports nothing of the other engine folders (they build
 * on it), and only json-logic-js, re2js and Ajv's types. What an application adds (rule operations, named patterns)
 * it registers here at start.
 *
 * - {@link validateForm}: schema + rules -> FieldErrors keyed by JSON pointer, with the document's messages.
 * - {@link registerCompiledModule}: validators compiled ahead, as the browser loads them;
 *   {@link installRuntimeCompiler} where compiling at run time is allowed (engine/compile).
 * - {@link createRuleEvaluator} / {@link rules}: the allow-listed JSON Logic evaluator;
 *   {@link registerRuleOperations} / {@link registerPatterns} / {@link loadOperationsOf}: an application's additions.
 * - {@link evaluateFlow}: the visible steps and sub-steps for a context.
 * - {@link fillCall} / {@link fillCalls} / {@link applyBinding}: declared calls -> method, encoded path, body built
 *   by a binding (JSON Pointers from the scope to the request's fields).
 * - {@link message}: a document's text with `{params}`.
 * - {@link documentPart}: a form restricted to one of its parts (named groups of fields), same rules and texts.
 * - {@link asFormDocument} / {@link asFlowDocument}: the browser's loader check for a document fetched from the API.
 * - {@link textsOf} / {@link translatedDocument} / {@link translationProblems}: a document's texts by pointer, and
 *   the document served in another language from its `translations`.
 */
export type {
  Binding,
  CallDeclaration,
  EngineDocument,
  FieldErrors,
  FilledCall,
  FlowDocument,
  FlowStep,
  FormDocument,
  FormPart,
  FormRule,
  JsonLogic,
  JsonPointer,
  JsonSchema,
  LockedParts,
  ResolvedStep,
  Source,
} from './types.ts';
export { EngineConfigError } from './errors.ts';
export {
  createRuleEvaluator,
  ENGINE_ARITY,
  ENGINE_OPERATIONS,
  loadOperationsOf,
  PATTERNS,
  registerPatterns,
  registerRuleOperations,
  RuleError,
  rules,
  STANDARD_ARITY,
  STANDARD_OPERATIONS,
  toIsoDate,
  type Arity,
  type LogicProblem,
  type Operation,
  type RuleEvaluator,
  type RuleExtension,
} from './rules.ts';
export {
  compileSchema,
  firstMessage,
  installRuntimeCompiler,
  isEmptyValue,
  registerValidator,
  schemaKey,
  validateForm,
  withoutEmptyValues,
  type SchemaCompiler,
  type SchemaValidator,
  type ValidationPhase,
} from './validate.ts';
export { LINEAR_REGEXP_HELPER, registerCompiledModule, STANDALONE_HELPERS, standaloneRequire, type CompiledModule } from './compiled-module.ts';
export { evaluateFlow, STEP_NOT_AVAILABLE } from './flow.ts';
export { applyBinding, callScopes, CallError, fillCall, fillCalls, resolveSource } from './calls.ts';
export { formatMessage, message } from './messages.ts';
export { escapeToken, getAtPointer, parsePointer, setAtPointer, valuesFromAnswer, withoutPointers } from './pointer.ts';
export { asFlowDocument, asFormDocument } from './load.ts';
export { documentPart, onlyInPart, partOf } from './parts.ts';
export { placeholdersOf, SCHEMA_TEXTS, textsOf, translatedDocument, translationProblems, UI_OPTION_TEXTS, UI_TEXTS, untranslatedTexts, withoutSchemaTexts, type Translation } from './texts.ts';
