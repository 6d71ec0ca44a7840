/**
 * The staff second factor (docs/staff.md "Two-step verification", docs/security.md V2.8): TOTP as authenticator
 * apps compute it (RFC 6238: SHA-1, 6 digits, 30-second steps; otplib), one step of clock drift either way, no
 * code accepted twice (the last accepted step is kept), and 10 recovery codes of 80 random bits each, kept only as
 * their SHA-256 salted with the user's id (random and unique, ASVS 2.6.2) and each good once. The secret is sealed at rest (crypto.ts sealTotpSecret) and shown only while
 * it is being set up. Outcomes are values; the routes turn them into answers.
 */
import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { DbOrTx } from '#db/database.ts';
import * as staffUsers from '#db/repositories/staff/staff-user.repository.ts';
import * as staffSessions from '#db/repositories/staff/staff-session.repository.ts';
import * as consoleSettings from '#db/repositories/staff/staff-console-setting.repository.ts';
import { recordStaffChange } from '#db/repositories/staff/staff-audit.repository.ts';
import { openTotpSecret, sealTotpSecret, sha256 } from '../../security/crypto.ts';
import { representationTag, requireUnchanged, type Precondition } from '../../http/preconditions.ts';

export const TOTP_ISSUER = 'Benefit Portal Staff';
const PERIOD_SECONDS = 30;
/** One step either way: a phone's clock a little off, or a code typed as it turned. */
const DRIFT_SECONDS = PERIOD_SECONDS;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const RECOVERY_LENGTH = 16;

const TOTP_CODE = /^\d{6}$/;

/** What a person sees to set up their app: the otpauth URI, it as a QR code (an SVG data URL) and the secret. */
export type Enrollment = { otpauthUri: string; qrSvg: string; secret: string };

export type ConfirmOutcome = { kind: 'enabled'; recoveryCodes: string[] } | { kind: 'not-started' } | { kind: 'wrong-code' } | { kind: 'enabled-already' };
export type DisableOutcome = { kind: 'disabled' } | { kind: 'not-enabled' } | { kind: 'wrong-code' } | { kind: 'required' };
export type ProofOutcome = { kind: 'totp' } | { kind: 'recovery-code' } | { kind: 'wrong-code' };

/** The time step (30-second period) a TOTP code is good for, within one step of `now`, after `afterStep`; null otherwise. */
export async function totpStep(secret: string, code: string, now: Date, afterStep: number | null): Promise<number | null> {
  if (!TOTP_CODE.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    period: PERIOD_SECONDS,
    epochTolerance: DRIFT_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Ten new recovery codes, as shown once: four groups of four letters and digits (no 0, O, 1 or I). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: RECOVERY_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/**
 * What is stored of a user's recovery code: the SHA-256 of the user's id (the salt) and the code's characters,
 * upper-cased, without spaces or hyphens.
 */
export function recoveryCodeHash(userId: string, code: string): string {
  return sha256(`${userId}:${code.toUpperCase().replace(/[\s-]/g, '')}`);
}

async function enrollmentOf(email: string, secret: string): Promise<Enrollment> {
  const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: email, secret, period: PERIOD_SECONDS });
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUri, qrSvg: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, secret };
}

/** Starts (or starts again) setting up the second factor: a new secret, kept sealed until a code confirms it. */
export async function startEnrollment(db: DbOrTx, key: string, user: { id: string; email: string }): Promise<Enrollment | null> {
  const row = await staffUsers.findById(db, user.id);
  if (!row || row.totp_enabled_at) return null;
  const secret = generateSecret();
  await staffUsers.setPendingTotpSecret(db, user.id, sealTotpSecret(secret, key));
  return enrollmentOf(user.email, secret);
}

/** Turns the second factor on when the code fits the secret being set up; answers the recovery codes (shown once). */
export async function confirmEnrollment(db: DbOrTx, key: string, userId: string, code: string, now: Date): Promise<ConfirmOutcome> {
  return db.transaction().execute(async (tx) => {
    const row = await staffUsers.findById(tx, userId);
    if (!row) return { kind: 'not-started' } as const;
    if (row.totp_enabled_at) return { kind: 'enabled-already' } as const;
    if (!row.totp_pending_secret) return { kind: 'not-started' } as const;
    const step = await totpStep(openTotpSecret(row.totp_pending_secret, key), code, now, null);
    if (step === null) return { kind: 'wrong-code' } as const;
    const recoveryCodes = newRecoveryCodes();
    await staffUsers.enableTotp(tx, userId, {
      sealedSecret: row.totp_pending_secret,
      enabledAt: now,
      lastStep: step,
      recoveryHashes: recoveryCodes.map((recovery) => recoveryCodeHash(userId, recovery)),
    });
    await recordStaffChange(tx, {
      staffId: userId,
      action: 'second-factor-on',
      entity: 'staff_user',
      entityId: userId,
      before: staffUsers.toWire(row),
      after: { ...staffUsers.toWire(row), secondFactor: true },
    });
    return { kind: 'enabled', recoveryCodes } as const;
  });
}

/** Checks a sign-in's second factor: a TOTP code not used before, or an unused recovery code (used up by this). */
export async function proveSecondFactor(db: DbOrTx, key: string, row: staffUsers.StaffUserRow, code: string, now: Date): Promise<ProofOutcome> {
  if (!row.totp_secret) return { kind: 'wrong-code' };
  if (TOTP_CODE.test(code)) {
    const step = await totpStep(openTotpSecret(row.totp_secret, key), code, now, row.totp_last_step);
    return step !== null && (await staffUsers.acceptTotpStep(db, row.id, step)) ? { kind: 'totp' } : { kind: 'wrong-code' };
  }
  return (await staffUsers.useRecoveryCode(db, row.id, recoveryCodeHash(row.id, code))) ? { kind: 'recovery-code' } : { kind: 'wrong-code' };
}

/** The person turns their second factor off, with a current code; refused while an admin requires it. */
export async function disableOwn(db: DbOrTx, key: string, userId: string, code: string, now: Date): Promise<DisableOutcome> {
  return db.transaction().execute(async (tx) => {
    const row = await staffUsers.findById(tx, userId);
    if (!row?.totp_enabled_at) return { kind: 'not-enabled' } as const;
    if ((await consoleSettings.read(tx)).secondFactorRequired) return { kind: 'required' } as const;
    if ((await proveSecondFactor(tx, key, row, code, now)).kind === 'wrong-code') return { kind: 'wrong-code' } as const;
    await staffUsers.clearTotp(tx, userId);
    await recordStaffChange(tx, {
      staffId: userId,
      action: 'second-factor-off',
      entity: 'staff_user',
      entityId: userId,
      before: staffUsers.toWire(row),
      after: { ...staffUsers.toWire(row), secondFactor: false },
    });
    return { kind: 'disabled' } as const;
  });
}

/**
 * An admin resets a staff user's second factor (a lost phone and lost recovery codes): it is off, the user's
 * sessions end, and they set it up again at their next sign-in when it is required.
 */
export async function resetByAdmin(db: DbOrTx, userId: string, actorId: string, now: Date): Promise<staffUsers.StaffUser | null> {
  return db.transaction().execute(async (tx) => {
    const row = await staffUsers.findById(tx, userId);
    if (!row) return null;
    await staffUsers.clearTotp(tx, userId);
    await staffSessions.endAllFor(tx, userId, now);
    const after = { ...staffUsers.toWire(row), secondFactor: false };
    await recordStaffChange(tx, { staffId: actorId, action: 'second-factor-reset', entity: 'staff_user', entityId: userId, before: staffUsers.toWire(row), after });
    return after;
  });
}

export type RequireOutcome = { kind: 'saved'; settings: consoleSettings.StaffConsoleSettings } | { kind: 'actor-without-second-factor' };

/** The tag of the console settings (their ETag), what a change of them names. */
export const settingsTag = (settings: consoleSettings.StaffConsoleSettings) => representationTag(settings);

/**
 * An admin requires a second factor of every staff user (or stops requiring it); `read`: the settings it was made
 * on (their tag). Turning it on needs the admin's own second factor (so they show it works) and ends the sessions
 * of everyone without one: they set it up at their next sign-in.
 */
export async function setSecondFactorRequired(db: DbOrTx, required: boolean, actorId: string, now: Date, read: Precondition): Promise<RequireOutcome> {
  return db.transaction().execute(async (tx) => {
    const before = await consoleSettings.read(tx, true);
    await requireUnchanged(tx, read, settingsTag(before), { name: 'the console settings', entity: 'staff_console_setting', entityId: 'console', actions: ['update'] });
    const actor = await staffUsers.findById(tx, actorId);
    if (required && !actor?.totp_enabled_at) return { kind: 'actor-without-second-factor' } as const;
    const settings = { secondFactorRequired: required };
    await consoleSettings.write(tx, settings);
    if (required && !before.secondFactorRequired) {
      for (const id of await staffUsers.listWithoutTotp(tx)) await staffSessions.endAllFor(tx, id, now);
    }
    await recordStaffChange(tx, { staffId: actorId, action: 'update', entity: 'staff_console_setting', entityId: 'console', before, after: settings });
    return { kind: 'saved', settings } as const;
  });
}
