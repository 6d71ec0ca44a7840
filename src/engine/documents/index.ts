/**
 * Documents as data: a base document and an override's JSON Merge Patch, a draft rebased onto a newer answer, the
 * labels and the added fields a resolved form has. Contract: pure functions of documents, in the browser and on the
 * server; no React, no I/O, no product words, no rule evaluation; it builds on engine/runtime only.
 *
 * - {@link resolveDocument} / {@link mergeDocument} / {@link mergePatch}: base document + an override's JSON Merge
 *   Patch (RFC 7396); mergeDocument replaces whole every expression the meta-schema marks as JSON Logic.
 * - {@link documentPatch}: the merge patch from a base document to an edited one (the inverse of mergeDocument).
 * - {@link patchLimitProblem}: a patch's size and depth, checked before any merge.
 * - {@link rebaseDraft}: a draft's changes carried onto what the server answers now.
 * - {@link logicIn}: where a document holds JSON Logic, read from its meta-schema.
 * - {@link ownFields}: the fields a resolved form adds to its base document.
 * - {@link optionLabel}: the label a form shows for a stored option value.
 */
export { documentPatch, mergeDocument, mergePatch, patchLimitProblem, resolveDocument, sameJson, type PatchLimits, type PatchProblem } from './merge.ts';
export { rebaseDraft } from './rebase.ts';
export { isLogicNode, LOGIC_KEYWORD, logicIn, metaChild, metaItem, resolveMetaNode, type MetaNode } from './meta-walk.ts';
export { ownFields, type OwnField } from './own-fields.ts';
export { optionLabel } from './option-labels.ts';
