/**
 * Protected pages: a visitor without an access token is first signed in from the refresh cookie (a new tab of a
 * signed-in person); without a live session they are sent to /login (spec §6, §8).
 */
import { Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { restoreSession } from '../api/api-client.ts';
import { useSignedIn } from '../api/session.ts';
import { IdleWarning } from './idle-warning.tsx';

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
        <IdleWarning />
      </>
    );
  }
  return restore === 'pending' ? <Loader aria-label="Loading" m="xl" /> : <Navigate to="/login" replace />;
}
