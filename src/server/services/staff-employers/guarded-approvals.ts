/**
 * Four eyes on guarded texts (docs/decisions/047-guarded-texts-need-a-second-persons-approval.md): a version that
 * changes a text a base document guards (money, law or a person's choice) from what employees get now is published
 * only once a second staff member approved it as it is: not the one who saved it last, and an approval of an
 * earlier save does not count (the approval holds the draft's tag). What is checked here; document-overrides.ts
 * asks it at publish, roll back and approval.
 */
import type { DraftApproval, GuardedTextChange } from '#contracts/publish-proof.ts';
import type { DbOrTx } from '#db/database.ts';
import type { DocumentOverrideRow } from '#db/repositories/employer/document-override.repository.ts';
import * as staffUsers from '#db/repositories/staff/staff-user.repository.ts';
import { guardedChanges } from '#engine/authoring/index.ts';
import type { FlowDocument, FormDocument } from '#engine/runtime/index.ts';
import { applyOverride } from '../../content/apply-override.ts';
import type { BaseContent } from '../../content/base-content.ts';

type Document = FormDocument | FlowDocument;
type Tagged = Pick<DocumentOverrideRow, 'approved_by' | 'approved_tag'>;

/** What a stored patch (none: the base document) makes of the document. */
const documentOf = (base: BaseContent, documentid: string, patch: unknown | undefined): Document | undefined => {
  const original = base.forms.get(documentid) ?? base.flows.get(documentid);
  if (!original) return undefined;
  return patch === undefined ? original : applyOverride(base, documentid, patch).document;
};

/**
 * The guarded texts `patch` changes from what the published version makes (none published: the base document).
 * A form of the employer's own guards nothing.
 */
export function guardedTextChanges(base: BaseContent, documentid: string, patch: unknown, published: Pick<DocumentOverrideRow, 'patch'> | undefined): GuardedTextChange[] {
  const original = base.forms.get(documentid) ?? base.flows.get(documentid);
  if (!original) return [];
  return guardedChanges(original, documentOf(base, documentid, published?.patch)!, documentOf(base, documentid, patch)!);
}

/** Whether `patch` says the base document's guarded texts as they are (a roll back to them needs no approval). */
export const keepsBaseTexts = (base: BaseContent, documentid: string, patch: unknown) => guardedTextChanges(base, documentid, patch, undefined).length === 0;

/** Whether the version's approval counts: it was approved with the tag it has now. */
export const approvalCounts = (row: Tagged, tag: string) => row.approved_by !== null && row.approved_tag === tag;

/** One guarded text as a sentence names it: its pointer, its language when not English, and why it is guarded. */
const named = (change: GuardedTextChange) => `${change.pointer}${change.language === 'en' ? '' : ` (${change.language})`}: ${change.why}`;

/** The sentence of a publish refused for want of an approval, naming the guarded texts changed. */
export function approvalRequiredMessage(version: number, changes: GuardedTextChange[]): string {
  const texts = [...new Set(changes.map(named))].join('; ');
  return `Version ${version} is not published: it changes guarded texts, which a second staff member (an implementer or an admin other than the one who saved the draft last) must approve first. Guarded texts changed: ${texts}.`;
}

/** The sentence of a roll back refused for want of an approval: the version was never approved as it is. */
export function rollBackApprovalMessage(version: number, changes: GuardedTextChange[]): string {
  const texts = [...new Set(changes.map(named))].join('; ');
  return `Version ${version} is not rolled back to: its guarded texts differ from what employees get now and from the base document, and no second staff member approved them. Save it as a draft and have it approved, then publish it. Guarded texts: ${texts}.`;
}

/** The review of a draft as the console shows it to `staffId`. */
export async function draftApproval(db: DbOrTx, base: BaseContent, draft: DocumentOverrideRow, published: DocumentOverrideRow | undefined, tag: string, staffId: string): Promise<DraftApproval> {
  const email = async (id: string | null) => (id === null ? null : ((await staffUsers.findById(db, id))?.email ?? null));
  const counts = approvalCounts(draft, tag);
  return {
    guardedTexts: guardedTextChanges(base, draft.documentid, draft.patch, published),
    savedBy: await email(draft.created_by),
    savedByYou: draft.created_by === staffId,
    approvedBy: counts ? await email(draft.approved_by) : null,
    approvedAt: counts && draft.approvedon ? new Date(draft.approvedon).toISOString() : null,
  };
}
