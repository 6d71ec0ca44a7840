/**
 * The wire shapes of the staff sign-in (POST /api/staff/login, /api/staff/logout, GET /api/staff/me). TypeBox: each schema is what its route validates and serializes with, and its
 * Static<> type (docs/decisions/038-route-schemas-are-their-types.md).
 */
import { Type, type Static } from 'typebox';
import { Nullable, OneOf, Uuid } from '../wire-schema.ts';
import { STAFF_ROLES } from './staff-roles.ts';

export const StaffRoleSchema = OneOf('string', STAFF_ROLES);

/** The signed-in staff user, as the sign-in and its second step answer it. */
export const StaffIdentitySchema = Type.Object({ id: Uuid, email: Type.String(), role: StaffRoleSchema });
export type StaffIdentity = Static<typeof StaffIdentitySchema>;

/** GET /api/staff/me: `allEmployers`, whether they see every employer (an admin, or a user assigned all). */
export const StaffMeSchema = Type.Object({ ...StaffIdentitySchema.properties, allEmployers: Type.Boolean() });
export type StaffMe = Static<typeof StaffMeSchema>;

export const StaffLoginSchema = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 320 }), password: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type StaffLogin = Static<typeof StaffLoginSchema>;

/** What the sign-in answers: a session (staff), or the second factor still due (a code, or its set-up). */
export const StaffSignInSchema = Type.Object({
  staff: Type.Optional(StaffIdentitySchema),
  secondFactor: Type.Optional(OneOf('string', ['required', 'enroll'])),
});
export type StaffSignIn = Static<typeof StaffSignInSchema>;

/** Where Sign Out goes next: the staff identity provider's sign-out page (null: nowhere but the console's sign-in). */
export const StaffSignOutSchema = Nullable(Type.Object({ url: Type.String() }));
export type StaffSignOut = Static<typeof StaffSignOutSchema>;
