/**
 * Register's answer for an e-mail with a pending registration carries a handle instead of the member id: a JWE
 * (dir, A256GCM, key derived from TOKEN_SECRET) that only this server can read, valid HANDLE_SECONDS. With it the
 * already-registered modal can resend the invitation or withdraw the pending registration without the browser
 * ever learning a member id. docs/security.md, V2 (enumeration).
 *
 * Anyone who knows an e-mail address gets the handle, so the handle alone may only resend the invitation (to that
 * address). Withdrawing deletes the registration, and needs the registrant's proof as well: a cookie Register sets
 * in the browser that registered (HttpOnly, SameSite=Strict, Path=/api/Member), a JWE of its own purpose naming the
 * member, valid as long as the invitation link. Each registration has its own cookie, named bp_registrant_ and a
 * keyed digest of the member id (not the id), so a browser that registered several e-mails may withdraw each one. A
 * member created any other way (a census import) never has one.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EncryptJWT, jwtDecrypt } from 'jose';
import type { Config } from '../config.ts';
import { clearCookie, readCookie, setCookie, type CookieScope } from './cookies.ts';
import { SET_PASSWORD_TOKEN_DAYS } from '../services/member/invitations.ts';

export const HANDLE_SECONDS = 10 * 60;
const HANDLE = 'pending-registration';
/** The registrant cookies' names begin so (registrantCookieName). */
export const REGISTRANT_COOKIE = 'bp_registrant_';
const REGISTRANT = 'registrant';
const REGISTRANT_SECONDS = SET_PASSWORD_TOKEN_DAYS * 24 * 60 * 60;
const COOKIE_SCOPE: CookieScope = { path: '/api/Member', sameSite: 'strict' };
/** A compact JWE: five base64url parts. */
const JWE_VALUE = /^[A-Za-z0-9_.-]{1,1000}$/;

const key = (config: Config) =>
  new Uint8Array(hkdfSync('sha256', config.TOKEN_SECRET, 'benefit-portal', 'registration-handle', 32));

/** The name of the cookie that proves one registration: a digest only this server can make of the member id. */
export function registrantCookieName(config: Config, memberId: string): string {
  const nameKey = new Uint8Array(hkdfSync('sha256', config.TOKEN_SECRET, 'benefit-portal', 'registrant-cookie-name', 32));
  return `${REGISTRANT_COOKIE}${createHmac('sha256', nameKey).update(memberId).digest('base64url').slice(0, 22)}`;
}

async function seal(config: Config, purpose: string, memberId: string, seconds: number, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new EncryptJWT({ purpose })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setSubject(memberId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + seconds)
    .encrypt(key(config));
}

/** The member id a good, unexpired JWE of the purpose names; null otherwise. */
async function open(config: Config, purpose: string, sealed: string): Promise<string | null> {
  try {
    const { payload } = await jwtDecrypt(sealed, key(config));
    return payload.purpose === purpose && typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

export function sealRegistrationHandle(config: Config, memberId: string, now = new Date()): Promise<string> {
  return seal(config, HANDLE, memberId, HANDLE_SECONDS, now);
}

/** The member id of a good, unexpired handle; null otherwise. */
export function openRegistrationHandle(config: Config, handle: string): Promise<string | null> {
  return open(config, HANDLE, handle);
}

/** Gives the browser that registered the member its proof, for a later withdrawal (beside those of its other registrations). */
export async function setRegistrantCookie(reply: FastifyReply, config: Config, memberId: string, now = new Date()): Promise<void> {
  const proof = await seal(config, REGISTRANT, memberId, REGISTRANT_SECONDS, now);
  setCookie(reply, registrantCookieName(config, memberId), proof, REGISTRANT_SECONDS, COOKIE_SCOPE);
}

/** Drops the proof of one registration (withdrawn); the browser's others stay. */
export function clearRegistrantCookie(reply: FastifyReply, config: Config, memberId: string): void {
  clearCookie(reply, registrantCookieName(config, memberId), COOKIE_SCOPE);
}

/** Whether the request carries the registrant's proof for this member. */
export async function isRegistrantOf(request: FastifyRequest, config: Config, memberId: string): Promise<boolean> {
  const proof = readCookie(request, registrantCookieName(config, memberId), JWE_VALUE);
  return proof !== null && (await open(config, REGISTRANT, proof)) === memberId;
}
