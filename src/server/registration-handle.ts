/**
 * Register's answer for an e-mail with a pending registration carries this handle instead of the member id: a JWE
 * (dir, A256GCM, key derived from TOKEN_SECRET) that only this server can read, valid HANDLE_SECONDS. With it the
 * already-registered modal can resend the invitation or withdraw the pending registration without the browser
 * ever learning a member id. docs/security.md, V2 (enumeration).
 */
import { hkdfSync } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import type { Config } from './config.ts';

export const HANDLE_SECONDS = 10 * 60;
const PURPOSE = 'pending-registration';

const key = (config: Config) =>
  new Uint8Array(hkdfSync('sha256', config.TOKEN_SECRET, 'benefit-portal', 'registration-handle', 32));

export async function sealRegistrationHandle(config: Config, memberId: string, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new EncryptJWT({ purpose: PURPOSE })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setSubject(memberId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + HANDLE_SECONDS)
    .encrypt(key(config));
}

/** The member id of a good, unexpired handle; null otherwise. */
export async function openRegistrationHandle(config: Config, handle: string): Promise<string | null> {
  try {
    const { payload } = await jwtDecrypt(handle, key(config));
    return payload.purpose === PURPOSE && typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}
