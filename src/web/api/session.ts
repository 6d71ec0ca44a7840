/** The session lives in sessionStorage (spec §3 Session): signed in means an access_token is present. */
import type { TokenResponse } from '#contracts/entities.ts';

const KEYS = ['access_token', 'id_token', 'refresh_token'] as const;

export function saveTokens(tokens: Pick<TokenResponse, 'access_token' | 'id_token' | 'refresh_token'>): void {
  for (const key of KEYS) sessionStorage.setItem(key, tokens[key]);
  window.dispatchEvent(new Event('session-change'));
}

export function accessToken(): string | null {
  return sessionStorage.getItem('access_token');
}

export function refreshToken(): string | null {
  return sessionStorage.getItem('refresh_token');
}

export function isSignedIn(): boolean {
  return accessToken() !== null;
}

/** Sign out clears all session storage (spec §2). */
export function clearSession(): void {
  sessionStorage.clear();
  window.dispatchEvent(new Event('session-change'));
}
