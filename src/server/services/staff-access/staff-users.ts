/**
 * Creating and changing staff users, shared by the admin routes and `npm run staff:create`. Outcomes are values:
 * the caller turns them into an answer or a printed line. Staff passwords are held to more than members' (the
 * spec's composition rule does not bind the console): at least 12 characters (ASVS 2.1.1) and not guessable
 * (zxcvbn score 3 or more, as members' passwords).
 */
import type { FieldErrors } from '#contracts/api.ts';
import type { DbOrTx, StaffRole } from '#db/database.ts';
import * as staffUsers from '#db/repositories/staff/staff-user.repository.ts';
import * as staffSessions from '#db/repositories/staff/staff-session.repository.ts';
import { recordStaffChange } from '#db/repositories/staff/staff-audit.repository.ts';
import { zxcvbnScore } from '#product/zxcvbn-score.ts';
import { hashPassword } from '../../security/crypto.ts';
import { representationTag, requireUnchanged, type Precondition } from '../../http/preconditions.ts';

export const STAFF_PASSWORD_MIN_LENGTH = 12;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type NewStaffUser = { email: string; role: StaffRole; password: string };

export type CreateOutcome =
  | { kind: 'created'; user: staffUsers.StaffUser }
  | { kind: 'invalid'; fieldErrors: FieldErrors }
  | { kind: 'taken' };

export type UpdateOutcome =
  | { kind: 'updated'; user: staffUsers.StaffUser }
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

/**
 * Creates a staff user and records it. `actorId` is the admin who did it; null at the command line, where the
 * record names the new user as its own author (there is no one else to name).
 */
export async function createStaffUser(db: DbOrTx, input: NewStaffUser, actorId: string | null): Promise<CreateOutcome> {
  const fieldErrors = newStaffUserProblems(input);
  if (Object.keys(fieldErrors).length > 0) return { kind: 'invalid', fieldErrors };
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (tx) => {
    const row = await staffUsers.insert(tx, { email: input.email, role: input.role, passwordHash });
    if (!row) return { kind: 'taken' } as const;
    const user = staffUsers.toWire(row);
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
 * Changes a staff user's role or disables them (their sessions end at once). Refused when it would leave no
 * enabled admin, so the console can never lock its admins out.
 */
/**
 * The tag of a staff user's access, what a change of it names (If-Match): their role and whether they are
 * disabled, the two things PATCH changes (their second factor changes by itself, leaving the tag).
 */
export const accessTag = (user: { role: StaffRole; disabled: boolean }) => representationTag({ role: user.role, disabled: user.disabled });

/** Changes a staff user's role or access; `read`: the access it was made on (its tag). */
export async function updateStaffUser(
  db: DbOrTx,
  id: string,
  change: { role?: StaffRole; disabled?: boolean },
  actorId: string,
  now: Date,
  read: Precondition,
): Promise<UpdateOutcome> {
  return db.transaction().execute(async (tx) => {
    // Serializes admin changes, so two admins demoting each other at once cannot both succeed.
    const admins = await tx.selectFrom('staff_user').select(['id']).where('role', '=', 'admin').where('disabled', '=', false).forUpdate().execute();
    const row = await staffUsers.findByIdForUpdate(tx, id);
    if (!row) return { kind: 'not-found' } as const;
    await requireUnchanged(tx, read, accessTag(row), { name: `the access of ${row.email}`, entity: 'staff_user', entityId: id, actions: ['create', 'update'] });
    const wasAdmin = row.role === 'admin' && !row.disabled;
    const stillAdmin = (change.role ?? row.role) === 'admin' && !(change.disabled ?? row.disabled);
    if (wasAdmin && !stillAdmin && admins.length <= 1) return { kind: 'last-admin' } as const;
    const updated = await staffUsers.update(tx, id, change);
    if (!updated) return { kind: 'not-found' } as const;
    if (updated.disabled && !row.disabled) await staffSessions.endAllFor(tx, id, now);
    const user = staffUsers.toWire(updated);
    await recordStaffChange(tx, { staffId: actorId, action: 'update', entity: 'staff_user', entityId: id, before: staffUsers.toWire(row), after: user });
    return { kind: 'updated', user } as const;
  });
}
