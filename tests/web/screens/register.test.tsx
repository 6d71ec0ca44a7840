import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { branding, documentHandlers, EMPLOYER_ID, fail, mockApi, ok, renderApp } from '../layout/test-app.tsx';

/** A screen's chunk loads on its route's first showing (routes.tsx): its first paint may take a moment. */
const LAZY_SCREEN = { timeout: 10_000 };

afterEach(() => {
  vi.unstubAllGlobals();
});

const PENDING_ID = '99999999-8888-4777-8666-555555555555';
/** Register's 409 handle: opaque to the browser. */
const HANDLE = 'eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..opaque';
const STOP_SIGN = /^An Employer must give you access before you can Register\.\.\./;
const known = { ...documentHandlers(), [`GET /api/Employer/Branding/${EMPLOYER_ID}`]: ok(branding) };

async function fillForm() {
  await userEvent.type(await screen.findByLabelText(/^First Name/, {}, LAZY_SCREEN), 'Jane');
  await userEvent.type(screen.getByLabelText(/^Last Name/), 'Doe');
  await userEvent.type(screen.getByLabelText(/^Personal Email/), 'jane@example.com');
}

describe('/register', () => {
  it('shows the employer header, the marketing panel and the form with a disabled employer name', async () => {
    mockApi(known);
    renderApp(`/register?employer_id=${EMPLOYER_ID}`);
    const header = screen.getByRole('banner');
    expect(await within(header).findByText('Acme Benefits Demo')).toBeInTheDocument();
    expect(within(header).getByText('Need Help?')).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'hr@acme.example' })).toHaveAttribute('href', 'mailto:hr@acme.example');
    expect(await screen.findByRole('heading', { name: 'Your Benefits Program Just Got Real!' }, LAZY_SCREEN)).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);

    expect(await screen.findByLabelText(/^First Name/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Last Name/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Personal Email/)).toBeInTheDocument();
    const employerName = screen.getByLabelText('Employer Name');
    expect(employerName).toBeDisabled();
    expect(employerName).toHaveValue('Acme Benefits Demo');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', `/login?employer_id=${EMPLOYER_ID}`);
  });

  it("keeps 'Register Account' disabled until the terms are accepted", async () => {
    mockApi(known);
    renderApp(`/register?employer_id=${EMPLOYER_ID}`);
    await fillForm();
    const button = screen.getByRole('button', { name: 'Register Account' });
    expect(button).toBeDisabled();
    const terms = screen.getByRole('checkbox', { name: /Terms of Use and Privacy Policy/ });
    await userEvent.click(terms);
    expect(button).toBeEnabled();
    await userEvent.click(terms);
    expect(button).toBeDisabled();
  });

  it('replaces the form by the stop-sign message without an employer in the link', async () => {
    mockApi(known);
    renderApp('/register');
    expect(await screen.findByText(STOP_SIGN, {}, LAZY_SCREEN)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register Account' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: /@/ })).toBeInTheDocument();
  });

  it('replaces the form by the stop-sign message for an unknown employer', async () => {
    mockApi(documentHandlers());
    renderApp('/register?employer_id=00000000-0000-4000-8000-000000000001');
    expect(await screen.findByText(STOP_SIGN, {}, LAZY_SCREEN)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^First Name/)).not.toBeInTheDocument();
  });

  it('registers and goes to the Onboarding Pending sign-in', async () => {
    const requests = mockApi({ ...known, 'POST /api/Member/Register': ok({ memberid: PENDING_ID }) });
    const { router } = renderApp(`/register?employer_id=${EMPLOYER_ID}`);
    await fillForm();
    await userEvent.click(screen.getByRole('checkbox', { name: /Terms of Use/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Register Account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?register=true&employer_id=${EMPLOYER_ID}`);
    expect(await screen.findByText('Onboarding Pending', {}, LAZY_SCREEN)).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/Member/Register')?.body).toEqual({
      memberdto: { firstname: 'Jane', lastname: 'Doe', personalemailaddress: 'jane@example.com', accountid: EMPLOYER_ID, terms: true },
      company: 'Acme Benefits Demo',
      url: `${window.location.origin}/set-password`,
      plan_year: new Date().getFullYear(),
    });
  });

  it("says 'Register failed. Please try again.' and offers Sign In and Forgot Password when the e-mail already has an active account", async () => {
    mockApi({ ...known, 'POST /api/Member/Register': fail(409, 'ALREADY_REGISTERED', 'Register failed. Please try again.', { registered: true }) });
    const { router } = renderApp(`/register?employer_id=${EMPLOYER_ID}`);
    await fillForm();
    await userEvent.click(screen.getByRole('checkbox', { name: /Terms of Use/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Register Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'You Already Have an Account' });
    expect(within(dialog).getByText(/An account already uses that e-mail address/)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Register failed. Please try again.');
    expect(within(dialog).getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', `/forgot-password?employer_id=${EMPLOYER_ID}`);
    await userEvent.click(within(dialog).getByRole('link', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?employer_id=${EMPLOYER_ID}`);
  });

  describe('when the e-mail already has a pending registration', () => {
    const alreadyRegistered = fail(409, 'ALREADY_REGISTERED', 'Already registered.', { handle: HANDLE });

    async function submitTwice() {
      await fillForm();
      await userEvent.click(screen.getByRole('checkbox', { name: /Terms of Use/ }));
      await userEvent.click(screen.getByRole('button', { name: 'Register Account' }));
      return screen.findByRole('dialog');
    }

    it('shows the failure toast and the modal; resend sends a new invitation', async () => {
      const requests = mockApi({
        ...known,
        'POST /api/Member/Register': alreadyRegistered,
        'POST /api/Member/ResendInvitation': ok(null),
      });
      const { router } = renderApp(`/register?employer_id=${EMPLOYER_ID}`);
      const dialog = await submitTwice();
      expect(screen.getByRole('alert')).toHaveTextContent('Register failed. Please try again.');
      expect(within(dialog).getByText(/registration was already initiated for that email/)).toBeInTheDocument();

      await userEvent.click(within(dialog).getByRole('button', { name: /Resend confirmation/ }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(requests.find((r) => r.path === '/api/Member/ResendInvitation')?.body).toEqual({ handle: HANDLE });
    });

    it('deletes the pending registration and returns to /register', async () => {
      const requests = mockApi({
        ...known,
        'POST /api/Member/Register': alreadyRegistered,
        'POST /api/Member/WithdrawRegistration': ok(null),
      });
      const { router } = renderApp(`/register?employer_id=${EMPLOYER_ID}`);
      const dialog = await submitTwice();
      await userEvent.click(within(dialog).getByRole('button', { name: /Delete the pending registration/ }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(requests.find((r) => r.path === '/api/Member/WithdrawRegistration')?.body).toEqual({ handle: HANDLE });
      // No member id travels, and nothing asks to delete a member by id.
      expect(requests.some((r) => r.method === 'DELETE' || JSON.stringify(r.body ?? '').includes(PENDING_ID))).toBe(false);
      expect(router.state.location.pathname).toBe('/register');
      expect(screen.getByLabelText(/^First Name/)).toHaveValue('');
      // The form opens anew: the failure that opened the modal is not said again over it.
      expect(screen.queryByText('Register failed. Please try again.')).not.toBeInTheDocument();
    });

    it("says 'Deletion failed. Please try again.' when the deletion fails", async () => {
      mockApi({
        ...known,
        'POST /api/Member/Register': alreadyRegistered,
        'POST /api/Member/WithdrawRegistration': fail(409, 'CONFLICT', 'The password was set.'),
      });
      renderApp(`/register?employer_id=${EMPLOYER_ID}`);
      const dialog = await submitTwice();
      await userEvent.click(within(dialog).getByRole('button', { name: /Delete the pending registration/ }));
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Deletion failed. Please try again.'));
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    });
  });
});
