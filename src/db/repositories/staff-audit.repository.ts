/**
 * The audit trail of staff changes (migration 0010): who, when, what, and the entity before and after. Every staff
 * change calls recordStaffChange with the transaction of the change itself, so a change is never without its record.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { DbOrTx, StaffAuditTable } from '../database.ts';

export type StaffAuditRow = Selectable<StaffAuditTable>;

export type StaffChange = {
  staffId: string;
  /** What was done, a verb: 'create', 'update', 'publish', 'rollback'... */
  action: string;
  /** The kind of thing changed: 'staff_user', 'employer', 'document_override'... */
  entity: string;
  entityId: string;
  /** The entity before the change (null when it did not exist) and after it (null when it no longer exists). */
  before: unknown;
  after: unknown;
};

export type StaffAuditEntry = {
  id: string;
  staffId: string;
  staffEmail: string;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  createdon: string;
};

const jsonOrNull = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export async function recordStaffChange(db: DbOrTx, change: StaffChange): Promise<void> {
  await db
    .insertInto('staff_audit')
    .values({
      id: randomUUID(),
      staff_user_id: change.staffId,
      action: change.action,
      entity: change.entity,
      entity_id: change.entityId,
      before: jsonOrNull(change.before),
      after: jsonOrNull(change.after),
    })
    .execute();
}

/** The newest entries first, optionally of one entity (and one of its ids). */
export async function list(db: DbOrTx, filter: { entity?: string; entityId?: string; limit: number }): Promise<StaffAuditEntry[]> {
  let query = db
    .selectFrom('staff_audit')
    .innerJoin('staff_user', 'staff_user.id', 'staff_audit.staff_user_id')
    .select([
      'staff_audit.id',
      'staff_audit.staff_user_id',
      'staff_user.email',
      'staff_audit.action',
      'staff_audit.entity',
      'staff_audit.entity_id',
      'staff_audit.before',
      'staff_audit.after',
      'staff_audit.createdon',
    ]);
  if (filter.entity) query = query.where('staff_audit.entity', '=', filter.entity);
  if (filter.entityId) query = query.where('staff_audit.entity_id', '=', filter.entityId);
  const rows = await query.orderBy('staff_audit.createdon', 'desc').orderBy('staff_audit.id').limit(filter.limit).execute();
  return rows.map((row) => ({
    id: row.id,
    staffId: row.staff_user_id,
    staffEmail: row.email,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    before: row.before,
    after: row.after,
    createdon: new Date(row.createdon).toISOString(),
  }));
}
