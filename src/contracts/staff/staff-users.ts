/**
 * The wire shapes of the staff users (admin: /api/staff/users) and the audit trail's query (/api/staff/audit; the
 * entries are staff-audit.ts). TypeBox (docs/decisions/038-route-schemas-are-their-types.md).
 */
import { Type, type Static } from 'typebox';
import { FilterDay, Uuid } from '../wire-schema.ts';
import { StaffRoleSchema } from './staff-auth.ts';

/**
 * The employers an implementer or viewer may see and change: every one (those created later too), or those listed.
 * What is stored for an admin is kept for a later change of role, but an admin sees every employer whatever it says.
 */
export const EmployerAccessSchema = Type.Object(
  { all: Type.Boolean(), accountids: Type.Array(Uuid, { maxItems: 1000, uniqueItems: true }) },
  {
    additionalProperties: false,
    description:
      'The employers an implementer or viewer may see and change: all (those created later too), or the accountids listed. Admins see every employer whatever it says',
  },
);
export type EmployerAccess = Static<typeof EmployerAccessSchema>;

/**
 * A staff user as staff see them (never the password hash nor anything of the second factor but whether it is on);
 * `etag`: the version of their role and access, which a change of them names (If-Match), in the list and a change's answer.
 */
export const StaffUserSchema = Type.Object({
  id: Uuid,
  email: Type.String(),
  role: StaffRoleSchema,
  disabled: Type.Boolean(),
  secondFactor: Type.Boolean(),
  createdon: Type.String(),
  employers: EmployerAccessSchema,
  etag: Type.Optional(
    Type.String({ description: "The version of the user's role and access (their employers too): what PATCH names in If-Match (in the list and a change's answer)" }),
  ),
});
export type StaffUser = Static<typeof StaffUserSchema>;

/** POST /api/staff/users: employers all when absent. */
export const StaffUserCreateSchema = Type.Object(
  { email: Type.String({ maxLength: 254 }), role: StaffRoleSchema, password: Type.String({ maxLength: 200 }), employers: Type.Optional(EmployerAccessSchema) },
  { additionalProperties: false },
);
export type StaffUserCreate = Static<typeof StaffUserCreateSchema>;

/** PATCH /api/staff/users/{id}: a role, disabled or employers, at least one. */
export const StaffUserChangeSchema = Type.Object(
  { role: Type.Optional(StaffRoleSchema), disabled: Type.Optional(Type.Boolean()), employers: Type.Optional(EmployerAccessSchema) },
  { additionalProperties: false, minProperties: 1 },
);
export type StaffUserChange = Static<typeof StaffUserChangeSchema>;

export const AUDIT_DEFAULT_LIMIT = 100;
export const AUDIT_MAX_LIMIT = 500;

/** GET /api/staff/audit's filters: who (part of the e-mail address), entity, its id, days (from and to included). */
export const StaffAuditQuerySchema = Type.Object(
  {
    who: Type.Optional(Type.String({ minLength: 1, maxLength: 320 })),
    entity: Type.Optional(Type.String({ maxLength: 100 })),
    entityid: Type.Optional(Type.String({ maxLength: 200 })),
    from: Type.Optional(FilterDay),
    to: Type.Optional(FilterDay),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_MAX_LIMIT })),
  },
  { additionalProperties: false },
);
export type StaffAuditQuery = Static<typeof StaffAuditQuerySchema>;
