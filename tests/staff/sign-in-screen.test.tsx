/**
 * The console's sign-in with a second factor due (docs/staff.md "Two-step verification"): the password step's
 * answer leads to the authentication code, or, when an admin requires it and the user has none, to its set-up,
 * whose recovery codes are shown before the console opens. With a staff identity provider set up, 'Sign in with
 * <its name>' goes to it, and a refusal it came back with is said in words.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffFetcher } from '../../src/staff/api/staff-api.ts';
import { SignInScreen } from '../../src/staff/screens/sign-in-screen.tsx';

const STAFF = { id: '0b6c7a7e-1f7a-4f39-9a8e-7a1f0f9f2a11', email: 'ada@staff.test', role: 'admin' };
const RECOVERY = Array.from({ length: 10 }, (_, n) => `ABCD-EFGH-JKLM-NPQ${'RSTUVWXYZ2'[n]}`);

/** Answers the calls by path, and records what was sent. */
function serve(answers: Record<string, unknown>) {
  const sent: { path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    sent.push({ path, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const data = answers[path];
    if (data instanceof Error) return new Response(JSON.stringify({ success: false, data: null, code: 'LOGIN_FAILED', message: data.message }), { status: 401 });
    return new Response(JSON.stringify({ success: true, data, message: '' }), { status: 200 });
  });
  return sent;
}

function renderSignIn(at = '/sign-in') {
  render(
    <MantineProvider>
      <SWRConfig value={{ provider: () => new Map(), fetcher: staffFetcher }}>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route path="/sign-in" element={<SignInScreen />} />
            <Route path="/" element={<h1>Employers</h1>} />
          </Routes>
        </MemoryRouter>
      </SWRConfig>
    </MantineProvider>,
  );
}

async function enterPassword() {
  await userEvent.type(screen.getByLabelText(/Email/), STAFF.email);
  await userEvent.type(screen.getByLabelText(/Password/), 'Staff!Passw0rd#2');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the staff sign-in with a second factor', () => {
  it('asks for the authentication code after the password; a wrong one is shown, the right one opens the console', async () => {
    const answers: Record<string, unknown> = { '/api/staff/login': { secondFactor: 'required' }, '/api/staff/login/second-factor': new Error('That code is not right.') };
    const sent = serve(answers);
    renderSignIn();
    await enterPassword();
    expect(await screen.findByRole('heading', { name: 'Two-Step Verification' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Authentication code/), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    answers['/api/staff/login/second-factor'] = { staff: STAFF };
    await userEvent.clear(screen.getByLabelText(/Authentication code/));
    await userEvent.type(screen.getByLabelText(/Authentication code/), ' 123456 ');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Employers' })).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ path: '/api/staff/login/second-factor', body: { code: '123456' } });
  });

  it('sets two-step verification up when an admin requires it, shows the recovery codes, then opens the console', async () => {
    const sent = serve({
      '/api/staff/login': { secondFactor: 'enroll' },
      '/api/staff/login/totp/start': { otpauthUri: 'otpauth://totp/x', qrSvg: 'data:image/svg+xml;base64,PHN2Zy8+', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' },
      '/api/staff/login/totp/confirm': { staff: STAFF, recoveryCodes: RECOVERY },
    });
    renderSignIn();
    await enterPassword();
    expect(await screen.findByRole('heading', { name: 'Set Up Two-Step Verification' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Set Up' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByLabelText('Key for your authenticator app')).toHaveTextContent('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    await userEvent.type(screen.getByLabelText(/Code from your authenticator app/), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Turn On' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(sent.at(-1)).toEqual({ path: '/api/staff/login/totp/confirm', body: { code: '654321' } });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Employers' })).toBeInTheDocument();
  });
});

describe('the staff sign-in through the staff identity provider', () => {
  it("offers 'Sign in with <provider>' only when one is set up", async () => {
    serve({ '/api/staff/oidc': { displayName: 'Acme Staff Login' } });
    renderSignIn();
    expect(await screen.findByRole('link', { name: 'Sign in with Acme Staff Login' })).toHaveAttribute('href', '/api/staff/oidc/start');
  });

  it('offers no provider when none is set up', async () => {
    const sent = serve({ '/api/staff/oidc': null });
    renderSignIn();
    await vi.waitFor(() => expect(sent.map((call) => call.path)).toContain('/api/staff/oidc'));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });

  it('says why the provider sign-in was refused', async () => {
    serve({ '/api/staff/oidc': { displayName: 'Acme Staff Login' } });
    renderSignIn('/sign-in?sso_error=not-staff');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account has no place in the staff console.');
  });

  it.each(['constructor', 'toString', 'made-up'])('reads an unknown refusal (?sso_error=%s) as the general failure', async (refusal) => {
    serve({ '/api/staff/oidc': { displayName: 'Acme Staff Login' } });
    renderSignIn(`/sign-in?sso_error=${refusal}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Signing in through your identity provider did not work.');
  });
});
