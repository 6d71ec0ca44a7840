/**
 * The audit trail (migrations 0010, 0021): who, when, what, and the entity before and after. Every staff change
 * calls recordStaffChange with the transaction of the change itself, so a change is never without its record; every
 * read of personal data calls recordStaffRead before it reads, and every failed staff sign-in recordFailedSignIn.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { AuditedRead, SignInFailure, StaffAuditEntry } from '#contracts/staff/staff-audit.ts';
import type { DbOrTx, StaffAuditTable } from '../../database.ts';
import { containsText, startOfDay } from '../../text-filters.ts';

export type StaffAuditRow = Selectable<StaffAuditTable>;
export type { StaffAuditEntry };

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

const jsonOrNull = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

async function insert(db: DbOrTx, entry: Omit<StaffChange, 'staffId'> & { staffId: string | null }): Promise<void> {
  await db
    .insertInto('staff_audit')
    .values({
      id: randomUUID(),
      staff_user_id: entry.staffId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      before: jsonOrNull(entry.before),
      after: jsonOrNull(entry.after),
    })
    .execute();
}

export async function recordStaffChange(db: DbOrTx, change: StaffChange): Promise<void> {
  await insert(db, change);
}

/**
 * A staff user read personal data: `entityId` is the employer's accountid when the read is of one employer ('' when
 * not), `filters` what narrowed it. The caller leaves out of `filters` any personal data (a name or an e-mail typed
 * to find someone), so the trail never holds what it records the reading of.
 */
export async function recordStaffRead(db: DbOrTx, read: { staffId: string; entity: AuditedRead; entityId: string; filters: Record<string, unknown> }): Promise<void> {
  await insert(db, { staffId: read.staffId, action: 'read', entity: read.entity, entityId: read.entityId, before: null, after: { filters: read.filters } });
}

/**
 * A failed staff sign-in: the staff user whose address was given (null when no staff user has it), the address
 * (null when it is a member's: the trail holds no member's personal data) and why. Never the password.
 */
export async function recordFailedSignIn(db: DbOrTx, failure: { staffId: string | null; email: string | null; reason: SignInFailure }): Promise<void> {
  await insert(db, {
    staffId: failure.staffId,
    action: 'sign-in-failed',
    entity: 'staff_user',
    entityId: failure.staffId ?? '',
    before: null,
    after: { email: failure.email, reason: failure.reason },
  });
}

/** Which entries to list: each given filter narrows; `from` and `to` are days (UTC), both included. */
export type StaffAuditFilter = {
  /** Part of the staff user's e-mail address (or of the address tried at a failed sign-in by nobody known). */
  who?: string;
  entity?: string;
  entityId?: string;
  from?: string;
  to?: string;
  limit: number;
  /** Only the entries of these employers (null: every entry, those of no employer too). */
  employers?: string[] | null;
};

/** The newest entries first, with the staff user's e-mail and the employer's name where the entity is of one. */
export async function list(db: DbOrTx, filter: StaffAuditFilter): Promise<StaffAuditEntry[]> {
  let query = db
    .selectFrom('staff_audit')
    .leftJoin('staff_user', 'staff_user.id', 'staff_audit.staff_user_id')
    // An employer's own entries have its accountid as the id; its documents' '<accountid>/<documentid>'.
    .leftJoin('employer', (join) => join.on(sql<boolean>`cast(employer.accountid as text) = split_part(staff_audit.entity_id, '/', 1)`))
    .select([
      'staff_audit.id',
      'staff_audit.staff_user_id',
      'staff_user.email',
      'staff_audit.action',
      'staff_audit.entity',
      'staff_audit.entity_id',
      'employer.accountname',
      'staff_audit.before',
      'staff_audit.after',
      'staff_audit.createdon',
    ]);
  if (filter.employers) {
    const employers = filter.employers;
    query = employers.length === 0 ? query.where(sql<boolean>`false`) : query.where('employer.accountid', 'in', employers);
  }
  if (filter.who) query = query.where(containsText(sql<string>`coalesce(staff_user.email, staff_audit.after->>'email')`, filter.who));
  if (filter.entity) query = query.where('staff_audit.entity', '=', filter.entity);
  if (filter.entityId) query = query.where('staff_audit.entity_id', '=', filter.entityId);
  if (filter.from) query = query.where('staff_audit.createdon', '>=', startOfDay(filter.from));
  if (filter.to) query = query.where('staff_audit.createdon', '<', startOfDay(filter.to, 1));
  const rows = await query.orderBy('staff_audit.createdon', 'desc').orderBy('staff_audit.id').limit(filter.limit).execute();
  return rows.map((row) => ({
    id: row.id,
    staffId: row.staff_user_id,
    staffEmail: row.email,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    employerName: row.accountname,
    before: row.before,
    after: row.after,
    createdon: new Date(row.createdon).toISOString(),
  }));
}

/**
 * The newest change of an entity by one of `actions`: who made it (their e-mail address; null when the staff user
 * is gone) and when. What a refused stale write names as the change it did not see.
 */
export async function lastChange(db: DbOrTx, entity: string, entityId: string, actions: readonly string[]): Promise<{ staffEmail: string | null; createdon: Date } | undefined> {
  if (actions.length === 0) return undefined;
  const row = await db
    .selectFrom('staff_audit')
    .leftJoin('staff_user', 'staff_user.id', 'staff_audit.staff_user_id')
    .select(['staff_user.email', 'staff_audit.createdon'])
    .where('staff_audit.entity', '=', entity)
    .where('staff_audit.entity_id', '=', entityId)
    .where('staff_audit.action', 'in', [...actions])
    .orderBy('staff_audit.createdon', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { staffEmail: row.email, createdon: new Date(row.createdon) };
}
