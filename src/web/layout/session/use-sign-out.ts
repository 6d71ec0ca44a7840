/**
 * Sign Out (spec §2, §4): log the SIGN OUT event (best effort), end the session on the server (its access tokens
 * stop working; the refresh cookie is cleared), clear all session storage and go to /login (the employer's, with
 * employer_id). The order matters: the
 * event needs the access token, so the session is cleared last. A session opened through the employer's identity
 * provider is ended there too when the person pressed Sign Out (not when the idle limit ended it): the tab goes on
 * to the provider's sign-out page, which sends it back to the employer's sign-in page.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LogFactEvent } from '#contracts/entities.ts';
import { api } from '#portal/api/api-client.ts';
import { accessToken, clearSession, idClaims } from '#portal/api/session.ts';

export const SIGN_OUT_EVENT = 'SIGN OUT';

/** Signs out; answers the sign-in page to go to: the employer's (its logo and login document) when known. */
export async function signOut(options: { atProvider?: boolean } = {}): Promise<string> {
  const claims = idClaims();
  const provider = options.atProvider ? await api.get<{ url: string } | null>('/api/oidc/sign-out') : null;
  const event: LogFactEvent = {
    title: SIGN_OUT_EVENT,
    data: { description: SIGN_OUT_EVENT, User: claims?.email ?? 'Unknown' },
    accountid: claims?.accountid,
    memberid: claims?.sub,
    action: SIGN_OUT_EVENT,
    effectivedate: null,
  };
  await api.post('/api/LogFact/v2', event);
  // The bearer names the session; the cookie comes along by itself. Sent even when no token is left in this tab.
  const token = accessToken();
  await fetch('/api/Login/Logout', {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}`, accept: 'application/json' } : { accept: 'application/json' },
  }).catch(() => undefined);
  clearSession();
  if (provider?.success && provider.data) window.location.assign(provider.data.url);
  return claims?.accountid ? `/login?employer_id=${encodeURIComponent(claims.accountid)}` : '/login';
}

export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    navigate(await signOut({ atProvider: true }));
  }, [navigate]);
}
