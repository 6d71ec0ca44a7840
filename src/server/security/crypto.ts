/**
 * Secrets at rest: SSNs encrypted with AES-256-GCM (SSN_KEY), passwords hashed with argon2id, one-time tokens
 * (set-password, reset, refresh) stored only as their SHA-256, mail bodies in the outbox (they carry links with
 * those tokens), staff users' TOTP secrets, employers' identity-provider client secrets and the sign-in material of
 * an OpenID Connect sign-in on its way (the PKCE verifier) encrypted with AES-256-GCM under keys derived
 * from SSN_KEY.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const VERSION = 'v1';

function ssnKey(keyBase64: string): Buffer {
  const key = Buffer.from(keyBase64, 'base64');
  if (key.length !== 32) throw new Error('SSN_KEY must be 32 bytes.');
  return key;
}

type SealPurpose = 'mail-outbox' | 'staff-totp' | 'oidc-client-secret' | 'oidc-sign-in';

/** A key of its own for each kind of sealed text, derived from SSN_KEY (one key to keep, none used twice). */
const derivedKey = (keyBase64: string, purpose: SealPurpose) =>
  Buffer.from(hkdfSync('sha256', ssnKey(keyBase64), 'benefit-portal', purpose, 32));

function seal(text: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

function open(stored: string, key: Buffer, what: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error(`Unknown ${what} format.`);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** A mail body as stored in the outbox: `v1.<iv>.<tag>.<ciphertext>` under the outbox key (derived from SSN_KEY). */
export function sealMailBody(text: string, keyBase64: string): string {
  return seal(text, derivedKey(keyBase64, 'mail-outbox'));
}

export function openMailBody(stored: string, keyBase64: string): string {
  return open(stored, derivedKey(keyBase64, 'mail-outbox'), 'mail body');
}

/** A staff user's TOTP secret as stored: `v1.<iv>.<tag>.<ciphertext>` under a key derived from SSN_KEY. */
export function sealTotpSecret(secret: string, keyBase64: string): string {
  return seal(secret, derivedKey(keyBase64, 'staff-totp'));
}

export function openTotpSecret(stored: string, keyBase64: string): string {
  return open(stored, derivedKey(keyBase64, 'staff-totp'), 'TOTP secret');
}

/** An employer's identity-provider client secret as stored: `v1.<iv>.<tag>.<ciphertext>` under its own derived key. */
export function sealClientSecret(secret: string, keyBase64: string): string {
  return seal(secret, derivedKey(keyBase64, 'oidc-client-secret'));
}

export function openClientSecret(stored: string, keyBase64: string): string {
  return open(stored, derivedKey(keyBase64, 'oidc-client-secret'), 'client secret');
}

/** What an OpenID Connect sign-in on its way keeps server-side (the PKCE verifier), sealed. */
export function sealSignInSecret(text: string, keyBase64: string): string {
  return seal(text, derivedKey(keyBase64, 'oidc-sign-in'));
}

export function openSignInSecret(stored: string, keyBase64: string): string {
  return open(stored, derivedKey(keyBase64, 'oidc-sign-in'), 'sign-in secret');
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts; a fresh IV each time. */
export function encryptSsn(ssn: string, keyBase64: string): string {
  return seal(ssn, ssnKey(keyBase64));
}

export function decryptSsn(stored: string, keyBase64: string): string {
  return open(stored, ssnKey(keyBase64), 'SSN ciphertext');
}

/** What is stored for a full SSN: ciphertext plus the last four digits, from which answers show `***-**-1234`. */
export function protectSsn(ssn: string, keyBase64: string): { ssn_ciphertext: string; ssn_last4: string } {
  const digits = ssn.replace(/\D/g, '');
  return { ssn_ciphertext: encryptSsn(digits, keyBase64), ssn_last4: digits.slice(-4) };
}

/** A random token for links and refresh: 32 bytes, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The refresh token that replaces `token` when it is rotated: an HMAC of it under the server's secret, so every
 * refresh that presents the same token (tabs racing, a retry of a lost answer, on any instance) is given the same
 * successor, while only its SHA-256 is stored and no one without the secret can compute it.
 */
export function successorToken(token: string, secret: string): string {
  return createHmac('sha256', secret).update(`refresh-successor:${token}`).digest('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** @node-rs/argon2's defaults: argon2id, 19 MiB, 2 passes (the OWASP minimum). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
