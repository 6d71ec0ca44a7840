/**
 * The only place that speaks HTTP to the API and reads the `{ success, data, message }` envelope.
 * Calls carry the bearer token; a 401 first tries a refresh once (the refresh token is the HttpOnly cookie the
 * browser sends to /api/Login by itself), then ends the tab's session, keeping the person's drafts and the address
 * they were on for their next sign-in, and sends them to /login (spec §4, §8).
 * Network failures become a failure answer, never a throw. Every answered call marks the session active (the
 * idle warning reads lastActivity). Money: the wire's dollars are cents for the app, both ways, here
 * (money-decoder.ts, by the calls src/contracts/money/member-money.ts declares); no screen converts them.
 */
import type { ApiAnswer, ApiFailure } from '#contracts/api.ts';
import type { LoginAnswer } from '#contracts/requests.ts';
import { MEMBER_MONEY_CALLS } from '#contracts/money/member-money.ts';
import { messages } from '#portal/messages.ts';
import { accessToken, clearEndedSession, saveTokens } from './session.ts';
import { moneyDecoder } from './money-decoder.ts';

/** The member calls' money: dollars on the wire, cents in the app. */
const money = moneyDecoder(MEMBER_MONEY_CALLS);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The address the person is on (path, search and hash): where signing in again after a session end leads back. */
type CurrentAddress = () => string;

const windowAddress: CurrentAddress = () => window.location.pathname + window.location.search + window.location.hash;
let onUnauthorized: () => void = () => {
  window.location.assign('/login');
};
let currentAddress = windowAddress;

/** The router installs a navigation that keeps the single-page app alive, and reads the address from its state. */
export function setUnauthorizedHandler(handler: () => void, address: CurrentAddress = windowAddress): void {
  onUnauthorized = handler;
  currentAddress = address;
}

const failure = (message: string): ApiFailure => ({ success: false, data: null, message, code: 'INTERNAL' });

const UNREACHABLE_MESSAGE = 'The server cannot be reached. Please try again.';
/** The answers `call` makes up when no answer came (network failure), told apart from a server's own 500. */
const unreachable = new WeakSet<object>();

/** Whether a failure is `call`'s own for a server that could not be reached (no HTTP answer at all). */
export function isUnreachable(answer: object): boolean {
  return unreachable.has(answer);
}

/** The answers `call` makes up for a call whose session ended: the tab has gone to sign in, no screen shows them. */
const sessionEnded = new WeakSet<object>();

/** Whether a failure says the call's session ended (the sign-in page says so; a screen shows nothing of it). */
export function isSessionEnded(answer: object): boolean {
  return sessionEnded.has(answer);
}

async function send<T>(
  method: Method,
  path: string,
  body: unknown,
  token: string | null,
  extra: Record<string, string> = {},
): Promise<Response | null> {
  const headers: Record<string, string> = { ...extra, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    return null;
  }
}

/** What a refresh came to: new tokens, no live session, or no answer (the network), which ends nothing. */
export type RefreshOutcome = 'renewed' | 'ended' | 'unreachable';

let refreshing: Promise<RefreshOutcome> | null = null;
let activity = Date.now();
const ACTIVITY = 'session-activity';

/** When the server last saw a call of this tab (ms since the epoch). */
export function lastActivity(): number {
  return activity;
}

function markActivity(): void {
  activity = Date.now();
  window.dispatchEvent(new Event(ACTIVITY));
}

/** Re-runs `listener` whenever a call reaches the server. */
export function onActivity(listener: () => void): () => void {
  window.addEventListener(ACTIVITY, listener);
  return () => window.removeEventListener(ACTIVITY, listener);
}

/** The Web Lock the browser's tabs take turns in to exchange their shared refresh cookie. */
export const REFRESH_LOCK = 'bp-refresh';

/**
 * Runs `work` while no other tab of this browser runs its own: the tabs share the refresh cookie, and a second tab
 * presenting a token the first has just exchanged would look like a stolen token reused, which ends the session of
 * both (a laptop waking up with two tabs open). After its turn, a tab exchanges the newer cookie. Browsers without
 * Web Locks run it at once.
 */
function inTurnAcrossTabs<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(REFRESH_LOCK, work) : work();
}

/**
 * New tokens for the session of the refresh cookie, one refresh at a time. No answer at all ends nothing: the
 * server may have rotated the cookie without the browser hearing of it, and sending the old one again within a
 * minute is taken as that retry (src/server/security/tokens.ts), so the person can try again instead of being signed out.
 */
export async function refreshSession(): Promise<RefreshOutcome> {
  refreshing ??= inTurnAcrossTabs(async (): Promise<RefreshOutcome> => {
    const response = await send('POST', '/api/Login/Refresh', undefined, null);
    if (!response) return 'unreachable';
    const answer = response.ok ? ((await response.json()) as ApiAnswer<LoginAnswer>) : null;
    if (!answer?.success) return 'ended';
    saveTokens(answer.data.tokenResponse);
    markActivity();
    return 'renewed';
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** A new tab of a signed-in person: signed in from the refresh cookie (false when that did not work). */
export async function restoreSession(): Promise<boolean> {
  return (await refreshSession()) === 'renewed';
}

/**
 * Sends a call and answers the envelope. `public: true` sends no token and never redirects on 401; `headers` are
 * sent beside the client's own (a declared call's Idempotency-Key), the same on the retry after a refresh.
 * A 401 ends only the session the call was sent with: the call is sent again with the tab's newer tokens (another
 * call refreshed them) or after a refresh; a refresh without an answer makes the call's answer unreachable (the
 * screen's Retry tries again); when the refresh is refused, the tab signs out and goes to /login, unless the tab
 * has signed out (or in again) meanwhile: a late answer to a call of an ended session never takes the person away
 * from where they went since (the sign-in page, Forgot Password, a new session).
 */
export async function call<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: { public?: boolean; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const withToken = !options.public;
  let token = withToken ? accessToken() : null;
  const wireBody = money.dollarsOfBody(method, path, body);
  let response = await send(method, path, wireBody, token, options.headers);
  if (response?.status === 401 && token !== null) {
    const current = accessToken();
    const outcome = current === null ? 'ended' : current !== token ? 'renewed' : await refreshSession();
    if (outcome === 'renewed') {
      token = accessToken();
      response = await send(method, path, wireBody, token, options.headers);
    } else if (outcome === 'unreachable') response = null;
  }
  if (response?.status === 401 && withToken) {
    if (token !== null && accessToken() === token) {
      clearEndedSession(currentAddress());
      onUnauthorized();
    }
    const answer: ApiFailure = { success: false, data: null, message: messages['session-ended'], code: 'UNAUTHORIZED' };
    sessionEnded.add(answer);
    return answer;
  }
  if (response && withToken) markActivity();
  if (!response) {
    const answer = failure(UNREACHABLE_MESSAGE);
    unreachable.add(answer);
    return answer;
  }
  try {
    const answer = (await response.json()) as ApiAnswer<T>;
    return answer.success ? { ...answer, data: money.centsOfAnswer(method, path, answer.data) as T } : answer;
  } catch {
    // Not JSON, or an amount that is not whole cents: the server's fault, nothing a screen can show.
    return failure(messages['something-wrong']);
  }
}

export const api = {
  get: <T>(path: string, options?: { public?: boolean }) => call<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: { public?: boolean }) => call<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown) => call<T>('PUT', path, body),
  del: <T>(path: string, options?: { public?: boolean }) => call<T>('DELETE', path, undefined, options),
};

/** An SWR fetcher: resolves to data on success, throws the failure answer otherwise. */
export async function swrFetcher<T>(path: string): Promise<T> {
  const answer = await api.get<T>(path);
  if (!answer.success) throw answer;
  return answer.data;
}

/** An SWR fetcher for the calls that need no sign-in (branding, version, documents). */
export async function swrPublicFetcher<T>(path: string): Promise<T> {
  const answer = await api.get<T>(path, { public: true });
  if (!answer.success) throw answer;
  return answer.data;
}
