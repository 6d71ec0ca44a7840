/**
 * Who a person signed in at the staff identity provider is in the console (docs/staff.md, "Staff single sign-on").
 * The role comes from the provider's role claim through STAFF_OIDC_ROLE_MAP (the highest role any of its values
 * maps to); without one, from the console's staff user of the verified e-mail. Nobody else gets in, nor a staff
 * user an admin disabled. A person the claim admits and the console does not know yet becomes a staff user of that
 * role (with a password nobody knows: they sign in through the provider) and all employers until an admin
 * narrows them; a known one whose mapped role changed gets it. Both are in the audit trail, named as their own author (the provider decided, no admin did).
 */
import type { DbOrTx, StaffRole } from '#db/database.ts';
import * as providers from '#db/repositories/sign-in/identity-provider.repository.ts';
import * as staffUsers from '#db/repositories/staff/staff-user.repository.ts';
import { recordStaffChange } from '#db/repositories/staff/staff-audit.repository.ts';
import type { Config, StaffOidcConfig } from '../../config.ts';
import { hashPassword, randomToken } from '../../security/crypto.ts';
import { discover, endSessionUrl, relyingPartyPolicyOf } from '../../oidc/relying-party.ts';
import { staffSignInPageOf } from '../../oidc/urls.ts';
import { STAFF_ROLES } from '#contracts/staff/staff-roles.ts';
import { ALL_EMPLOYERS } from './staff-users.ts';

/** The highest role the role claim's values map to; null without a mapped value (or without a role claim). */
export function mappedRole(claims: Record<string, unknown>, oidc: StaffOidcConfig): StaffRole | null {
  if (!oidc.roleClaim) return null;
  const claimed = claims[oidc.roleClaim];
  const values = (Array.isArray(claimed) ? claimed : [claimed]).filter((value): value is string => typeof value === 'string');
  const roles = values.flatMap((value) => (Object.hasOwn(oidc.roleMap, value) ? [oidc.roleMap[value]!] : []));
  return roles.reduce<StaffRole | null>((best, role) => (best && STAFF_ROLES.indexOf(best) >= STAFF_ROLES.indexOf(role) ? best : role), null);
}

/** Who signs in: the console's staff user of the e-mail (null: not known yet) with the role; or why nobody does. */
export type Admission =
  | { kind: 'admitted'; user: staffUsers.StaffUserRow | null; role: StaffRole }
  | { kind: 'refused'; reason: 'not-staff' | 'staff-user-disabled' };

/** Decides, writing nothing: the staff user of the verified e-mail (if any) and the role they sign in with. */
export async function admission(db: DbOrTx, oidc: StaffOidcConfig, email: string, claims: Record<string, unknown>): Promise<Admission> {
  const existing = await staffUsers.findByEmail(db, email);
  if (existing?.disabled) return { kind: 'refused', reason: 'staff-user-disabled' };
  const role = mappedRole(claims, oidc) ?? existing?.role ?? null;
  if (!role) return { kind: 'refused', reason: 'not-staff' };
  return { kind: 'admitted', user: existing ?? null, role };
}

/** In the sign-in's transaction: the staff user as admitted, created or given the mapped role (audited). */
export async function admittedStaffUser(
  tx: DbOrTx,
  email: string,
  admitted: Extract<Admission, { kind: 'admitted' }>,
  issuer: string,
): Promise<staffUsers.StaffUserRow> {
  if (!admitted.user) {
    const row =
      (await staffUsers.insert(tx, { email, role: admitted.role, passwordHash: await hashPassword(randomToken()), employers: ALL_EMPLOYERS })) ??
      (await staffUsers.findByEmail(tx, email))!;
    await recordStaffChange(tx, {
      staffId: row.id,
      action: 'create-from-identity-provider',
      entity: 'staff_user',
      entityId: row.id,
      before: null,
      after: { ...staffUsers.toWire(row), identityProvider: issuer },
    });
    return row;
  }
  if (admitted.user.role === admitted.role) return admitted.user;
  const row = (await staffUsers.update(tx, admitted.user.id, { role: admitted.role }))!;
  await recordStaffChange(tx, {
    staffId: row.id,
    action: 'role-from-identity-provider',
    entity: 'staff_user',
    entityId: row.id,
    before: staffUsers.toWire(admitted.user),
    after: { ...staffUsers.toWire(row), identityProvider: issuer },
  });
  return row;
}

/**
 * Where the console's Sign Out goes after the session of this token hash ends: the provider's sign-out page when the
 * session was opened through the staff provider and it offers RP-initiated logout; null otherwise (or unreachable).
 */
export async function providerSignOutUrl(db: DbOrTx, config: Config, tokenHash: string, warn: (error: unknown) => void): Promise<string | null> {
  const oidc = config.STAFF_OIDC;
  if (!oidc || !(await providers.isStaffSessionThroughProvider(db, tokenHash))) return null;
  try {
    return endSessionUrl(await discover(oidc, relyingPartyPolicyOf(config)), staffSignInPageOf(config.PUBLIC_URL))?.href ?? null;
  } catch (error) {
    warn(error);
    return null;
  }
}
