/**
 * A session that ends under the tab keeps the person's work for them (session.ts clearEndedSession): the profile's
 * draft (never an SSN) and the address they were on, to which signing in again leads back. The tab's storage and data
 * cache belong to one person: another member signing in, or signing out and in as another, finds nothing of the
 * first (no draft, no cached record, no id of theirs in a request).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstOfNextYear } from '#domain/values/dates.ts';
import { appHandlers, appMember, today } from '../../portal/wizard/step-harness.tsx';
import { fail, idToken, MEMBER_ID, mockApi, ok, renderApp, signIn, type Handler, type RecordedRequest } from './test-app.tsx';

const LAZY_SCREEN = { timeout: 10_000 };
const SESSION_ENDED = /You were signed out because your session ended/;
const OTHER_ID = '99999999-2222-4333-8444-555555555555';
const other = { ...appMember, id: OTHER_ID, firstname: 'Bo', lastname: 'Stone', address1: '5 Other Ave', personalemailaddress: 'bo@example.com' };

afterEach(() => {
  vi.unstubAllGlobals();
});

const refused = fail(401, 'UNAUTHORIZED', 'Please sign in.');
const tokensOf = (access: string, claims: Record<string, unknown> = {}) =>
  ok({ tokenResponse: { access_token: access, id_token: idToken(claims), token_type: 'Bearer', expires_in: 900 } });

/** Answers `whenOther` to calls sent with the other member's token (access-b), else `whenJane`. */
const byToken = (whenJane: Handler, whenOther: Handler): Handler => (request: RecordedRequest) => {
  const handler = request.headers.authorization === 'Bearer access-b' ? whenOther : whenJane;
  return typeof handler === 'function' ? handler(request) : handler;
};

/** The API for Jane (whose saves are refused: her session ended elsewhere) and for Bo (token access-b). */
function api(extra: Record<string, Handler> = {}): RecordedRequest[] {
  return mockApi(
    appHandlers({
      'GET /api/EffectiveDates': ok({ effectivedates: [firstOfNextYear(today)], today }),
      'GET /api/Member/GetMember': byToken(ok(appMember), ok(other)),
      'PUT /api/Member': byToken(refused, (request) => ok((request.body as { member: object }).member)),
      'POST /api/Login/Refresh': fail(401, 'TOKEN_INVALID', 'Please sign in again.'),
      'POST /api/Login/Logout': ok(null),
      ...extra,
    }),
  );
}

async function signInOnThePage(email: string) {
  await userEvent.type(await screen.findByLabelText(/^Email/, {}, LAZY_SCREEN), email);
  await userEvent.type(screen.getByLabelText(/^Password/), 'Secret#123');
  await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
}

/** Jane's profile with a new home address and a new SSN typed, then Next (answered 401). */
async function typeThenNextAfterTheSessionEnded() {
  const address = await screen.findByRole('textbox', { name: /^Home Address/ }, LAZY_SCREEN);
  await userEvent.clear(address);
  await userEvent.type(address, '9 Draft Road');
  await userEvent.click(screen.getByRole('textbox', { name: 'SSN first 3 digits' }));
  await userEvent.paste('123456789');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
}

const storage = () => JSON.stringify(Object.entries(sessionStorage));

describe('a session that ends while the person works', () => {
  it('keeps the typed profile as the draft without the SSN, goes to /login, and signing in again shows the step with it', async () => {
    signIn();
    api({ 'POST /api/Login': tokensOf('access-2') });
    const { router } = renderApp('/profile');
    await typeThenNextAfterTheSessionEnded();

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('status', {}, LAZY_SCREEN)).toHaveTextContent(SESSION_ENDED);
    // Signed out: the header offers Sign In, and no toast repeats what the sign-in page says.
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('access_token')).toBeNull();
    expect(storage()).toContain('9 Draft Road');
    expect(storage()).not.toMatch(/123456789|6789|123-45/);

    await signInOnThePage('jane@example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(await screen.findByRole('textbox', { name: /^Home Address/ }, LAZY_SCREEN)).toHaveValue('9 Draft Road');
    expect(screen.getByRole('textbox', { name: 'SSN last 4 digits' })).toHaveValue('');
  }, 30_000);

  it('leads back to the address where the session ended, once', async () => {
    signIn();
    let orders = 0;
    api({
      'GET /api/Order/GetOrderByMember': () => (++orders === 1 ? refused : ok({ orderdetails: [] })),
      'POST /api/Login': tokensOf('access-2'),
    });
    const { router } = renderApp('/health-plan?view=all');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await signInOnThePage('jane@example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/health-plan'));
    expect(router.state.location.search).toBe('?view=all');
    expect(await screen.findByText('NO PLAN FOUND', {}, LAZY_SCREEN)).toBeInTheDocument();
    expect(sessionStorage.getItem('return-to')).toBeNull();
  }, 30_000);

  it('keeps nothing for another member who signs in next: no draft, their own record', async () => {
    signIn();
    const requests = api({ 'POST /api/Login': tokensOf('access-b', { sub: OTHER_ID, given_name: 'Bo' }) });
    const { router } = renderApp('/profile');
    await typeThenNextAfterTheSessionEnded();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    await signInOnThePage('bo@example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(await screen.findByRole('textbox', { name: /^Home Address/ }, LAZY_SCREEN)).toHaveValue('5 Other Ave');
    expect(storage()).not.toContain('9 Draft Road');
    expect(storage()).not.toContain(MEMBER_ID);
    expect(requests.filter((r) => r.path === '/api/Member/GetMember').at(-1)?.headers.authorization).toBe('Bearer access-b');
  }, 30_000);
});

describe('signing out and in as another member in the same tab', () => {
  it("shows the second member's own profile and saves it under their id, never the first's", async () => {
    signIn();
    const requests = api({ 'POST /api/Login': tokensOf('access-b', { sub: OTHER_ID, given_name: 'Bo' }) });
    const { router } = renderApp('/profile');
    expect(await screen.findByRole('textbox', { name: /^Home Address/ }, LAZY_SCREEN)).toHaveValue(appMember.address1);

    await userEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const signedOutAt = requests.length;
    await signInOnThePage('bo@example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(await screen.findByRole('textbox', { name: /^Home Address/ }, LAZY_SCREEN)).toHaveValue('5 Other Ave');
    expect(screen.getByRole('textbox', { name: /^First Name/ })).toHaveValue('Bo');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT' && r.path === '/api/Member')).toBe(true));
    const save = requests.find((r) => r.method === 'PUT' && r.path === '/api/Member')!;
    expect(save.headers.authorization).toBe('Bearer access-b');
    expect((save.body as { member: { firstname: string } }).member.firstname).toBe('Bo');
    // Every request since signing out is Bo's: his token, his id wherever an id is sent.
    const since = requests.slice(signedOutAt);
    expect(since.map((r) => r.path)).toContain(`/api/Dependent?memberid=${OTHER_ID}`);
    expect(since.some((r) => JSON.stringify(r).includes(MEMBER_ID))).toBe(false);
    expect(since.filter((r) => r.headers.authorization).every((r) => r.headers.authorization === 'Bearer access-b')).toBe(true);
  }, 30_000);
});
