/**
 * The wire shapes of an employer's identity provider in the staff console (/api/staff/employers/{accountid}/
 * identity-provider; docs/staff.md, "An employer's identity provider"). TypeBox
 * (docs/decisions/038-route-schemas-are-their-types.md).
 */
import { Type, type Static } from 'typebox';
import { OneOf } from '../wire-schema.ts';

const Text = (maxLength: number, options: object = {}) => Type.String({ minLength: 1, maxLength, pattern: '\\S', ...options });
const DOMAIN = '^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$';
/**
 * 'census': only the employer's members (imported or registered); 'open': the same, and an unknown person of an
 * allowed domain is told to register with the link first (nobody registers without accepting the terms).
 */
const Registration = OneOf('string', ['census', 'open']);

/** What PUT .../identity-provider takes. */
export const StaffIdentityProviderInputSchema = Type.Object(
  {
    /** The name the sign-in button shows: 'Sign in with <displayName>'. */
    displayName: Text(100, { description: 'The name the sign-in button gives the provider' }),
    /** The provider's issuer URL; its /.well-known/openid-configuration is read (https only). */
    issuer: Type.String({ minLength: 1, maxLength: 500, description: 'The issuer URL: https (http only on loopback when OIDC_ALLOW_HTTP_LOOPBACK is on)' }),
    clientId: Text(200),
    /** Write-only: stored sealed and never answered. */
    clientSecret: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'Write-only: required the first time; absent keeps the stored one' })),
    emailClaim: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$', description: "The ID token claim with the e-mail ('email')" }),
    allowedDomains: Type.Array(Type.String({ maxLength: 253, pattern: DOMAIN }), { minItems: 1, maxItems: 50, description: 'Lower-case domains, without @' }),
    registration: Registration,
  },
  { additionalProperties: false },
);
export type StaffIdentityProviderInput = Static<typeof StaffIdentityProviderInputSchema>;

/** The answer of GET/PUT .../identity-provider: the settings without the secret, and what to register at the provider. */
export const StaffIdentityProviderSchema = Type.Object({
  displayName: Type.String(),
  issuer: Type.String(),
  clientId: Type.String(),
  clientSecretSet: Type.Boolean({ description: 'The secret itself is never answered' }),
  emailClaim: Type.String(),
  allowedDomains: Type.Array(Type.String()),
  registration: Registration,
  redirectUri: Type.String({ description: 'To register for the client at the provider' }),
  postLogoutRedirectUri: Type.String({ description: 'To register at the provider for RP-initiated logout' }),
});
export type StaffIdentityProvider = Static<typeof StaffIdentityProviderSchema>;

/** The answer of POST .../identity-provider/test. */
export const StaffIdentityProviderTestSchema = Type.Object({ ok: Type.Boolean(), message: Type.String() });
export type StaffIdentityProviderTest = Static<typeof StaffIdentityProviderTestSchema>;
