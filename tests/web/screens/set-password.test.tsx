import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  branding,
  documentHandlers,
  EMPLOYER_ID,
  fail,
  MEMBER_ID,
  mockApi,
  ok,
  renderApp,
  type Handler,
  type Reply,
} from '../layout/test-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TOKEN = 'tok-123';
const url = `/set-password?employer_id=${EMPLOYER_ID}&member_id=${MEMBER_ID}&token=${TOKEN}`;
const infoPath = `GET /api/Member/${MEMBER_ID}?token=${TOKEN}`;
const info = (accountid: string, ispasswordchanged: string | null) => ok({ id: MEMBER_ID, accountid, ispasswordchanged });

const STRENGTH =
  'Password must be at least 8 characters long, contain uppercase, lowercase, a number, and a special character.';

function api(extra: Record<string, Handler> = {}) {
  return mockApi({
    ...documentHandlers(),
    [`GET /api/Employer/Branding/${EMPLOYER_ID}`]: ok(branding),
    [infoPath]: info(EMPLOYER_ID, null),
    ...extra,
  });
}

const COMMON = 'This password is too common or too easy to guess. Please choose another.';
const newPassword = () => screen.findByLabelText(/^New Password/);
const confirmPassword = () => screen.getByLabelText(/^Confirm New Password/);
const setButton = () => screen.getByRole('button', { name: 'Set Password' });

describe('/set-password', () => {
  it('shows the form with the employer brand and a help contact for a member who never set a password', async () => {
    api();
    renderApp(url);
    const header = screen.getByRole('banner');
    expect(await within(header).findByText('Acme Benefits Demo')).toBeInTheDocument();
    expect(within(header).getByText('Powered by')).toBeInTheDocument();
    expect(within(header).getByText('Need Help?')).toBeInTheDocument();

    const password = await newPassword();
    expect(password).toHaveAttribute('type', 'password');
    expect(confirmPassword()).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getAllByRole('button', { name: 'Show' })[0]!);
    expect(password).toHaveAttribute('type', 'text');
    expect(setButton()).toBeEnabled();
  });

  it.each<[string, string, Reply]>([
    ['the member belongs to another employer', url, info('00000000-0000-4000-8000-000000000009', null)],
    ['the password was already set', url, info(EMPLOYER_ID, '2025-01-02T03:04:05Z')],
    ['the token is refused', url, fail(403, 'TOKEN_INVALID', 'The link is no longer valid.')],
  ])("shows 'Access Denied' when %s", async (_case, link, answer) => {
    api({ [infoPath]: answer });
    renderApp(link);
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText(/Have an Account\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText(/^New Password/)).not.toBeInTheDocument();
  });

  it("shows 'Access Denied' for a link without member or token", async () => {
    api();
    renderApp(`/set-password?employer_id=${EMPLOYER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('shows every fault at once on submit (strength, commonness, both filled), then those left', async () => {
    const requests = api();
    renderApp(url);
    await userEvent.type(await newPassword(), 'weak');
    await userEvent.click(setButton());
    const faults = await screen.findByText(STRENGTH, { exact: false });
    expect(faults).toHaveTextContent(COMMON);
    expect(screen.getByText('Both fields are required.')).toBeInTheDocument();

    await userEvent.clear(await newPassword());
    await userEvent.type(await newPassword(), 'Strong#Pass1');
    await userEvent.click(setButton());
    expect(await screen.findByText('Both fields are required.')).toBeInTheDocument();
    expect(screen.queryByText(STRENGTH, { exact: false })).not.toBeInTheDocument();

    await userEvent.type(confirmPassword(), 'Strong#Pass2');
    await userEvent.click(setButton());
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(screen.queryByText('Both fields are required.')).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/changepassword')).toBe(false);
  });

  it('shows the strength message while a weak new password is typed', async () => {
    api();
    renderApp(url);
    await userEvent.type(await newPassword(), 'weak');
    expect(await newPassword()).toHaveFocus();
    expect(await screen.findByText(STRENGTH, { exact: false })).toHaveTextContent(COMMON);
    await userEvent.clear(await newPassword());
    await userEvent.type(await newPassword(), 'Strong#Pass1');
    await waitFor(() => expect(screen.queryByText(STRENGTH, { exact: false })).not.toBeInTheDocument());
    expect(screen.queryByText(COMMON, { exact: false })).not.toBeInTheDocument();
  });

  it('says under the new password every rule it must meet: which special characters count, and not a common one', async () => {
    api();
    renderApp(url);
    expect(await newPassword()).toHaveAccessibleDescription(/one of @ \$ ! % \* \? & #.*not a common or easily guessed password/);
  });

  it("says 'Password is empty.' when typing a confirmation before the new password", async () => {
    api();
    renderApp(url);
    await newPassword();
    await userEvent.type(confirmPassword(), 'S');
    expect(confirmPassword()).toHaveFocus();
    expect(await screen.findByText('Password is empty.')).toBeInTheDocument();
    expect(screen.queryByText(STRENGTH)).not.toBeInTheDocument();
  });

  it("reads 'Loading...' while busy, then goes to /login", async () => {
    let answer: (reply: Response) => void = () => {};
    const requests = api();
    const stubbed = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
        String(input) === '/api/changepassword'
          ? (requests.push({ method: 'POST', path: '/api/changepassword', body: JSON.parse(String(init?.body)), headers: {} }),
            new Promise<Response>((resolve) => (answer = resolve)))
          : stubbed(input, init),
      ),
    );
    const { router } = renderApp(url);
    await userEvent.type(await newPassword(), 'Strong#Pass1');
    await userEvent.type(confirmPassword(), 'Strong#Pass1');
    await userEvent.click(setButton());

    const busy = await screen.findByRole('button', { name: 'Loading...' });
    expect(busy).toBeDisabled();
    expect(requests.find((r) => r.path === '/api/changepassword')?.body).toEqual({
      id: MEMBER_ID,
      password: 'Strong#Pass1',
      token: TOKEN,
    });
    answer(new Response(JSON.stringify({ success: true, data: null, message: 'OK' }), { status: 200 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?employer_id=${EMPLOYER_ID}`);
    expect(await screen.findByRole('status', {}, { timeout: 10_000 })).toHaveTextContent('Your password is set. Sign in with your e-mail address and your new password.');
  });

  it.each([
    ['the server message', fail(400, 'TOKEN_INVALID', 'The link has expired.'), 'The link has expired.'],
    ["'Something went wrong.' without one", fail(500, 'INTERNAL', ''), 'Something went wrong.'],
  ])('on failure shows %s and the failure modal', async (_case, reply, toast) => {
    api({ 'POST /api/changepassword': reply });
    const { router } = renderApp(url);
    await userEvent.type(await newPassword(), 'Strong#Pass1');
    await userEvent.type(confirmPassword(), 'Strong#Pass1');
    await userEvent.click(setButton());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Password set failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(toast);
    expect(router.state.location.pathname).toBe('/set-password');
  });
});
