/**
 * The wire shapes of the audit trail (GET /api/staff/audit; docs/staff.md, The audit trail). Imports nothing.
 */

/** The entities a staff user reads personal data of; each read is recorded with the action 'read'. */
export const AUDITED_READS = ['employees', 'enrollment_report', 'payroll_report', 'event_log', 'staff_audit'] as const;
export type AuditedRead = (typeof AUDITED_READS)[number];

/** Why a staff sign-in failed, as recorded (action 'sign-in-failed', entity 'staff_user'). */
export type SignInFailure = 'wrong-password' | 'wrong-code' | 'disabled' | 'locked' | 'unknown-email' | 'member-email';

/** One entry of the audit trail, newest first. */
export type StaffAuditEntry = {
  id: string;
  /** Null for a failed sign-in with an address no staff user has. */
  staffId: string | null;
  staffEmail: string | null;
  /** 'create', 'update', 'publish', 'read', 'sign-in-failed'... */
  action: string;
  entity: string;
  entityId: string;
  /** The employer's name when the entity id (or its part before '/') is an employer's accountid. */
  employerName: string | null;
  before: unknown;
  after: unknown;
  createdon: string;
};
