/** The pure rules of the staff second factor (services/staff-access/staff-totp.ts): which codes count, recovery codes. */
import { generate, generateSecret } from 'otplib';
import { describe, expect, it } from 'vitest';
import { newRecoveryCodes, recoveryCodeHash, totpStep } from '#server/services/staff-access/staff-totp.ts';

const secret = generateSecret();
const now = new Date('2026-11-27T12:00:10Z');
const stepOf = (date: Date) => Math.floor(date.getTime() / 30_000);
const codeAt = (date: Date) => generate({ secret, epoch: Math.floor(date.getTime() / 1000) });
const shifted = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('TOTP codes', () => {
  it('takes the current step and one either way, nothing further', async () => {
    expect(await totpStep(secret, await codeAt(now), now, null)).toBe(stepOf(now));
    expect(await totpStep(secret, await codeAt(shifted(-30)), now, null)).toBe(stepOf(now) - 1);
    expect(await totpStep(secret, await codeAt(shifted(30)), now, null)).toBe(stepOf(now) + 1);
    expect(await totpStep(secret, await codeAt(shifted(-60)), now, null)).toBeNull();
    expect(await totpStep(secret, await codeAt(shifted(60)), now, null)).toBeNull();
  });

  it('refuses a code of a step at or before the last one accepted (a replay)', async () => {
    const code = await codeAt(now);
    expect(await totpStep(secret, code, now, stepOf(now))).toBeNull();
    expect(await totpStep(secret, code, now, stepOf(now) - 1)).toBe(stepOf(now));
  });

  it('refuses anything but six digits', async () => {
    const code = await codeAt(now);
    for (const bad of [`${code}0`, code.slice(1), ` ${code}`, 'abcdef', '']) expect(await totpStep(secret, bad, now, null)).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are ten, different, four groups of four unambiguous characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
  });

  it('hash the same whatever the case, spaces or hyphens, and differently per user (the salt)', () => {
    expect(recoveryCodeHash('u1', 'ABCD-EFGH-JKLM-NPQR')).toBe(recoveryCodeHash('u1', 'abcd efgh jklm npqr'));
    expect(recoveryCodeHash('u1', 'ABCD-EFGH-JKLM-NPQR')).not.toBe(recoveryCodeHash('u2', 'ABCD-EFGH-JKLM-NPQR'));
    expect(recoveryCodeHash('u1', 'ABCD-EFGH-JKLM-NPQR')).toMatch(/^[0-9a-f]{64}$/);
  });
});
