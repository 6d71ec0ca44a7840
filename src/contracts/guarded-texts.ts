/**
 * The wire shapes of guarded texts (docs/staff.md, Guarded texts): a draft that changes a text a base document
 * guards is published only once a second staff member approved it. Imports nothing.
 */

/** A guarded text a version changes: where, why it is guarded, in which language, and its words before and after. */
export type GuardedTextChange = { pointer: string; why: string; language: string; before: string | null; after: string | null };

/** The review of a draft's guarded texts, as GET .../content/:documentid answers it (null: no draft). */
export type DraftApproval = {
  /** The guarded texts the draft changes from what employees get now (none: it needs no approval). */
  guardedTexts: GuardedTextChange[];
  /** Who saved the draft last (their e-mail address): they may not approve it. */
  savedBy: string | null;
  /** Whether the staff user asking saved it last. */
  savedByYou: boolean;
  /** The approval that counts for the draft as it is now (null: none; an approval of an earlier save does not count). */
  approvedBy: string | null;
  approvedAt: string | null;
};

/** The data of a 409 APPROVAL_REQUIRED: the guarded texts a second staff member must approve first. */
export type ApprovalRefusal = { guardedTexts: GuardedTextChange[] };
