/**
 * The wire shapes of the staff sign-in through the staff identity provider (/api/staff/oidc...; docs/security.md).
 * TypeBox (docs/decisions/038-route-schemas-are-their-types.md).
 */
import { Type, type Static } from 'typebox';
import { Nullable } from '../wire-schema.ts';

/** The staff identity provider as the console's sign-in page names it (null: none set up). */
export const StaffIdentityProviderNameSchema = Nullable(Type.Object({ displayName: Type.String() }));
export type StaffIdentityProviderName = Static<typeof StaffIdentityProviderNameSchema>;

/** An answer that is only a redirect (302), described. */
export const Redirect = (description: string) => Type.Null({ description });
