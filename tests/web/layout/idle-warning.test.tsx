/** ASVS V3.3.2: a minute before the server's idle end the app asks to stay signed in; staying refreshes the session. */
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_WARNING_SECONDS, SESSION_IDLE_SECONDS } from '#contracts/session.ts';
import { branding, EMPLOYER_ID, mockApi, ok, renderApp, signIn } from './test-app.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const api = () => ({
  [`GET /api/Employer/Branding/${EMPLOYER_ID}`]: ok(branding),
  'GET /api/Order/GetOrderByMember': ok({ orderdetails: [] }),
  'POST /api/Login/Refresh': ok({ tokenResponse: { access_token: 'access-2', id_token: 'i.d.t', token_type: 'Bearer', expires_in: 900 } }),
  'POST /api/LogFact/v2': ok(null),
  'POST /api/Login/Logout': ok(null),
});

describe('idle warning', () => {
  it('warns a minute before the idle end and stays signed in on request', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const requests = mockApi(api());
    renderApp('/health-plan');
    await screen.findByText('NO PLAN FOUND');
    expect(screen.queryByText('Are you still there?')).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync((SESSION_IDLE_SECONDS - IDLE_WARNING_SECONDS) * 1000 + 1000);
    });
    expect(await screen.findByText('Are you still there?')).toBeInTheDocument();
    await act(async () => {
      screen.getByRole('button', { name: 'Stay Signed In' }).click();
    });
    await vi.waitFor(() => expect(requests.some((r) => r.path === '/api/Login/Refresh')).toBe(true));
    expect(sessionStorage.getItem('access_token')).toBe('access-2');
  });

  it('keeps the warning and the session when staying gets no answer, so the person can try again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    let offline = true;
    const renewed = api()['POST /api/Login/Refresh'];
    const requests = mockApi({
      ...api(),
      'POST /api/Login/Refresh': () => {
        if (offline) throw new TypeError('Failed to fetch');
        return renewed;
      },
    });
    const { router } = renderApp('/health-plan');
    await screen.findByText('NO PLAN FOUND');
    await act(async () => {
      await vi.advanceTimersByTimeAsync((SESSION_IDLE_SECONDS - IDLE_WARNING_SECONDS) * 1000 + 1000);
    });
    const stay = await screen.findByRole('button', { name: 'Stay Signed In' });
    await act(async () => stay.click());
    await vi.waitFor(() => expect(requests.filter((r) => r.path === '/api/Login/Refresh')).toHaveLength(1));
    expect(screen.getByText('Are you still there?')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/health-plan');
    expect(requests.some((r) => r.path === '/api/Login/Logout')).toBe(false);

    offline = false;
    await act(async () => screen.getByRole('button', { name: 'Stay Signed In' }).click());
    await vi.waitFor(() => expect(sessionStorage.getItem('access_token')).toBe('access-2'));
  });

  it('signs out when the idle time is up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const requests = mockApi(api());
    const { router } = renderApp('/health-plan');
    await screen.findByText('NO PLAN FOUND');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SESSION_IDLE_SECONDS * 1000 + 1000);
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests.some((r) => r.path === '/api/Login/Logout')).toBe(true);
    expect(sessionStorage.getItem('access_token')).toBeNull();
    expect(await screen.findByRole('status', {}, { timeout: 10_000 })).toHaveTextContent('You were signed out because your session ended');
  });
});
