/**
 * Protected pages: a visitor without an access token is first signed in from the refresh cookie (a new tab of a
 * signed-in person); without a live session they are sent to /login (spec §6, §8).
 */
import { Loader } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { restoreSession } from '#portal/api/api-client.ts';
import { useSignedIn } from '#portal/api/session.ts';
import { messages } from '#portal/messages.ts';

// The idle warning is a modal (and with it Mantine's overlay, focus trap and scroll area): it loads with the first
// protected page, so the landing page does not carry it.
const IdleWarning = lazy(async () => ({ default: (await import('./idle-warning.tsx')).IdleWarning }));

export function RequireSignIn() {
  const signedIn = useSignedIn();
  const [restore, setRestore] = useState<'pending' | 'done'>(signedIn ? 'done' : 'pending');
  useEffect(() => {
    if (signedIn || restore === 'done') return;
    let live = true;
    void restoreSession().then(() => {
      if (live) setRestore('done');
    });
    return () => {
      live = false;
    };
  }, [signedIn, restore]);
  if (signedIn) {
    return (
      <>
        <Outlet />
        <Suspense fallback={null}>
          <IdleWarning />
        </Suspense>
      </>
    );
  }
  return restore === 'pending' ? <Loader aria-label={messages['loading']} m="xl" /> : <Navigate to="/login" replace />;
}
