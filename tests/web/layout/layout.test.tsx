import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '#web/app.tsx';
import { ErrorFallback } from '#web/layout/feedback/error-fallback.tsx';
import { showError, showSuccess, TOAST_HIDE_MS } from '#portal/layout/feedback/toast.tsx';
import { narrowScreen } from '../media-query.ts';
import { branding, EMPLOYER_ID, MEMBER_ID, mockApi, ok, renderApp, signIn } from './test-app.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const baseApi = {
  [`GET /api/Employer/Branding/${EMPLOYER_ID}`]: ok(branding),
  'GET /api/Version/test': ok('Benefit Portal API 0.1.0 (build 42)'),
  'POST /api/LogFact/v2': ok({ id: 'log-1' }),
  'POST /api/Login/Logout': ok(null),
};

describe('skip link', () => {
  it('is the first thing Tab reaches, and moves the focus to the main content', async () => {
    mockApi(baseApi);
    renderApp(`/?employer_id=${EMPLOYER_ID}`);
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

describe('header', () => {
  it('shows Sign In to a visitor, and the employer name and default logo from the link', async () => {
    mockApi(baseApi);
    renderApp(`/?employer_id=${EMPLOYER_ID}`);
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(await within(header).findByText('Acme Benefits Demo')).toBeInTheDocument();
    const logo = within(header).getByRole('img', { name: 'Benefit Portal logo' });
    expect(logo).toHaveAttribute('width', '220');
    expect(logo).toHaveAttribute('height', '110');
    expect(within(header).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(header).getByText('Powered by')).toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it("shows the employer's own logo at 190x50", async () => {
    mockApi({ ...baseApi, [`GET /api/Employer/Branding/${EMPLOYER_ID}`]: ok({ ...branding, mediadata: 'AAAA' }) });
    renderApp(`/?employer_id=${EMPLOYER_ID}`);
    const logo = await screen.findByRole('img', { name: 'Acme Benefits Demo logo' });
    expect(logo).toHaveAttribute('src', 'data:image/jpeg;base64,AAAA');
    expect(logo).toHaveAttribute('width', '190');
    expect(logo).toHaveAttribute('height', '50');
  });

  it("reads the signed-in member's employer from the id_token and shows the large-screen menu", async () => {
    signIn();
    const requests = mockApi(baseApi);
    renderApp('/');
    const header = screen.getByRole('banner');
    expect(await within(header).findByText('Acme Benefits Demo')).toBeInTheDocument();
    expect(requests.some((r) => r.path === `/api/Employer/Branding/${EMPLOYER_ID}`)).toBe(true);
    expect(within(header).getByRole('link', { name: 'Getting Started' })).toHaveAttribute('href', '/profile');
    expect(within(header).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact-us');
    expect(within(header).getByText('Hi, Jane')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();

    // The dropdown loads apart from the landing page: its button opens a menu once loaded (aria-expanded).
    // jsdom lays nothing out, so the menu's focus trap finds no visible item to focus and warns: that warning only.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await userEvent.click(await within(header).findByRole('button', { name: 'My Coverage', expanded: false }));
    // jsdom has no layout, so the dropdown's position middleware reports its anchor as off screen and hides it:
    // the items are looked up including hidden ones.
    const currentPlan = await screen.findByRole('menuitem', { name: 'Current Plan', hidden: true });
    expect(currentPlan).toHaveAttribute('href', '/health-plan');
    expect(screen.getByRole('menuitem', { name: 'Documents', hidden: true })).toBeInTheDocument();
    // A menu holds menu items only: no focusable placeholder of another role (axe aria-required-children).
    const menu = currentPlan.closest('[role="menu"]');
    expect([...(menu?.children ?? [])].map((child) => child.getAttribute('role'))).toEqual(['menuitem', 'menuitem']);
    expect(warn.mock.calls.map(([message]) => String(message))).toEqual(
      warn.mock.calls.map(() => expect.stringContaining('[@mantine/hooks/use-focus-trap] Failed to find focusable element')),
    );
  });

  it('uses a menu icon and a side menu on screens 840 px wide or less', async () => {
    narrowScreen();
    signIn();
    mockApi(baseApi);
    renderApp('/');
    expect(screen.queryByRole('button', { name: 'My Coverage' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Side menu' });
    expect(within(menu).getByRole('link', { name: 'Getting Started' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(menu).getByRole('link', { name: 'Current Plan' })).toHaveAttribute('href', '/health-plan');
    expect(within(menu).getByRole('link', { name: 'View Plan Documents' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/.+\.pdf$/),
    );
    // Every place the large header links to, Contact Us included.
    expect(within(menu).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact-us');
    await userEvent.click(within(menu).getByRole('button', { name: 'About' }));
    expect(await screen.findByRole('dialog', { name: 'Version Information' })).toBeInTheDocument();
  });
});

describe('sign out', () => {
  it('logs SIGN OUT, ends the session on the server, clears all session storage and goes to /login', async () => {
    signIn();
    sessionStorage.setItem('wizard-state', '{"step":2}');
    const requests = mockApi(baseApi);
    const { router } = renderApp('/');
    await userEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign Out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The employer's sign-in page; no notice: the person signed out themselves.
    expect(router.state.location.search).toBe(`?employer_id=${EMPLOYER_ID}`);
    expect(sessionStorage.length).toBe(0);
    const log = requests.find((r) => r.method === 'POST' && r.path === '/api/LogFact/v2');
    expect(log?.body).toMatchObject({
      title: 'SIGN OUT',
      action: 'SIGN OUT',
      accountid: EMPLOYER_ID,
      memberid: MEMBER_ID,
      data: { User: 'jane@example.com' },
    });
    expect(log?.headers.authorization).toBe('Bearer access-1');
    const logout = requests.find((r) => r.path === '/api/Login/Logout');
    // The bearer names the session to end; the refresh cookie travels by itself.
    expect(logout?.headers.authorization).toBe('Bearer access-1');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('still signs out when the event log fails', async () => {
    signIn();
    const requests = mockApi({ ...baseApi, 'POST /api/LogFact/v2': { status: 500, body: { success: false } } });
    const { router } = renderApp('/');
    await userEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.length).toBe(0);
    expect(requests.some((r) => r.path === '/api/Login/Logout')).toBe(true);
  });
});

describe('footer and version modal', () => {
  it('shows the version, the front-end date and the legal links', () => {
    mockApi(baseApi);
    renderApp('/');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(/^Version \d+\.\d+\.\d+/)).toBeInTheDocument();
    expect(within(footer).getByText('04 Feb. 2025')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Terms of Use' })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();
  });

  it('opens with the employer name and release notices, and closes on Escape', async () => {
    mockApi(baseApi);
    renderApp(`/?employer_id=${EMPLOYER_ID}`);
    await screen.findByText('Acme Benefits Demo');
    await userEvent.click(within(screen.getByRole('contentinfo')).getByRole('button', { name: 'About' }));
    const dialog = await screen.findByRole('dialog', { name: 'Version Information' });
    expect(within(dialog).getByRole('heading', { name: 'Employer Name' })).toBeInTheDocument();
    expect(within(dialog).getByText('Acme Benefits Demo')).toBeInTheDocument();
    const notices = within(dialog).getByRole('list', { name: 'Release Notices' });
    expect(await within(notices).findByText('Benefit Portal API 0.1.0 (build 42)')).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Version Information' })).not.toBeInTheDocument());
  });

  it('closes on a click outside it', async () => {
    mockApi(baseApi);
    renderApp('/');
    await userEvent.click(within(screen.getByRole('contentinfo')).getByRole('button', { name: 'About' }));
    const dialog = await screen.findByRole('dialog', { name: 'Version Information' });
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();
    await userEvent.click(overlay as Element);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });
});

describe('error toast', () => {
  it('shows a red alert that hides itself after 3000 ms and closes with its button', async () => {
    mockApi(baseApi);
    renderApp('/');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    act(() => showError('Login failed. Please try again.'));
    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent('Login failed. Please try again.');
    act(() => vi.advanceTimersByTime(TOAST_HIDE_MS - 100));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => showError('Register failed. Please try again.'));
    await userEvent.click(document.body);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('a toast and the screen it belongs to', () => {
  it('an error goes with its screen: on another address, another view of it, or the same address opened again', async () => {
    mockApi(baseApi);
    const { router } = renderApp('/');
    for (const to of ['/terms', '/terms?employer_id=x', '/terms?employer_id=x']) {
      act(() => showError('Register failed. Please try again.'));
      expect(screen.getByRole('alert')).toHaveTextContent('Register failed. Please try again.');
      await act(() => router.navigate(to));
      await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    }
  });

  it('a confirmation is shown on the screen its move leads to', async () => {
    mockApi(baseApi);
    const { router } = renderApp('/');
    act(() => showSuccess('Saved Successfully'));
    await act(() => router.navigate('/terms'));
    expect(screen.getByRole('status')).toHaveTextContent('Saved Successfully');
  });
});

describe('an unknown address', () => {
  it('is a page in the frame, with a heading and a way to the home page', async () => {
    mockApi(baseApi);
    const { router } = renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found', level: 1 })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('main')).getByRole('link', { name: 'Go to the Home Page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("leads a signed-in member back to Getting Started, with the member's header", async () => {
    signIn();
    mockApi(baseApi);
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found', level: 1 })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Go to Getting Started' })).toHaveAttribute('href', '/profile');
  });
});

describe('router failures', () => {
  it("shows 'Unexpected Application Error!' with the message", async () => {
    function Broken(): never {
      throw new Error('The screen broke');
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <ErrorFallback /> }]);
    render(<App router={router} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('The screen broke')).toBeInTheDocument();
  });
});
