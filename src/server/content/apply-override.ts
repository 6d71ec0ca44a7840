/**
 * An employer's override (a JSON Merge Patch) applied to its base document, or an employer's own form, with every
 * problem that stops the result being served: what staff saving a draft, publishing and the content store all ask.
 */
import { checkDocument, checkOverrideMessages, guardedTextProblems, overrideSurfaceProblems, unlockedStepProblems, ownFormSurfaceProblems } from '#engine/authoring/index.ts';
import { bundleDefinitions } from '#engine/compile/index.ts';
import { mergeDocument, patchLimitProblem, type PatchLimits } from '#engine/documents/index.ts';
import { escapeToken, translationProblems, type FlowDocument, type FormDocument } from '#engine/runtime/index.ts';
import { callProblems, ownFormProblems } from '#product/index.ts';
import { missingForms, type BaseContent } from './base-content.ts';

/**
 * How large an override may be: its JSON at most 64 KB, nested at most 32 levels (the deepest base document is
 * 13). Checked before anything merges it.
 */
export const OVERRIDE_LIMITS: PatchLimits = { maxBytes: 64 * 1024, maxDepth: 32 };

/** Why a patch is too large or too deep to consider (null when it is not). */
export const overrideLimitProblem = (patch: unknown): string | null => patchLimitProblem(patch, OVERRIDE_LIMITS);

/**
 * The document `patch` makes of base document `documentId`, with every problem that stops it being served
 * (empty problems: it may be published). The merge replaces whole every expression the meta-schema marks as JSON
 * Logic; the result is checked in full (meta-schema in strict mode, every expression allowed with its arity,
 * every message key used known), the patch may set only messages the base document has, and the result must stay
 * on the base document's override surface (its locked parts unchanged but for texts, its fields kept, required
 * ones required and shown, its rules kept: overrideSurfaceProblems; its guarded texts keeping their placeholders,
 * typing no figure, each option keeping its label: guardedTextProblems). A patch over the
 * limits is not merged at all: the answer is the base document with that one problem.
 * An id that is no base document's names a form of one employer's own: the patch is then the whole form (its
 * `id` that id, its `kind` 'form'), checked like any form, with its own messages. A flow may name a base form or
 * one of `employerForms` (the forms the employer has published of its own).
 */
export function applyOverride(
  base: BaseContent,
  documentId: string,
  patch: unknown,
  employerForms: ReadonlySet<string> = new Set(),
): { document: FormDocument | FlowDocument; problems: string[] } {
  const original = base.forms.get(documentId) ?? base.flows.get(documentId);
  if (!original) return ownForm(base, documentId, patch);
  const limit = overrideLimitProblem(patch);
  if (limit !== null) return { document: original, problems: [limit] };
  let document = mergeDocument(original, patch, original.kind === 'form' ? base.meta.form : base.meta.flow) as FormDocument | FlowDocument;
  const problems: string[] = checkOverrideMessages(original, patch, document);
  if (document.id !== original.id) problems.push('/id: an override may not change the id');
  if (document.kind !== original.kind) problems.push('/kind: an override may not change the kind');
  if (document.kind === 'form') {
    try {
      document = bundleDefinitions(document, base.definitions);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  if (problems.length === 0) problems.push(...checkDocument(document, base.meta));
  if (problems.length === 0) problems.push(...overrideTranslationProblems(document, patch));
  // What the base document locks, and the fields and rules it keeps (override-surface.ts).
  if (problems.length === 0) problems.push(...overrideSurfaceProblems(original, document));
  // The texts it guards keep their placeholders, type no figure and keep each option's label (guarded-texts.ts).
  if (problems.length === 0) problems.push(...guardedTextProblems(original, document));
  if (problems.length === 0 && document.kind === 'flow') {
    const known = new Set([...base.forms.keys(), ...employerForms]);
    problems.push(...missingForms(document, known));
  }
  // Only the product's own operations, as the catalogue allows them here; no personal data where it is not kept.
  if (problems.length === 0) problems.push(...callProblems(document, { catalogue: base.operations, personal: base.personal, ownForms: employerForms }));
  // The optional steps and the employer's own never stop a person on the way to Authorize.
  if (problems.length === 0 && original.kind === 'flow' && document.kind === 'flow') problems.push(...unlockedStepProblems(original, document, employerForms));
  return { document, problems };
}

/** An employer's own form: the patch is the whole document (merged over nothing, so a null member is left out). */
function ownForm(base: BaseContent, documentId: string, patch: unknown): { document: FormDocument; problems: string[] } {
  const limit = overrideLimitProblem(patch);
  // A patch over the limits is not merged at all (as for a base document).
  let document = mergeDocument({}, limit === null ? patch : {}, base.meta.form) as FormDocument;
  const problems: string[] = limit === null ? [] : [limit];
  if (document.kind !== 'form') problems.push(`/kind: '${documentId}' is no base document, so the override must be a whole form (kind 'form')`);
  if (document.id !== documentId) problems.push(`/id: an employer's own form must have the id '${documentId}'`);
  if (problems.length === 0) {
    try {
      document = bundleDefinitions(document, base.definitions);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  if (problems.length === 0) problems.push(...checkDocument(document, base.meta));
  if (problems.length === 0) problems.push(...overrideTranslationProblems(document, patch));
  if (problems.length === 0) problems.push(...ownFormSurfaceProblems(document), ...ownFormProblems(document, base.personal));
  if (problems.length === 0) problems.push(...callProblems(document, { catalogue: base.operations, personal: base.personal }));
  return { document, problems };
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * What is wrong with the texts an override sets in another language (translationProblems, not asking for every
 * text), each at its pointer into the override: '/translations/<language>/<the text's pointer, escaped>: reason'.
 * Only the texts the override sets (a null removes one) are its author's to mend; the base documents' own
 * translations are checked where they are written (npm run forms:check).
 */
function overrideTranslationProblems(document: FormDocument | FlowDocument, patch: unknown): string[] {
  const set = isRecord(patch) && isRecord(patch.translations) ? patch.translations : {};
  const problems: string[] = [];
  for (const [language, texts] of Object.entries(set)) {
    if (!isRecord(texts)) continue;
    const translation = Object.fromEntries(Object.entries(texts).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    for (const problem of translationProblems(document, translation)) {
      // 'pointer: reason', and a pointer may hold ': ' itself: the longest of the translation's pointers that begins it.
      let pointer = '';
      for (let at = problem.indexOf(': '); at !== -1; at = problem.indexOf(': ', at + 1)) if (Object.hasOwn(translation, problem.slice(0, at))) pointer = problem.slice(0, at);
      const where = `/translations/${escapeToken(language)}`;
      problems.push(pointer === '' ? `${where}: ${problem}` : `${where}/${escapeToken(pointer)}: ${problem.slice(pointer.length + 2)}`);
    }
  }
  return problems;
}
