/**
 * The session lives in sessionStorage (spec §3 Session): signed in means an access_token is present. The refresh
 * token does not: it is an HttpOnly cookie that no script reads (docs/decisions/007-refresh-token-in-a-cookie-a-deliberate-deviation.md); a
 * new tab gets its access token from it (restoreSession in api-client.ts).
 *
 * The tab's storage belongs to one member at a time. A session that ends under the tab (clearEndedSession) takes
 * only the tokens: what the person was doing (their drafts, which never hold an SSN, and their place in the wizard)
 * and the address they were on stay for them, until they sign in again; tokens of another member (a sign-in as
 * someone else) first clear everything the tab kept.
 */
import { useMemo, useSyncExternalStore } from 'react';
import type { TokenResponse } from '#contracts/entities.ts';
import { dropPendingDrafts, flushDrafts } from '#engine/react/drafts.ts';

const KEYS = ['access_token', 'id_token'] as const;
const CHANGE = 'session-change';
/** The member whose work the tab keeps after their session ended under it. */
const KEPT_FOR = 'kept-for';
/** The address the member was on when their session ended: where signing in again leads them back. */
const RETURN_TO = 'return-to';

/** The member the tokens are of (the id token's subject), null when it cannot be read. */
function memberOf(idToken: string | null): string | null {
  return claimsOf(idToken)?.sub ?? null;
}

/** The signed-in member, null when signed out. */
function sessionMember(): string | null {
  return accessToken() === null ? null : memberOf(sessionStorage.getItem('id_token'));
}

/** The member the tab's storage belongs to: the signed-in one, else the one whose session ended here. */
function storageOwner(): string | null {
  return accessToken() === null ? sessionStorage.getItem(KEPT_FOR) : sessionMember();
}

/**
 * Stores the tokens of a sign-in, a restore or a refresh. Tokens of another member than the one the tab's storage
 * belongs to clear it first, so nothing kept for one person is shown to the next.
 */
export function saveTokens(tokens: Pick<TokenResponse, 'access_token' | 'id_token'>): void {
  const owner = storageOwner();
  if (owner !== null && owner !== memberOf(tokens.id_token)) {
    dropPendingDrafts();
    sessionStorage.clear();
  }
  sessionStorage.removeItem(KEPT_FOR);
  for (const key of KEYS) sessionStorage.setItem(key, tokens[key]);
  window.dispatchEvent(new Event(CHANGE));
}

export function accessToken(): string | null {
  return sessionStorage.getItem('access_token');
}

export function isSignedIn(): boolean {
  return accessToken() !== null;
}

/** Sign out clears all session storage (spec §2), and no draft waiting to be written may fill it again. */
export function clearSession(): void {
  dropPendingDrafts();
  sessionStorage.clear();
  window.dispatchEvent(new Event(CHANGE));
}

/** What the sign-in page tells a person who was sent there: their session ended, or their password is now set. */
export type SignInNotice = 'session-ended' | 'password-set';
const SIGN_IN_NOTICE = 'sign-in-notice';

/** Leaves a notice for the sign-in page the tab goes to next (read once there). */
export function leaveSignInNotice(notice: SignInNotice): void {
  sessionStorage.setItem(SIGN_IN_NOTICE, notice);
}

/** The notice left for the sign-in page, if any (until forgetSignInNotice). */
export function signInNotice(): SignInNotice | null {
  const notice = sessionStorage.getItem(SIGN_IN_NOTICE);
  return notice === 'session-ended' || notice === 'password-set' ? notice : null;
}

export function forgetSignInNotice(): void {
  sessionStorage.removeItem(SIGN_IN_NOTICE);
}

/**
 * Ends the session of a tab whose session ended under it (`at` is the address the person was on): the tokens go, the
 * person's drafts (written now, what was typed last included) and place stay with the address, for them to find once
 * they sign in again; the sign-in page is left a notice saying why. When the tab cannot tell whose session it was,
 * nothing is kept.
 */
export function clearEndedSession(at: string): void {
  const member = sessionMember();
  if (member === null) clearSession();
  else {
    flushDrafts();
    for (const key of KEYS) sessionStorage.removeItem(key);
    sessionStorage.setItem(KEPT_FOR, member);
    sessionStorage.setItem(RETURN_TO, at);
    window.dispatchEvent(new Event(CHANGE));
  }
  leaveSignInNotice('session-ended');
}

/**
 * Where a sign-in leads (after saveTokens): the address the member was on when their session ended in this tab,
 * read once; null when there is none (the sign-in page's own default applies). Only an address of this app.
 */
export function takeReturnAddress(): string | null {
  const address = sessionStorage.getItem(RETURN_TO);
  sessionStorage.removeItem(RETURN_TO);
  return address?.startsWith('/') && !address.startsWith('//') ? address : null;
}

/** The id_token's claims the web reads; the server signed them, the browser only displays them. */
export type IdClaims = {
  sub?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  accountid?: string;
};

function decodeSegment(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** The claims of the stored id_token, or null when there is none or it cannot be read. */
export function idClaims(): IdClaims | null {
  return claimsOf(sessionStorage.getItem('id_token'));
}

function claimsOf(token: string | null): IdClaims | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = decodeSegment(payload);
    return claims && typeof claims === 'object' ? (claims as IdClaims) : null;
  } catch {
    return null;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * Calls `listener` when the tab's person changes: a sign-in, a sign-out, a session that ended; not a refresh of the
 * same member's tokens.
 */
export function onPersonChange(listener: () => void): () => void {
  let person = sessionMember();
  const changed = () => {
    const now = sessionMember();
    if (now === person) return;
    person = now;
    listener();
  };
  window.addEventListener(CHANGE, changed);
  return () => window.removeEventListener(CHANGE, changed);
}

/** Re-renders when the person signs in or out. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribe, isSignedIn, () => false);
}

/** The id_token's claims, re-read when the session changes (the string snapshot keeps the store stable). */
export function useIdClaims(): IdClaims | null {
  const token = useSyncExternalStore(
    subscribe,
    () => sessionStorage.getItem('id_token'),
    () => null,
  );
  return useMemo(() => (token ? idClaims() : null), [token]);
}
