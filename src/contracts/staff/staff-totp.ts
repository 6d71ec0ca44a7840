/**
 * The wire shapes of the staff second factor (/api/staff/login/second-factor, .../login/totp/..., /api/staff/me/totp...,
 * /api/staff/users/{id}/totp) and the console settings (/api/staff/settings). TypeBox
 * (docs/decisions/038-route-schemas-are-their-types.md).
 */
import { Type, type Static } from 'typebox';
import { Nullable } from '../wire-schema.ts';
import { StaffIdentitySchema } from './staff-auth.ts';

/** A code from the authenticator app, or a recovery code. */
export const SecondFactorCodeSchema = Type.Object(
  { code: Type.String({ minLength: 6, maxLength: 40, pattern: '^[A-Za-z0-9 -]+$' }) },
  { additionalProperties: false },
);
export type SecondFactorCode = Static<typeof SecondFactorCodeSchema>;

/** Setting up two-step verification: the otpauth URI, the QR code (an SVG data URL), the secret to type in. */
export const TotpEnrollmentSchema = Type.Object({ otpauthUri: Type.String(), qrSvg: Type.String(), secret: Type.String() });
export type TotpEnrollment = Static<typeof TotpEnrollmentSchema>;

const RecoveryCodes = Type.Array(Type.String());

/** A sign-in finished with its second factor. */
export const SecondFactorSignInSchema = Type.Object({ staff: StaffIdentitySchema });
/** A sign-in finished by setting the second factor up: the recovery codes, shown only now. */
export const TotpSetUpSignInSchema = Type.Object({ staff: StaffIdentitySchema, recoveryCodes: RecoveryCodes });
/** The set-up confirmed while signed in: the recovery codes, shown only now. */
export const TotpRecoveryCodesSchema = Type.Object({ recoveryCodes: RecoveryCodes });
export type TotpRecoveryCodes = Static<typeof TotpRecoveryCodesSchema>;

export const TotpStatusSchema = Type.Object({
  enabled: Type.Boolean(),
  enabledAt: Nullable(Type.String()),
  recoveryCodesLeft: Type.Integer(),
  required: Type.Boolean(),
});
export type TotpStatus = Static<typeof TotpStatusSchema>;

const consoleSettingsFields = { secondFactorRequired: Type.Boolean() };
export const ConsoleSettingsSchema = Type.Object(consoleSettingsFields);
export type ConsoleSettings = Static<typeof ConsoleSettingsSchema>;
/** PATCH /api/staff/settings. */
export const ConsoleSettingsInputSchema = Type.Object(consoleSettingsFields, { additionalProperties: false });
