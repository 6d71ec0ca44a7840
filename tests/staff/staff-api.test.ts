/** The console's API client: the CSRF header on every change, the cookie left to the browser, 401 to sign-in. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { filteredPath, setUnauthorizedHandler, staffCall, staffData, StaffApiError } from '../../src/staff/api/staff-api.ts';

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('staff API client', () => {
  it('sends x-staff-request: 1 on every change and not on reads, with the same-origin cookie and no bearer', async () => {
    const fetch = vi.fn(async () => answer(200, { success: true, data: [], message: '' }));
    vi.stubGlobal('fetch', fetch);
    await staffCall('GET', '/api/staff/employers');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) await staffCall(method, '/api/staff/x', method === 'DELETE' ? undefined : {});
    const sent = fetch.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1]);
    expect((sent[0]!.headers as Record<string, string>)['x-staff-request']).toBeUndefined();
    for (const init of sent.slice(1)) expect((init.headers as Record<string, string>)['x-staff-request']).toBe('1');
    for (const init of sent) {
      expect(init.credentials).toBe('same-origin');
      expect((init.headers as Record<string, string>).authorization).toBeUndefined();
    }
  });

  it("sends a call's conditions (a draft save's If-Match) beside the CSRF header, which they cannot replace", async () => {
    const fetch = vi.fn(async () => answer(200, { success: true, data: null, message: '' }));
    vi.stubGlobal('fetch', fetch);
    await staffData('PUT', '/api/staff/x', {}, { 'if-match': '"tag"', 'x-staff-request': '0' });
    const headers = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers).toMatchObject({ 'if-match': '"tag"', 'x-staff-request': '1', 'content-type': 'application/json' });
  });

  it('sends the person to sign-in on a 401, except for a refused sign-in itself', async () => {
    const unauthorized = vi.fn();
    setUnauthorizedHandler(unauthorized);
    vi.stubGlobal('fetch', vi.fn(async () => answer(401, { success: false, data: null, code: 'UNAUTHORIZED', message: 'Sign in.' })));
    await staffCall('POST', '/api/staff/login', { email: 'a@b.c', password: 'x' }, { signIn: true });
    expect(unauthorized).not.toHaveBeenCalled();
    await staffCall('GET', '/api/staff/me');
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('carries a failure with its code, message, field errors and data as an error', async () => {
    const failure = { success: false, data: { rows: [{ line: 3, reason: 'bad' }] }, code: 'VALIDATION_FAILED', message: 'Nope.', fieldErrors: { '/a': ['x'] } };
    vi.stubGlobal('fetch', vi.fn(async () => answer(400, failure)));
    const error = await staffData('POST', '/api/staff/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StaffApiError);
    expect((error as StaffApiError).failure).toEqual(failure);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    expect(await staffCall('GET', '/api/staff/me')).toMatchObject({ success: false, code: 'UNAVAILABLE' });
  });

  it('puts the filters that are set, trimmed and encoded, into a list\'s address', () => {
    expect(filteredPath('/api/staff/audit', { who: '', entity: '  ' })).toBe('/api/staff/audit');
    expect(filteredPath('/api/staff/events', { employee: ' Ann O\'Neil & co ', from: '2026-01-01', to: '' })).toBe(
      "/api/staff/events?employee=Ann+O%27Neil+%26+co&from=2026-01-01",
    );
  });
});
