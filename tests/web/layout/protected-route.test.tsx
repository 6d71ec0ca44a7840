import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { branding, EMPLOYER_ID, fail, mockApi, ok, renderApp, signIn } from './test-app.tsx';

/** A screen's chunk loads on its route's first showing (routes.tsx): its first paint may take a moment. */
const LAZY_SCREEN = { timeout: 10_000 };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('protected routes', () => {
  it.each(['/profile', '/welcome', '/health-plan', '/contact-us'])('sends a signed-out visitor from %s to /login', async (path) => {
    mockApi({ [`GET /api/Employer/Branding/${EMPLOYER_ID}`]: ok(branding) });
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign In' }, LAZY_SCREEN)).toBeInTheDocument();
  });
});

describe('a 401 from the API', () => {
  it('clears the session and navigates to /login inside the app when the refresh fails too', async () => {
    signIn();
    const requests = mockApi({
      [`GET /api/Employer/Branding/${EMPLOYER_ID}`]: ok(branding),
      'GET /api/Order/GetOrderByMember': fail(401, 'UNAUTHORIZED', 'Please sign in.'),
      'POST /api/Login/Refresh': fail(401, 'TOKEN_INVALID', 'Refresh token invalid.'),
    });
    const { router } = renderApp('/health-plan');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem('access_token')).toBeNull();
    expect(requests.find((r) => r.path === '/api/Login/Refresh')?.body).toEqual({ refresh_token: 'refresh-1' });
  });

  it('retries once with refreshed tokens', async () => {
    signIn();
    let calls = 0;
    mockApi({
      [`GET /api/Employer/Branding/${EMPLOYER_ID}`]: ok(branding),
      'GET /api/Order/GetOrderByMember': (request) =>
        ++calls === 1 || request.headers.authorization !== 'Bearer access-2'
          ? fail(401, 'UNAUTHORIZED', 'Please sign in.')
          : ok({ orderdetails: [] }),
      'POST /api/Login/Refresh': ok({
        tokenResponse: { access_token: 'access-2', id_token: sessionStorage.getItem('id_token'), refresh_token: 'refresh-2' },
      }),
    });
    const { router } = renderApp('/health-plan');
    expect(await screen.findByText('NO PLAN FOUND')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/health-plan');
    expect(sessionStorage.getItem('refresh_token')).toBe('refresh-2');
  });
});

describe('/profile', () => {
  it('loads the enrollment wizard for a signed-in member', async () => {
    signIn();
    const requests = mockApi({
      [`GET /api/Employer/Branding/${EMPLOYER_ID}`]: ok(branding),
      'GET /api/Member/GetMember': ok({ id: 'member-1', accountid: EMPLOYER_ID, firstname: 'Jane' }),
    });
    const { router } = renderApp('/profile');
    await waitFor(() => expect(requests.some((r) => r.path.startsWith('/api/content/flows/enrollment'))).toBe(true));
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).not.toBeInTheDocument();
  });
});
