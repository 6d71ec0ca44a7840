/**
 * The session lives in sessionStorage (spec §3 Session): signed in means an access_token is present. The refresh
 * token does not: it is an HttpOnly cookie that no script reads (docs/decisions.md, Refresh token in a cookie); a
 * new tab gets its access token from it (restoreSession in api-client.ts).
 */
import { useMemo, useSyncExternalStore } from 'react';
import type { TokenResponse } from '#contracts/entities.ts';
import { dropPendingDrafts } from '#engine/react/drafts.ts';

const KEYS = ['access_token', 'id_token'] as const;
const CHANGE = 'session-change';

export function saveTokens(tokens: Pick<TokenResponse, 'access_token' | 'id_token'>): void {
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

/** Clears the session of a tab whose session ended under it, and leaves the sign-in page a notice saying so. */
export function clearEndedSession(): void {
  clearSession();
  leaveSignInNotice('session-ended');
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
  const token = sessionStorage.getItem('id_token');
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
