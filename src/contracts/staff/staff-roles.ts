/** The staff roles, from the least to the most a role may do (plugins/staff-auth.plugin.ts ranks them). Imports nothing. */
export const STAFF_ROLES = ['viewer', 'implementer', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
