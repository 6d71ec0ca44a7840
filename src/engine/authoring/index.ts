/**
 * Authoring-time checks: what the server (at load, save and publish) and the staff console ask of a document
 * before anyone is shown it. Contract: no React, no I/O, no product words (what is the product's, such as which
 * calls a document may make, is passed in or lives in src/product); builds on engine/runtime, engine/documents and
 * engine/compile. The browser of the portal never needs it.
 *
 * - {@link checkDocument} / {@link assertDocument}: content checks against the meta-schemas.
 * - {@link checkOverrideMessages}: an override sets only messages its base document has.
 * - {@link overrideSurfaceProblems} / {@link lockedParts}: what an override may change, as the base document
 *   declares it (its `locked` parts; required fields and rules kept).
 * - {@link guardedTextProblems} / {@link guardedChanges}: the texts a base document guards keep their
 *   placeholders, type no figure and keep each option's label; which of them a version changes.
 * - {@link candidateValues} / {@link samplesOfPattern}: values a field's schema accepts, as a person could give
 *   them (what a proof of a document fills its fields with).
 *
 * line-diff.ts (two texts' lines, kept, added and removed) is imported by its own path: its library stays out of
 * whatever imports this index.
 */
export { assertDocument, checkDocument, checkOverrideMessages, unboundedFields, variablesOf, type MetaSchemas } from './meta.ts';
export { lockDeclarationProblems, lockedParts, overrideSurfaceProblems, ownFormSurfaceProblems, uiPointersOf, unlockedStepProblems, type LockedPart } from './override-surface.ts';
export { candidateValues, resolvedNode, samplesOfPattern, type SampleOptions } from './sample-values.ts';
export { figuresOf, guardDeclarationProblems, guardedChanges, guardedTextProblems, OWN_LANGUAGE, type GuardedChange } from './guarded-texts.ts';
