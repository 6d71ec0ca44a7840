/**
 * Staff edit an employer's document as a whole document; what is stored is the JSON Merge Patch from the base
 * document to it (engine documentPatch: conditions and lists whole). A draft is stored only when the document it
 * makes passes every content check (applyOverride); publishing checks again (the base may have changed since).
 * Drafts, publishes and rollbacks of one employer's document run one at a time (lockDocument), so however many
 * staff publish at once exactly one version is published. Every change is audited in its own transaction.
 * Each stored version has a tag (versionTag) that changes whenever it is saved; a save, publish or rollback names
 * the tag it read, and one made on a state that changed since is refused, naming who changed it and when, so
 * nobody publishes a text they never saw. A publish (and a roll back, which publishes too) is a proof: the
 * employer's configuration with the version in place is walked as its employees would meet it
 * (content/employer-proof.ts), and one that would stop or mislead them is refused with the problems, each naming
 * its case, step and field. A version that changes a guarded text is published only once a second staff member
 * approved it as it is (guarded-approvals.ts). Outcomes are values; the routes turn them into answers.
 */
import { createHash } from 'node:crypto';
import type { FieldErrors } from '#contracts/api.ts';
import type { GuardedTextChange, ProvenProblem } from '#contracts/publish-proof.ts';
import { CONSOLE_LOCALE } from '#contracts/language.ts';
import { fillPlural } from '#contracts/messages.ts';
import type { DbOrTx } from '#db/database.ts';
import * as overrides from '#db/repositories/employer/document-override.repository.ts';
import { recordStaffChange } from '#db/repositories/staff/staff-audit.repository.ts';
import * as staffUsers from '#db/repositories/staff/staff-user.repository.ts';
import { documentPatch } from '#engine/documents/index.ts';
import { escapeToken, type FlowDocument, type FormDocument } from '#engine/runtime/index.ts';
import { applyOverride, overrideLimitProblem } from '../../content/apply-override.ts';
import { employerProof, type Replacing } from '../../content/employer-proof.ts';
import { problemSentence } from '../../content/publish-proof.ts';
import { type BaseContent } from '../../content/base-content.ts';
import { holds, minuteText, type Change, type Precondition } from '../../http/preconditions.ts';
import { approvalCounts, approvalRequiredMessage, guardedTextChanges, keepsBaseTexts, rollBackApprovalMessage } from './guarded-approvals.ts';

export type StoredVersion = { version: number; status: overrides.OverrideStatus; document: FormDocument | FlowDocument; patch: unknown; etag: string };

export type OverrideOutcome =
  | { kind: 'done'; version: StoredVersion }
  | { kind: 'invalid'; message: string; fieldErrors: FieldErrors }
  | { kind: 'unproven'; message: string; fieldErrors: FieldErrors; problems: ProvenProblem[] }
  | { kind: 'not-found'; message: string }
  | { kind: 'conflict'; message: string }
  | { kind: 'unapproved'; message: string; guardedTexts: GuardedTextChange[] }
  | { kind: 'forbidden'; code: 'APPROVER_SAVED_DRAFT'; message: string }
  | { kind: 'changed'; code: 'DRAFT_CHANGED' | 'PUBLISHED_CHANGED'; message: string; change: Change };

export type DocumentRef = { accountid: string; documentid: string };
/** Who changes a document and when; `today` is the day the publish proof walks the wizard on. */
type Actor = { staffId: string; now: Date; today: string };


const tagOf = (value: unknown) => `"${createHash('sha256').update(JSON.stringify(value)).digest('base64url')}"`;

/**
 * The tag of a stored version as it is now: a hash of its number, patch, last saver and save time, quoted as HTTP
 * writes an ETag. Saving a draft changes it (even with the same content, by another person or later); publishing
 * does not (the content employees get is the content that was read).
 */
export function versionTag(row: Pick<overrides.DocumentOverrideRow, 'version' | 'patch' | 'created_by' | 'updatedon'>): string {
  return tagOf([row.version, row.patch, row.created_by, new Date(row.updatedon).toISOString()]);
}

/** The tag of what is published when no version is (employees get the base document): what a rollback then names. */
export const BASE_TAG = tagOf([0, {}, null, null]);

/** The tag of what is published now: what a rollback names. */
export const publishedTag = (published: overrides.DocumentOverrideRow | undefined) => (published ? versionTag(published) : BASE_TAG);

/** A staff user as the audit trail names them (their e-mail address), or null for a version made without one. */
async function staffName(db: DbOrTx, staffId: string | null): Promise<string | null> {
  return staffId ? ((await staffUsers.findById(db, staffId))?.email ?? null) : null;
}

/** The 409 of a state that changed since it was read, naming who changed it and when. */
async function changed(
  db: DbOrTx,
  code: 'DRAFT_CHANGED' | 'PUBLISHED_CHANGED',
  by: string | null,
  at: Date | string,
  sentence: (who: string, when: string) => string,
): Promise<Extract<OverrideOutcome, { kind: 'changed' }>> {
  const changedBy = await staffName(db, by);
  const when = new Date(at);
  return { kind: 'changed', code, message: sentence(changedBy ?? 'Someone', minuteText(when)), change: { changedBy, changedAt: when.toISOString() } };
}

/**
 * Why a draft may not be saved over what is stored now, given what the person read (null: it may): the draft's tag
 * (If-Match) or no draft at all (If-None-Match: *).
 */
async function draftReadProblem(tx: DbOrTx, ref: DocumentRef, draft: overrides.DocumentOverrideRow | undefined, read: Precondition): Promise<OverrideOutcome | null> {
  if (holds(read, draft ? versionTag(draft) : null)) return null;
  if (draft && 'ifNoneMatch' in read) {
    return changed(tx, 'DRAFT_CHANGED', draft.created_by, draft.updatedon, (who, when) => `${who} saved a draft of this document at ${when} since you read it; review their change and save again.`);
  }
  if (draft) {
    return changed(tx, 'DRAFT_CHANGED', draft.created_by, draft.updatedon, (who, when) => `${who} changed this draft at ${when} since you read it; review their change and save again.`);
  }
  // The draft that was read is no longer a draft: someone published it (or rolled back) meanwhile.
  const newest = await overrides.findNewest(tx, ref.accountid, ref.documentid);
  return changed(
    tx,
    'DRAFT_CHANGED',
    newest?.published_by ?? newest?.created_by ?? null,
    newest?.publishedon ?? newest?.updatedon ?? new Date(),
    (who, when) => `${who} published this document at ${when} since you read the draft; review what employees get now and save again.`,
  );
}

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

/** Why a document may not be stored or published: a message, and each problem under its JSON pointer. */
export type Refusal = { message: string; fieldErrors: FieldErrors };

/** The document `patch` makes of the document (what employees would get), or why it may not be stored or published. */
function checkPatch(
  base: BaseContent,
  documentid: string,
  patch: unknown,
  employerForms: ReadonlySet<string>,
): { document: FormDocument | FlowDocument; refused: null } | { refused: Refusal } {
  const limit = overrideLimitProblem(patch);
  if (limit !== null) return { refused: { message: `The change is refused: ${limit}.`, fieldErrors: { '': [limit] } } };
  const { document, problems } = applyOverride(base, documentid, patch, employerForms);
  if (problems.length === 0) return { document, refused: null };
  return { refused: { message: `The document would be invalid: ${problems.join('; ')}`, fieldErrors: problemsByPointer(problems) } };
}

/** Why `patch` may not be stored or published for the document (null: it may). */
export function patchProblems(base: BaseContent, documentid: string, patch: unknown, employerForms: ReadonlySet<string> = new Set()): Refusal | null {
  return checkPatch(base, documentid, patch, employerForms).refused;
}

/**
 * What a whole edited document is stored as (for a base document the patch derived from the edit; a form of the
 * employer's own whole) and the document that makes, with every check a draft gets; or why it may not be stored.
 */
export function checkEdit(
  base: BaseContent,
  documentid: string,
  edited: unknown,
  employerForms: ReadonlySet<string> = new Set(),
): { patch: unknown; document: FormDocument | FlowDocument; refused: null } | { refused: Refusal } {
  const original = base.forms.get(documentid) ?? base.flows.get(documentid);
  const { patch, problems } = original
    ? documentPatch(original, edited, original.kind === 'form' ? base.meta.form : base.meta.flow)
    : { patch: edited, problems: [] };
  if (problems.length > 0) {
    const fieldErrors: FieldErrors = {};
    for (const { pointer, message } of problems) (fieldErrors[pointer] ??= []).push(message);
    return { refused: { message: `The document cannot be stored: ${problems.map((p) => `${p.pointer}: ${p.message}`).join('; ')}`, fieldErrors } };
  }
  const checked = checkPatch(base, documentid, patch, employerForms);
  return checked.refused ? checked : { patch, document: checked.document, refused: null };
}

export const stored = (base: BaseContent, row: overrides.DocumentOverrideRow): StoredVersion => ({
  version: row.version,
  status: row.status,
  document: applyOverride(base, row.documentid, row.patch).document,
  patch: row.patch,
  etag: versionTag(row),
});

const audited = (row: overrides.DocumentOverrideRow | undefined) => (row ? { version: row.version, status: row.status, patch: row.patch } : null);
const entityId = ({ accountid, documentid }: DocumentRef) => `${accountid}/${documentid}`;

/** The forms the employer has published of its own (ids no base document has), which its flow may name. */
export async function ownForms(db: DbOrTx, base: BaseContent, accountid: string): Promise<Set<string>> {
  const isBase = (id: string) => base.forms.has(id) || base.flows.has(id);
  const rows = await overrides.listByEmployer(db, accountid);
  return new Set(rows.filter((row) => row.status === 'published' && !isBase(row.documentid)).map((row) => row.documentid));
}

const PROOF_FAILED = {
  one: 'The change is not published: 1 problem would stop or mislead employees. Each names its case, step and field.',
  other: 'The change is not published: {count} problems would stop or mislead employees. Each names its case, step and field.',
};

/**
 * Why publishing `replacing` would stop or mislead the employer's employees (null: the proof holds): the problems,
 * and those at a place of the published document by its pointer (so the editor marks their lines).
 */
async function proofRefusal(tx: DbOrTx, base: BaseContent, ref: DocumentRef, replacing: Replacing, today: string): Promise<OverrideOutcome | null> {
  const { problems } = await employerProof(tx, base, ref.accountid, { today, replacing });
  if (problems.length === 0) return null;
  const proven = problems.map((problem) => ({ ...problem, sentence: problemSentence(problem) }));
  const fieldErrors: FieldErrors = {};
  for (const problem of proven) if (problem.document === ref.documentid && problem.pointer !== null) (fieldErrors[problem.pointer] ??= []).push(problem.sentence);
  return { kind: 'unproven', message: fillPlural(PROOF_FAILED, problems.length, CONSOLE_LOCALE), fieldErrors, problems: proven };
}

/**
 * Stores the edited document as the draft (the existing draft is replaced, else a new version is made). For a
 * base document the patch is derived from the edit; a form of the employer's own is stored whole. `read` says
 * which draft the person edited: a draft saved (or published) by anyone since is not saved over (409).
 */
export async function saveDraft(db: DbOrTx, base: BaseContent, ref: DocumentRef, edited: unknown, actor: Actor, read: Precondition): Promise<OverrideOutcome> {
  const checked = checkEdit(base, ref.documentid, edited, await ownForms(db, base, ref.accountid));
  if (checked.refused) return { kind: 'invalid', ...checked.refused };
  const { patch } = checked;
  return db.transaction().execute(async (tx): Promise<OverrideOutcome> => {
    await overrides.lockDocument(tx, ref.accountid, ref.documentid);
    const draft = await overrides.findDraft(tx, ref.accountid, ref.documentid);
    const problem = await draftReadProblem(tx, ref, draft, read);
    if (problem) return problem;
    const row = draft
      ? await overrides.updateDraft(tx, draft.id, patch, actor.staffId, actor.now)
      : await overrides.insertVersion(tx, { ...ref, status: 'draft', patch, staffId: actor.staffId, now: actor.now });
    await recordStaffChange(tx, { staffId: actor.staffId, action: 'save-draft', entity: 'document_override', entityId: entityId(ref), before: audited(draft), after: audited(row) });
    return { kind: 'done', version: stored(base, row) };
  });
}

/**
 * Publishes a draft as it was read (`etag`, its tag then): employees get it from their next page load; the version
 * published before is retired. A draft saved since is not published (409 naming who saved it and when).
 */
export async function publishDraft(db: DbOrTx, base: BaseContent, ref: DocumentRef, read: { version: number; etag: string }, actor: Actor): Promise<OverrideOutcome> {
  const { version } = read;
  return db.transaction().execute(async (tx): Promise<OverrideOutcome> => {
    await overrides.lockDocument(tx, ref.accountid, ref.documentid);
    const row = await overrides.findVersion(tx, ref.accountid, ref.documentid, version);
    if (!row) return { kind: 'not-found', message: `There is no version ${version} of this document.` };
    if (versionTag(row) !== read.etag) {
      const publisher = row.status === 'draft' ? null : ((await staffName(tx, row.published_by)) ?? 'someone');
      const publishedAt = row.publishedon ? ` at ${minuteText(new Date(row.publishedon))}` : '';
      return changed(tx, 'DRAFT_CHANGED', row.created_by, row.updatedon, (who, when) =>
        publisher === null
          ? `${who} changed this draft at ${when} since you read it; review their change and publish again.`
          : `${who} changed this draft at ${when} since you read it, and ${publisher} published it${publishedAt}; review what employees get now.`,
      );
    }
    if (row.status === 'published') return { kind: 'conflict', message: `Version ${version} is published already.` };
    if (row.status === 'retired') return { kind: 'conflict', message: `Version ${version} is retired; roll back to it to publish it again.` };
    // The base documents may have changed since the draft was saved: check again before anyone sees it.
    const refused = patchProblems(base, ref.documentid, row.patch, await ownForms(tx, base, ref.accountid));
    if (refused) return { kind: 'invalid', ...refused };
    const unproven = await proofRefusal(tx, base, ref, { documentid: ref.documentid, patch: row.patch }, actor.today);
    if (unproven) return unproven;
    const before = await overrides.findPublished(tx, ref.accountid, ref.documentid);
    // Four eyes: a changed guarded text needs the approval of the draft as it is now.
    const guardedTexts = guardedTextChanges(base, ref.documentid, row.patch, before);
    if (guardedTexts.length > 0 && !approvalCounts(row, versionTag(row))) return { kind: 'unapproved', message: approvalRequiredMessage(version, guardedTexts), guardedTexts };
    await overrides.retirePublished(tx, ref.accountid, ref.documentid);
    const published = await overrides.markPublished(tx, row.id, actor.staffId, actor.now);
    await recordStaffChange(tx, { staffId: actor.staffId, action: 'publish', entity: 'document_override', entityId: entityId(ref), before: audited(before), after: audited(published) });
    return { kind: 'done', version: stored(base, published) };
  });
}

/**
 * Publishes a copy of an earlier version (a retired one, or 0: the base document) as a new version, so the history
 * keeps every version as it was. `etag` is the tag of what was published when the person read the document
 * (publishedTag); if another version was published since, nothing is rolled back (409 naming who and when). A
 * draft is published with publishDraft, which checks the draft's own tag.
 */
export async function rollBack(db: DbOrTx, base: BaseContent, ref: DocumentRef, read: { version: number; etag: string }, actor: Actor): Promise<OverrideOutcome> {
  const { version } = read;
  return db.transaction().execute(async (tx): Promise<OverrideOutcome> => {
    await overrides.lockDocument(tx, ref.accountid, ref.documentid);
    const before = await overrides.findPublished(tx, ref.accountid, ref.documentid);
    if (publishedTag(before) !== read.etag) {
      return changed(
        tx,
        'PUBLISHED_CHANGED',
        before?.published_by ?? null,
        before?.publishedon ?? new Date(),
        (who, when) => `${who} published ${before ? `version ${before.version}` : 'a version'} at ${when} since you read this document; review what employees get now and roll back again.`,
      );
    }
    let patch: unknown = {};
    let approved = false;
    if (version === 0) {
      if (!before) return { kind: 'conflict', message: "Employees get the base document already." };
    } else {
      const source = await overrides.findVersion(tx, ref.accountid, ref.documentid, version);
      if (!source) return { kind: 'not-found', message: `There is no version ${version} of this document.` };
      if (source.status === 'published') return { kind: 'conflict', message: `Version ${version} is the published version already.` };
      if (source.status === 'draft') return { kind: 'conflict', message: `Version ${version} is the draft: publish it instead.` };
      patch = source.patch;
      approved = approvalCounts(source, versionTag(source));
    }
    const refused = patchProblems(base, ref.documentid, patch, await ownForms(tx, base, ref.accountid));
    if (refused) return { kind: 'invalid', ...refused };
    const unproven = await proofRefusal(tx, base, ref, { documentid: ref.documentid, patch }, actor.today);
    if (unproven) return unproven;
    // A roll back publishes without a draft: its guarded texts are the base's, or were approved as they are.
    const guardedTexts = guardedTextChanges(base, ref.documentid, patch, before);
    if (guardedTexts.length > 0 && !approved && !keepsBaseTexts(base, ref.documentid, patch)) return { kind: 'unapproved', message: rollBackApprovalMessage(version, guardedTexts), guardedTexts };
    await overrides.retirePublished(tx, ref.accountid, ref.documentid);
    const published = await overrides.insertVersion(tx, { ...ref, status: 'published', patch, staffId: actor.staffId, copiedFrom: version, now: actor.now });
    await recordStaffChange(tx, { staffId: actor.staffId, action: 'rollback', entity: 'document_override', entityId: entityId(ref), before: audited(before), after: { ...audited(published), copiedFrom: version } });
    return { kind: 'done', version: stored(base, published) };
  });
}

/**
 * A second staff member approves a draft's guarded texts as they were read (`etag`, the draft's tag then): not the
 * one who saved it last (403 APPROVER_SAVED_DRAFT), and not a draft saved since (409 DRAFT_CHANGED). A draft that
 * changes no guarded text needs none (409). The approval is in the audit trail (action 'approve'), with the texts.
 */
export async function approveDraft(db: DbOrTx, base: BaseContent, ref: DocumentRef, read: { version: number; etag: string }, actor: Actor): Promise<OverrideOutcome> {
  const { version } = read;
  return db.transaction().execute(async (tx): Promise<OverrideOutcome> => {
    await overrides.lockDocument(tx, ref.accountid, ref.documentid);
    const row = await overrides.findVersion(tx, ref.accountid, ref.documentid, version);
    if (!row) return { kind: 'not-found', message: `There is no version ${version} of this document.` };
    if (row.status !== 'draft') return { kind: 'conflict', message: `Version ${version} is ${row.status}, not a draft: only a draft is approved.` };
    const tag = versionTag(row);
    if (tag !== read.etag) {
      return changed(tx, 'DRAFT_CHANGED', row.created_by, row.updatedon, (who, when) => `${who} changed this draft at ${when} since you read it; review their change and approve again.`);
    }
    if (row.created_by === actor.staffId) {
      return { kind: 'forbidden', code: 'APPROVER_SAVED_DRAFT', message: 'You saved this draft last, so you cannot approve it: a second staff member (an implementer or an admin) must review its guarded texts and approve them.' };
    }
    const guardedTexts = guardedTextChanges(base, ref.documentid, row.patch, await overrides.findPublished(tx, ref.accountid, ref.documentid));
    if (guardedTexts.length === 0) return { kind: 'conflict', message: `Version ${version} changes no guarded text, so it needs no approval: publish it.` };
    if (approvalCounts(row, tag)) return { kind: 'done', version: stored(base, row) };
    const approved = await overrides.approveDraft(tx, row.id, actor.staffId, tag, actor.now);
    await recordStaffChange(tx, {
      staffId: actor.staffId,
      action: 'approve',
      entity: 'document_override',
      entityId: entityId(ref),
      before: { version, savedBy: await staffName(tx, row.created_by) },
      after: { version, approvedBy: await staffName(tx, actor.staffId), guardedTexts },
    });
    return { kind: 'done', version: stored(base, approved) };
  });
}
