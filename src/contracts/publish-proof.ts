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

/** A guarded text a version changes, and a draft's review of them: declared with the document editor's calls. */
import type { GuardedTextChange } from './staff/staff-content.ts';
export type { DraftApproval, GuardedTextChange } from './staff/staff-content.ts';

/** The data of a 409 APPROVAL_REQUIRED: the guarded texts a second staff member must approve first. */
export type ApprovalRefusal = { guardedTexts: GuardedTextChange[] };
