/**
 * The wire shapes of the audit trail (GET /api/staff/audit; docs/staff.md, The audit trail). TypeBox
 * (docs/decisions/038-route-schemas-are-their-types.md).
 */
import { Type, type Static } from 'typebox';
import { Nullable, Uuid } from '../wire-schema.ts';

/** The entities a staff user reads personal data of; each read is recorded with the action 'read'. */
export const AUDITED_READS = ['employees', 'enrollment_report', 'payroll_report', 'event_log', 'staff_audit'] as const;
export type AuditedRead = (typeof AUDITED_READS)[number];

/** Why a staff sign-in failed, as recorded (action 'sign-in-failed', entity 'staff_user'). */
export type SignInFailure = 'wrong-password' | 'wrong-code' | 'disabled' | 'locked' | 'unknown-email' | 'member-email';

const Anything = Type.Unknown({ description: 'The entity as it was (before) or became (after); null when it did not or no longer exists.' });

/** One entry of the audit trail, newest first. */
export const StaffAuditEntrySchema = Type.Object({
  id: Uuid,
  staffId: Nullable(Type.String({ ...Uuid, description: 'Null for a failed sign-in with an address no staff user has' })),
  staffEmail: Nullable(Type.String()),
  action: Type.String({ description: "'create', 'update', 'publish', 'read', 'sign-in-failed'..." }),
  entity: Type.String(),
  entityId: Type.String(),
  employerName: Nullable(Type.String({ description: "The employer's name when the entity id (or its part before '/') is its accountid" })),
  before: Anything,
  after: Anything,
  createdon: Type.String(),
});
export type StaffAuditEntry = Static<typeof StaffAuditEntrySchema>;
