/**
 * Creating and changing staff users, shared by the admin routes and `npm run staff:create`. Outcomes are values:
 * the caller turns them into an answer or a printed line. Staff passwords are held to more than members' (the
 * spec's composition rule does not bind the console): at least 12 characters (ASVS 2.1.1) and not guessable
 * (zxcvbn score 3 or more, as members' passwords). A staff user's employers (docs/staff.md, Staff users) are part of
 * their access: given at creation (all when not said, as before there were assignments) and changed like their role, with the before and after in
 * the audit trail.
 */
import type { FieldErrors } from '#contracts/api.ts';
import type { StaffUserChange } from '#contracts/staff/staff-users.ts';
import type { DbOrTx, StaffRole } from '#db/database.ts';
import * as staffUsers from '#db/repositories/staff/staff-user.repository.ts';
import * as staffSessions from '#db/repositories/staff/staff-session.repository.ts';
import { recordStaffChange } from '#db/repositories/staff/staff-audit.repository.ts';
import { zxcvbnScore } from '#product/zxcvbn-score.ts';
import { hashPassword } from '../../security/crypto.ts';
import { representationTag, requireUnchanged, type Precondition } from '../../http/preconditions.ts';

export const STAFF_PASSWORD_MIN_LENGTH = 12;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type NewStaffUser = { email: string; role: StaffRole; password: string; employers?: staffUsers.EmployerAccess };
/** A staff user as the admin screens show them: with their employers. */
export type StaffUserWithAccess = staffUsers.StaffUser & { employers: staffUsers.EmployerAccess };
/**
 * What a new staff user is given when nobody says (the command line, the staff identity provider, an API call
 * without `employers`): every employer, the access staff had before assignments; an admin narrows it.
 */
export const ALL_EMPLOYERS: staffUsers.EmployerAccess = { all: true, accountids: [] };

export type CreateOutcome =
  | { kind: 'created'; user: StaffUserWithAccess }
  | { kind: 'invalid'; fieldErrors: FieldErrors }
  | { kind: 'taken' };

export type UpdateOutcome =
  | { kind: 'updated'; user: StaffUserWithAccess }
  | { kind: 'invalid'; fieldErrors: FieldErrors }
  | { kind: 'not-found' }
  | { kind: 'last-admin' };

/** What is wrong with a new staff user's e-mail address and password, by field (empty when nothing). */
export function newStaffUserProblems(input: { email: string; password: string }): FieldErrors {
  const problems: FieldErrors = {};
  if (!EMAIL.test(input.email.trim()) || input.email.length > 254) problems['/email'] = ['Enter a valid e-mail address.'];
  if (input.password.length < STAFF_PASSWORD_MIN_LENGTH) {
    problems['/password'] = [`A staff password needs at least ${STAFF_PASSWORD_MIN_LENGTH} characters.`];
  } else if (zxcvbnScore(input.password) < 3) {
    problems['/password'] = ['This password is too easy to guess; add more words or characters.'];
  }
  return problems;
}

/** The employers of `access` no employer has, as a problem of the field (empty when every one is an employer). */
async function unknownEmployers(db: DbOrTx, access: staffUsers.EmployerAccess | undefined): Promise<FieldErrors> {
  if (!access || access.accountids.length === 0) return {};
  const known = await db.selectFrom('employer').select('accountid').where('accountid', 'in', access.accountids).execute();
  const unknown = access.accountids.filter((id) => !known.some((row) => row.accountid === id));
  return unknown.length === 0 ? {} : { '/employers/accountids': [`There is no employer ${unknown.join(', ')}.`] };
}

/** A staff user with their employers as stored. */
export async function withEmployers(db: DbOrTx, row: staffUsers.StaffUserRow): Promise<StaffUserWithAccess> {
  return { ...staffUsers.toWire(row), employers: await staffUsers.employerAccessOf(db, row) };
}

/** Every staff user with their employers, by e-mail address. */
export async function listStaffUsers(db: DbOrTx): Promise<StaffUserWithAccess[]> {
  const rows = await staffUsers.list(db);
  const access = await staffUsers.employerAccessOfAll(db, rows);
  return rows.map((row) => ({ ...staffUsers.toWire(row), employers: access.get(row.id)! }));
}

/**
 * Creates a staff user and records it. `actorId` is the admin who did it; null at the command line, where the
 * record names the new user as its own author (there is no one else to name).
 */
export async function createStaffUser(db: DbOrTx, input: NewStaffUser, actorId: string | null): Promise<CreateOutcome> {
  const fieldErrors = { ...newStaffUserProblems(input), ...(await unknownEmployers(db, input.employers)) };
  if (Object.keys(fieldErrors).length > 0) return { kind: 'invalid', fieldErrors };
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (tx) => {
    const row = await staffUsers.insert(tx, { email: input.email, role: input.role, passwordHash, employers: input.employers ?? ALL_EMPLOYERS });
    if (!row) return { kind: 'taken' } as const;
    const user = await withEmployers(tx, row);
    await recordStaffChange(tx, {
      staffId: actorId ?? row.id,
      action: actorId ? 'create' : 'create-from-command-line',
      entity: 'staff_user',
      entityId: row.id,
      before: null,
      after: user,
    });
    return { kind: 'created', user } as const;
  });
}

/**
 * The tag of a staff user's access, what a change of it names (If-Match): their role, whether they are disabled and
 * their employers, the things PATCH changes (their second factor changes by itself, leaving the tag).
 */
export const accessTag = (user: Pick<StaffUserWithAccess, 'role' | 'disabled' | 'employers'>) =>
  representationTag({ role: user.role, disabled: user.disabled, employers: user.employers });

/** What PATCH changes of a staff user: their role, whether they are disabled, their employers. */

/**
 * Changes a staff user's role, employers, or disables them (their sessions end at once); `read`: the access it was
 * made on (its tag). Refused when it would leave no enabled admin, so the console can never lock its admins out.
 */
export async function updateStaffUser(
  db: DbOrTx,
  id: string,
  { employers, ...change }: StaffUserChange,
  actorId: string,
  now: Date,
  read: Precondition,
): Promise<UpdateOutcome> {
  const fieldErrors = await unknownEmployers(db, employers);
  if (Object.keys(fieldErrors).length > 0) return { kind: 'invalid', fieldErrors };
  return db.transaction().execute(async (tx) => {
    // Serializes admin changes, so two admins demoting each other at once cannot both succeed.
    const admins = await tx.selectFrom('staff_user').select(['id']).where('role', '=', 'admin').where('disabled', '=', false).forUpdate().execute();
    const row = await staffUsers.findByIdForUpdate(tx, id);
    if (!row) return { kind: 'not-found' } as const;
    const before = await withEmployers(tx, row);
    await requireUnchanged(tx, read, accessTag(before), { name: `the access of ${row.email}`, entity: 'staff_user', entityId: id, actions: ['create', 'update'] });
    const wasAdmin = row.role === 'admin' && !row.disabled;
    const stillAdmin = (change.role ?? row.role) === 'admin' && !(change.disabled ?? row.disabled);
    if (wasAdmin && !stillAdmin && admins.length <= 1) return { kind: 'last-admin' } as const;
    const updated = Object.keys(change).length > 0 ? await staffUsers.update(tx, id, change) : row;
    if (!updated) return { kind: 'not-found' } as const;
    if (employers) await staffUsers.setEmployerAccess(tx, id, employers);
    if (updated.disabled && !row.disabled) await staffSessions.endAllFor(tx, id, now);
    const user = await withEmployers(tx, (await staffUsers.findById(tx, id))!);
    await recordStaffChange(tx, { staffId: actorId, action: 'update', entity: 'staff_user', entityId: id, before, after: user });
    return { kind: 'updated', user } as const;
  });
}
