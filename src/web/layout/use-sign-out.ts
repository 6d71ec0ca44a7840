/**
 * Sign Out (spec §2, §4): log the SIGN OUT event (best effort), revoke the refresh token, clear all session storage
 * and go to /login. The order matters: the event needs the access token, so the session is cleared last.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LogFactEvent } from '#contracts/entities.ts';
import { api } from '../api/api-client.ts';
import { clearSession, idClaims, refreshToken } from '../api/session.ts';

export const SIGN_OUT_EVENT = 'SIGN OUT';

export async function signOut(): Promise<void> {
  const claims = idClaims();
  const event: LogFactEvent = {
    title: SIGN_OUT_EVENT,
    data: { description: SIGN_OUT_EVENT, User: claims?.email ?? 'Unknown' },
    accountid: claims?.accountid,
    memberid: claims?.sub,
    action: SIGN_OUT_EVENT,
    effectivedate: null,
  };
  await api.post('/api/LogFact/v2', event);
  const token = refreshToken();
  if (token) await api.post('/api/Login/Logout', { refresh_token: token }, { public: true });
  clearSession();
}

export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await signOut();
    navigate('/login');
  }, [navigate]);
}
