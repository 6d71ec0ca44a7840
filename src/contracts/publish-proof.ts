/**
 * The wire shapes of what stands between a draft and its publish (docs/staff.md): a publish the proof refuses
 * (400 PROOF_FAILED, data { problems }), each reason employees would be stopped or misled, naming its case, step
 * and field, with the sentence the console shows; and the guarded texts a second staff member must approve first
 * (409 APPROVAL_REQUIRED, data { guardedTexts }; the draft's review). Imports nothing.
 */

/** One reason employees would be stopped or misled: where (case, step, field) and why, in sentences. */
export type ProofProblem = {
  /** The first case it happens in (null: every case, e.g. a screen out of its place). */
  case: string | null;
  /** Every case it happens in (none: every case). */
  cases: string[];
  /** The step's title as the employee reads it ('Shopping and Cart › Your Cart'); null for the flow as a whole. */
  step: string | null;
  stepId: string | null;
  /** The field's title ('SSN', 'Dependent #1: Student ID'); null for a step's or the flow's problem. */
  field: string | null;
  /** The document at fault and the pointer into it (null: no single place of it). */
  document: string;
  pointer: string | null;
  /** A sample employee it happens to (the first), when it depends on who enrolls. */
  employee: string | null;
  message: string;
};

/** A problem as a refused publish answers it: with its one sentence (where, then why). */
export type ProvenProblem = ProofProblem & { sentence: string };

/** The data of a 400 PROOF_FAILED. */
export type ProofRefusal = { problems: ProvenProblem[] };

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
