import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentHandlers, EMPLOYER_ID, fail, mockApi, ok, renderApp } from '../layout/test-app.tsx';
import { appHandlers } from '../../portal/wizard/step-harness.tsx';

/** A screen's chunk loads on its route's first showing (routes.tsx): its first paint may take a moment. */
const LAZY_SCREEN = { timeout: 10_000 };

afterEach(() => {
  vi.unstubAllGlobals();
});

const tokens = { access_token: 'a.b.c', id_token: 'i.d.t', token_type: 'Bearer', expires_in: 900 };

async function fillAndSubmit() {
  await userEvent.type(await screen.findByLabelText(/^Email/), 'jane@example.com');
  await userEvent.type(screen.getByLabelText(/^Password/), 'Secret#123');
  await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('/login', () => {
  it('shows the sign-in form with Show/Hide, Forgot Password? and Register', async () => {
    mockApi(documentHandlers());
    renderApp(`/login?employer_id=${EMPLOYER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Sign In' }, LAZY_SCREEN)).toBeInTheDocument();
    const password = await screen.findByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      `/register?employer_id=${EMPLOYER_ID}`,
    );
    expect(screen.queryByText('Onboarding Pending')).not.toBeInTheDocument();
  });

  it('says onboarding is pending after a registration', async () => {
    mockApi(documentHandlers());
    renderApp(`/login?register=true&employer_id=${EMPLOYER_ID}`);
    expect(await screen.findByText('Onboarding Pending', {}, LAZY_SCREEN)).toBeInTheDocument();
    expect(screen.getByText(/check your email/i)).toBeInTheDocument();
    expect(screen.getByText(/no-reply address with a welcome subject.*up to 30 minutes/)).toBeInTheDocument();
    expect(screen.getByText(/use the link/)).toBeInTheDocument();
  });

  it('stores the access and id tokens (the refresh token is an HttpOnly cookie) and goes to /profile', async () => {
    const requests = mockApi({ ...documentHandlers(), 'POST /api/Login': ok({ tokenResponse: tokens }) });
    const { router } = renderApp('/login');
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(sessionStorage.getItem('access_token')).toBe('a.b.c');
    expect(sessionStorage.getItem('id_token')).toBe('i.d.t');
    expect(sessionStorage.getItem('refresh_token')).toBeNull();
    expect(requests.find((r) => r.path === '/api/Login')?.body).toEqual({
      email: 'jane@example.com',
      password: 'Secret#123',
    });
  });

  it("shows 'Login failed. Please try again.' when the server refuses", async () => {
    mockApi({ ...documentHandlers(), 'POST /api/Login': fail(401, 'LOGIN_FAILED', 'Email or password is wrong.') });
    const { router } = renderApp('/login');
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem('access_token')).toBeNull();
  });

  it("leaves a failed attempt's toast on the sign-in page: signed in, /profile shows none", async () => {
    let attempts = 0;
    mockApi({
      ...appHandlers(),
      'POST /api/Login': () => (++attempts === 1 ? fail(401, 'LOGIN_FAILED', 'Email or password is wrong.') : ok({ tokenResponse: tokens })),
    });
    const { router } = renderApp('/login');
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    // Gone with the sign-in page as the next screen renders, not when its own time (TOAST_HIDE_MS) is up.
    await act(async () => {});
    expect(screen.queryByText('Login failed. Please try again.')).not.toBeInTheDocument();
  });

  it.each([
    ['ACCOUNT_LOCKED', 'Too many failed sign-ins for this account. Please try again in 15 minutes.'],
    ['RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.'],
  ])('shows a limited attempt (%s) with its own message, never Login failed', async (code, text) => {
    mockApi({ ...documentHandlers(), 'POST /api/Login': fail(429, code, text) });
    renderApp('/login');
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(alert).not.toHaveTextContent('Login failed');
  });

  it('links Forgot Password? to the reset request, keeping the employer', async () => {
    mockApi(documentHandlers());
    renderApp(`/login?employer_id=${EMPLOYER_ID}`);
    expect(await screen.findByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', `/forgot-password?employer_id=${EMPLOYER_ID}`);
  });

  it('counts an answer without the tokens as a failure', async () => {
    mockApi({ ...documentHandlers(), 'POST /api/Login': ok({ tokenResponse: { ...tokens, id_token: '' } }) });
    renderApp('/login');
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
    expect(sessionStorage.getItem('access_token')).toBeNull();
  });

  it("shows the document's messages for a missing email", async () => {
    const requests = mockApi(documentHandlers());
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/Login')).toBe(false);
  });
});

describe('/login with a malformed employer link', () => {
  it('still shows the base sign-in form', async () => {
    const requests = mockApi(documentHandlers());
    renderApp('/login?employer_id=not-an-id');
    expect(await screen.findByLabelText(/^Email/)).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/content/forms/login?accountid=00000000-0000-0000-0000-000000000000')).toBe(
      true,
    );
  });
});
