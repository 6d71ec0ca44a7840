/** Forgot Password and Reset Password (ASVS V2.5): one answer for every address; the set-password rules on reset. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentHandlers, fail, mockApi, ok, renderApp } from '../layout/test-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const REQUESTED = 'If an account uses that e-mail address, a link to set a new password is on its way. The link works once, for 30 minutes.';
/** The screens load lazily (their route's chunk): the first look waits for it. */
const LAZY_SCREEN = { timeout: 10_000 };
const COMMON = 'This password is too common or too easy to guess. Please choose another.';

describe('/forgot-password', () => {
  it('sends the e-mail and shows the same answer the server gives every address', async () => {
    const requests = mockApi({ ...documentHandlers(), 'POST /api/Member/ForgotPassword': ({ body: { success: true, data: null, message: REQUESTED } }) });
    renderApp('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Forgot Password' }, LAZY_SCREEN)).toBeInTheDocument();
    await userEvent.type(await screen.findByLabelText(/^Email/), 'jane@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(REQUESTED);
    expect(requests.find((r) => r.path === '/api/Member/ForgotPassword')?.body).toEqual({ email: 'jane@example.com' });
  });

  it('checks the e-mail in the browser with the document', async () => {
    const requests = mockApi(documentHandlers());
    renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText(/^Email/, {}, LAZY_SCREEN), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/Member/ForgotPassword')).toBe(false);
  });
});

describe('/reset-password', () => {
  async function fill(password: string) {
    await userEvent.type(await screen.findByLabelText(/^New Password/, {}, LAZY_SCREEN), password);
    await userEvent.type(screen.getByLabelText(/^Confirm New Password/), password);
  }

  it('refuses a common password in the browser with the set-password message, before any call', async () => {
    const requests = mockApi(documentHandlers());
    renderApp('/reset-password?token=t-1');
    await fill('Password1!');
    expect(await screen.findByText(COMMON)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(requests.some((r) => r.path === '/api/Member/ResetPassword')).toBe(false);
  });

  it('sets the new password with the token and goes to /login', async () => {
    const requests = mockApi({ ...documentHandlers(), 'POST /api/Member/ResetPassword': ({ body: { success: true, data: null, message: 'Your password is reset. Please sign in.' } }) });
    const { router } = renderApp('/reset-password?token=t-1');
    await fill('Quiet#Harbor72');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests.find((r) => r.path === '/api/Member/ResetPassword')?.body).toEqual({ token: 't-1', password: 'Quiet#Harbor72' });
  });

  it('says a used or expired link is no longer valid and offers a new one', async () => {
    mockApi({
      ...documentHandlers(),
      'POST /api/Member/ResetPassword': fail(403, 'TOKEN_INVALID', 'This link is no longer valid. Please ask for a new one.'),
    });
    renderApp('/reset-password?token=t-1');
    await fill('Quiet#Harbor72');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('This link is no longer valid. Please ask for a new one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});
