/**
 * The engine core: documents in, decisions out. Generic (it knows nothing about what the forms are for), no
 * React and no I/O, so the browser and the server import the same functions.
 *
 * - {@link resolveDocument} / {@link mergeDocument} / {@link mergePatch}: base document + an override's JSON Merge
 *   Patch (RFC 7396); mergeDocument replaces whole every expression the meta-schema marks as JSON Logic.
 * - {@link documentPatch}: the merge patch from a base document to an edited one (the inverse of mergeDocument).
 * - {@link patchLimitProblem}: a patch's size and depth, checked before any merge.
 * - {@link logicIn}: where a document holds JSON Logic, read from its meta-schema.
 * - {@link bundleDefinitions}: inline shared schema pieces (`defs/*.schema.json`) into a form's `definitions`.
 * - {@link validateForm}: schema + rules -> FieldErrors keyed by JSON pointer, with the document's messages.
 * - {@link standaloneModule} / {@link registerCompiledModule}: validators compiled ahead (server) and loaded
 *   (browser); {@link installRuntimeCompiler}({@link compileWithAjv}) where compiling at run time is allowed.
 * - {@link evaluateFlow}: the visible steps and sub-steps for a context.
 * - {@link fillCall} / {@link fillCalls} / {@link applyBinding}: declared calls -> method, encoded path, body built
 *   by a binding (JSON Pointers from the scope to the request's fields).
 * - {@link message}: a document's text with `{params}`.
 * - {@link checkDocument} / {@link assertDocument}: content checks against the meta-schemas.
 * - {@link checkOverrideMessages}: an override sets only messages its base document has.
 * - {@link overrideSurfaceProblems} / {@link lockedParts}: what an override may change, as the base document
 *   declares it (its `locked` parts; required fields and rules kept).
 * - {@link createRuleEvaluator} / {@link rules}: the allow-listed JSON Logic evaluator.
 * - {@link ownFields}: the fields an employer's resolved form adds to its base document.
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
export { documentPatch, mergeDocument, mergePatch, patchLimitProblem, resolveDocument, sameJson, type PatchLimits, type PatchProblem } from './merge.ts';
export { rebaseDraft } from './rebase.ts';
export { isLogicNode, LOGIC_KEYWORD, logicIn, metaChild, metaItem, resolveMetaNode, type MetaNode } from './meta-walk.ts';
export { bundleDefinitions, definitionName } from './bundle.ts';
export {
  createRuleEvaluator,
  ENGINE_ARITY,
  ENGINE_OPERATIONS,
  PATTERNS,
  RuleError,
  rules,
  STANDARD_ARITY,
  STANDARD_OPERATIONS,
  toIsoDate,
  type Arity,
  type LogicProblem,
  type Operation,
  type RuleEvaluator,
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
export { compileWithAjv, createAjv, schemaIdentifiers, schemasExport, standaloneModule } from './ajv-compiler.ts';
export { evaluateFlow } from './flow.ts';
export { applyBinding, callScopes, CallError, fillCall, fillCalls, resolveSource } from './calls.ts';
export { formatMessage, message } from './messages.ts';
// Not zxcvbn-score.ts: the scorer's dictionaries stay out of whatever imports this index (password-score.ts).
export { installPasswordScorer, loadPasswordScore, passwordScore, usesPasswordScore } from './password-score.ts';
export { assertDocument, checkDocument, checkOverrideMessages, unboundedFields, variablesOf, type MetaSchemas } from './meta.ts';
export { lockDeclarationProblems, lockedParts, overrideSurfaceProblems, ownFormSurfaceProblems, uiPointersOf, unlockedStepProblems, type LockedPart } from './override-surface.ts';
export { callProblems, operationOf, ownFormProblems, readCatalogue, withoutPersonalFields, type CallRules, type ApiOperation, type OperationCatalogue } from './operations.ts';
export { holdsPersonal, PERSONAL_KEYWORD, personalDataOf, personalNames, type PersonalData } from './personal.ts';
export { escapeToken, getAtPointer, parsePointer, setAtPointer, valuesFromAnswer, withoutPointers } from './pointer.ts';
export { asFlowDocument, asFormDocument } from './load.ts';
export { documentPart, onlyInPart, partOf } from './parts.ts';
export { ownFields, type OwnField } from './own-fields.ts';
export { optionLabel } from './option-labels.ts';
export { placeholdersOf, SCHEMA_TEXTS, textsOf, translatedDocument, translationProblems, UI_OPTION_TEXTS, UI_TEXTS, untranslatedTexts, withoutSchemaTexts, type Translation } from './texts.ts';
