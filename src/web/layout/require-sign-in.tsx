/** Protected pages: a visitor without an access token is sent to /login (spec §6, §8). */
import { Navigate, Outlet } from 'react-router-dom';
import { useSignedIn } from '../api/session.ts';

export function RequireSignIn() {
  const signedIn = useSignedIn();
  return signedIn ? <Outlet /> : <Navigate to="/login" replace />;
}
