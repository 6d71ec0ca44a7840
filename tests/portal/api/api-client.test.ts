/**
 * A 401 ends only the session a call was sent with (api-client.ts): a late answer to a call of a session the tab
 * has left never signs the tab out again nor takes the person away from where they went since.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, isUnreachable, REFRESH_LOCK, setUnauthorizedHandler } from '#portal/api/api-client.ts';
import { clearSession } from '#portal/api/session.ts';

type Pending = { path: string; authorization: string | undefined; answer: (status: number, body: unknown) => void; lose: () => void };

let pending: Pending[] = [];
const unauthorized = vi.fn();

beforeEach(() => {
  pending = [];
  unauthorized.mockReset();
  setUnauthorizedHandler(unauthorized);
  sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (input: RequestInfo | URL, init: RequestInit = {}) =>
        new Promise<Response>((resolve, reject) => {
          const headers = (init.headers ?? {}) as Record<string, string>;
          pending.push({
            path: String(input),
            authorization: headers.authorization,
            answer: (status, body) => resolve(new Response(JSON.stringify(body), { status })),
            lose: () => reject(new TypeError('Failed to fetch')),
          });
        }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const refused = { success: false, data: null, message: 'Please sign in.', code: 'UNAUTHORIZED' };
const signInWith = (token: string) => sessionStorage.setItem('access_token', token);

/** Waits until `count` requests were sent. */
async function sent(count: number): Promise<Pending[]> {
  await vi.waitFor(() => expect(pending).toHaveLength(count));
  return pending;
}

describe('a 401 from the API', () => {
  it('to a call of a session the tab signed out of meanwhile: no refresh, no sign-out, no navigation', async () => {
    signInWith('access-1');
    const answer = api.get('/api/Dependent?memberid=m1');
    const [call] = await sent(1);
    expect(call!.authorization).toBe('Bearer access-1');
    clearSession();
    call!.answer(401, refused);
    expect(await answer).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect(pending).toHaveLength(1);
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('to a call of a session the tab left for a new one: sent again with the new tokens, the new session kept', async () => {
    signInWith('access-1');
    const answer = api.get('/api/Employer/e1');
    const [first] = await sent(1);
    signInWith('access-2');
    first!.answer(401, refused);
    const [, again] = await sent(2);
    expect(again!.path).toBe('/api/Employer/e1');
    expect(again!.authorization).toBe('Bearer access-2');
    again!.answer(200, { success: true, data: { id: 'e1' }, message: 'OK' });
    expect(await answer).toMatchObject({ success: true, data: { id: 'e1' } });
    expect(sessionStorage.getItem('access_token')).toBe('access-2');
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it("to a call of the tab's own session whose refresh fails too: signs the tab out and goes to /login", async () => {
    signInWith('access-1');
    const answer = api.get('/api/Member/GetMember');
    (await sent(1))[0]!.answer(401, refused);
    const [, refresh] = await sent(2);
    expect(refresh!.path).toBe('/api/Login/Refresh');
    refresh!.answer(401, refused);
    expect(await answer).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect(sessionStorage.getItem('access_token')).toBeNull();
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('to a call whose refresh gets no answer: stays signed in, answers unreachable, and a retry refreshes again', async () => {
    signInWith('access-1');
    const answer = api.get('/api/Member/GetMember');
    (await sent(1))[0]!.answer(401, refused);
    const [, lost] = await sent(2);
    expect(lost!.path).toBe('/api/Login/Refresh');
    lost!.lose();
    const failed = await answer;
    expect(failed).toMatchObject({ success: false });
    expect(isUnreachable(failed)).toBe(true);
    expect(sessionStorage.getItem('access_token')).toBe('access-1');
    expect(unauthorized).not.toHaveBeenCalled();

    const retry = api.get('/api/Member/GetMember');
    (await sent(3))[2]!.answer(401, refused);
    const [, , , refreshed] = await sent(4);
    expect(refreshed!.path).toBe('/api/Login/Refresh');
    refreshed!.answer(200, { success: true, data: { tokenResponse: { access_token: 'access-2', id_token: 'i.d.t' } }, message: '' });
    (await sent(5))[4]!.answer(200, { success: true, data: { id: 'm1' }, message: 'OK' });
    expect(await retry).toMatchObject({ success: true, data: { id: 'm1' } });
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it("waits for the browser's other tabs to finish their refresh before exchanging the shared cookie", async () => {
    // Another tab holds the lock until `release`: this tab's refresh must not reach the server before.
    let release!: () => void;
    const otherTab = new Promise<void>((resolve) => (release = resolve));
    const requested: string[] = [];
    const locks = {
      request: async <T,>(name: string, work: () => Promise<T>) => {
        requested.push(name);
        await otherTab;
        return work();
      },
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      signInWith('access-1');
      const answer = api.get('/api/Member/GetMember');
      (await sent(1))[0]!.answer(401, refused);
      await vi.waitFor(() => expect(requested).toEqual([REFRESH_LOCK]));
      expect(pending).toHaveLength(1);
      release();
      const [, refresh] = await sent(2);
      expect(refresh!.path).toBe('/api/Login/Refresh');
      refresh!.answer(200, { success: true, data: { tokenResponse: { access_token: 'access-2', id_token: 'i.d.t' } }, message: '' });
      const [, , again] = await sent(3);
      expect(again!.authorization).toBe('Bearer access-2');
      again!.answer(200, { success: true, data: { id: 'm1' }, message: 'OK' });
      expect(await answer).toMatchObject({ success: true, data: { id: 'm1' } });
      expect(unauthorized).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('to a call sent without any session: a failure, nothing more', async () => {
    const answer = api.get('/api/Member/GetMember');
    (await sent(1))[0]!.answer(401, refused);
    expect(await answer).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect(pending).toHaveLength(1);
    expect(unauthorized).not.toHaveBeenCalled();
  });
});
