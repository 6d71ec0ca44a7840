/**
 * Staff edit an employer's document as a whole document; what is stored is the JSON Merge Patch from the base
 * document to it (engine documentPatch: conditions and lists whole). A draft is stored only when the document it
 * makes passes every content check (applyOverride); publishing checks again (the base may have changed since).
 * Drafts, publishes and rollbacks of one employer's document run one at a time (lockDocument), so however many
 * staff publish at once exactly one version is published. Every change is audited in its own transaction.
 * Outcomes are values; the routes turn them into answers.
 */
import type { FieldErrors } from '#contracts/api.ts';
import type { DbOrTx } from '#db/database.ts';
import * as overrides from '#db/repositories/document-override.repository.ts';
import { recordStaffChange } from '#db/repositories/staff-audit.repository.ts';
import { documentPatch, escapeToken, type FlowDocument, type FormDocument } from '#engine/core/index.ts';
import { applyOverride, overrideLimitProblem, type BaseContent } from '../plugins/content.plugin.ts';

export type StoredVersion = { version: number; status: overrides.OverrideStatus; document: FormDocument | FlowDocument; patch: unknown };

export type OverrideOutcome =
  | { kind: 'done'; version: StoredVersion }
  | { kind: 'invalid'; message: string; fieldErrors: FieldErrors }
  | { kind: 'not-found'; message: string }
  | { kind: 'conflict'; message: string };

export type DocumentRef = { accountid: string; documentid: string };
type Actor = { staffId: string; now: Date };

/** The problem texts of the content checks, keyed by their pointer into the document. */
export function problemsByPointer(problems: string[]): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const problem of problems) {
    const message = /^messages\.(.+) is not a message of /.exec(problem);
    const located = /^(\/\S*): (.*)$/s.exec(problem);
    const [pointer, text] = message
      ? [`/messages/${escapeToken(message[1]!)}`, problem]
      : located
        ? [located[1] === '/' ? '' : located[1]!, located[2]!]
        : ['', problem];
    (fieldErrors[pointer] ??= []).push(text);
  }
  return fieldErrors;
}

/** Why `patch` may not be stored or published for the document (null: it may). */
export function patchProblems(base: BaseContent, documentid: string, patch: unknown): { message: string; fieldErrors: FieldErrors } | null {
  const limit = overrideLimitProblem(patch);
  if (limit !== null) return { message: `The change is refused: ${limit}.`, fieldErrors: { '': [limit] } };
  const { problems } = applyOverride(base, documentid, patch);
  if (problems.length === 0) return null;
  return { message: `The document would be invalid: ${problems.join('; ')}`, fieldErrors: problemsByPointer(problems) };
}

export const stored = (base: BaseContent, row: overrides.DocumentOverrideRow): StoredVersion => ({
  version: row.version,
  status: row.status,
  document: applyOverride(base, row.documentid, row.patch).document,
  patch: row.patch,
});

const audited = (row: overrides.DocumentOverrideRow | undefined) => (row ? { version: row.version, status: row.status, patch: row.patch } : null);
const entityId = ({ accountid, documentid }: DocumentRef) => `${accountid}/${documentid}`;

/** Stores the edited document as the draft (the existing draft is replaced, else a new version is made). */
export async function saveDraft(db: DbOrTx, base: BaseContent, ref: DocumentRef, edited: unknown, actor: Actor): Promise<OverrideOutcome> {
  const original = base.forms.get(ref.documentid) ?? base.flows.get(ref.documentid);
  if (!original) return { kind: 'not-found', message: `There is no document '${ref.documentid}'.` };
  const { patch, problems } = documentPatch(original, edited, original.kind === 'form' ? base.meta.form : base.meta.flow);
  if (problems.length > 0) {
    const fieldErrors: FieldErrors = {};
    for (const { pointer, message } of problems) (fieldErrors[pointer] ??= []).push(message);
    return { kind: 'invalid', message: `The document cannot be stored: ${problems.map((p) => `${p.pointer}: ${p.message}`).join('; ')}`, fieldErrors };
  }
  const refused = patchProblems(base, ref.documentid, patch);
  if (refused) return { kind: 'invalid', ...refused };
  return db.transaction().execute(async (tx) => {
    await overrides.lockDocument(tx, ref.accountid, ref.documentid);
    const draft = await overrides.findDraft(tx, ref.accountid, ref.documentid);
    const row = draft
      ? await overrides.updateDraft(tx, draft.id, patch, actor.staffId)
      : await overrides.insertVersion(tx, { ...ref, status: 'draft', patch, staffId: actor.staffId, now: actor.now });
    await recordStaffChange(tx, { staffId: actor.staffId, action: 'save-draft', entity: 'document_override', entityId: entityId(ref), before: audited(draft), after: audited(row) });
    return { kind: 'done', version: stored(base, row) } as const;
  });
}

/** Publishes a draft: employees get it from their next page load; the version published before is retired. */
export async function publishDraft(db: DbOrTx, base: BaseContent, ref: DocumentRef, version: number, actor: Actor): Promise<OverrideOutcome> {
  return db.transaction().execute(async (tx): Promise<OverrideOutcome> => {
    await overrides.lockDocument(tx, ref.accountid, ref.documentid);
    const row = await overrides.findVersion(tx, ref.accountid, ref.documentid, version);
    if (!row) return { kind: 'not-found', message: `There is no version ${version} of this document.` };
    if (row.status === 'published') return { kind: 'conflict', message: `Version ${version} is published already.` };
    if (row.status === 'retired') return { kind: 'conflict', message: `Version ${version} is retired; roll back to it to publish it again.` };
    // The base documents may have changed since the draft was saved: check again before anyone sees it.
    const refused = patchProblems(base, ref.documentid, row.patch);
    if (refused) return { kind: 'invalid', ...refused };
    const before = await overrides.findPublished(tx, ref.accountid, ref.documentid);
    await overrides.retirePublished(tx, ref.accountid, ref.documentid);
    const published = await overrides.markPublished(tx, row.id, actor.staffId, actor.now);
    await recordStaffChange(tx, { staffId: actor.staffId, action: 'publish', entity: 'document_override', entityId: entityId(ref), before: audited(before), after: audited(published) });
    return { kind: 'done', version: stored(base, published) };
  });
}

/**
 * Publishes a copy of an earlier version (retired, draft or 0: the base document) as a new version, so the
 * history keeps every version as it was.
 */
export async function rollBack(db: DbOrTx, base: BaseContent, ref: DocumentRef, version: number, actor: Actor): Promise<OverrideOutcome> {
  return db.transaction().execute(async (tx): Promise<OverrideOutcome> => {
    await overrides.lockDocument(tx, ref.accountid, ref.documentid);
    const before = await overrides.findPublished(tx, ref.accountid, ref.documentid);
    let patch: unknown = {};
    if (version === 0) {
      if (!before) return { kind: 'conflict', message: "Employees get the base document already." };
    } else {
      const source = await overrides.findVersion(tx, ref.accountid, ref.documentid, version);
      if (!source) return { kind: 'not-found', message: `There is no version ${version} of this document.` };
      if (source.status === 'published') return { kind: 'conflict', message: `Version ${version} is the published version already.` };
      patch = source.patch;
    }
    const refused = patchProblems(base, ref.documentid, patch);
    if (refused) return { kind: 'invalid', ...refused };
    await overrides.retirePublished(tx, ref.accountid, ref.documentid);
    const published = await overrides.insertVersion(tx, { ...ref, status: 'published', patch, staffId: actor.staffId, copiedFrom: version, now: actor.now });
    await recordStaffChange(tx, { staffId: actor.staffId, action: 'rollback', entity: 'document_override', entityId: entityId(ref), before: audited(before), after: { ...audited(published), copiedFrom: version } });
    return { kind: 'done', version: stored(base, published) };
  });
}
