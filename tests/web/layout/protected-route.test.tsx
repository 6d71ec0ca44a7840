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
    // No refresh cookie either (a first visit): the server refuses the refresh.
    const requests = mockApi({
      [`GET /api/Employer/Branding/${EMPLOYER_ID}`]: ok(branding),
      'POST /api/Login/Refresh': fail(401, 'UNAUTHORIZED', 'Please sign in again.'),
    });
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign In' }, LAZY_SCREEN)).toBeInTheDocument();
    expect(screen.queryByText(/your session ended/)).not.toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/Login/Refresh')).toHaveLength(1);
  });
});

describe('a new tab of a signed-in person', () => {
  it('is signed in from the refresh cookie without asking again', async () => {
    const requests = mockApi({
      [`GET /api/Employer/Branding/${EMPLOYER_ID}`]: ok(branding),
      'POST /api/Login/Refresh': ok({ tokenResponse: { access_token: 'access-tab', id_token: 'i.d.t', token_type: 'Bearer', expires_in: 900 } }),
      'GET /api/Order/GetOrderByMember': ok({ orderdetails: [] }),
    });
    const { router } = renderApp('/health-plan');
    expect(await screen.findByText('NO PLAN FOUND', {}, LAZY_SCREEN)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/health-plan');
    expect(sessionStorage.getItem('access_token')).toBe('access-tab');
    expect(requests.find((r) => r.path === '/api/Order/GetOrderByMember')?.headers.authorization).toBe('Bearer access-tab');
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
    // The person is told why, unlike a visitor who simply comes to sign in.
    expect(await screen.findByRole('status', {}, LAZY_SCREEN)).toHaveTextContent('You were signed out because your session ended');
    // No refresh token in the page: the browser sends the HttpOnly cookie by itself.
    expect(requests.find((r) => r.path === '/api/Login/Refresh')).toMatchObject({ method: 'POST' });
    expect(requests.find((r) => r.path === '/api/Login/Refresh')?.body ?? null).toBeNull();
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
        tokenResponse: { access_token: 'access-2', id_token: sessionStorage.getItem('id_token') },
      }),
    });
    const { router } = renderApp('/health-plan');
    expect(await screen.findByText('NO PLAN FOUND')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/health-plan');
    expect(sessionStorage.getItem('access_token')).toBe('access-2');
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
