/**
 * The console's only place that speaks HTTP to the staff API and reads the `{ success, data, message }` envelope.
 * The staff session is the HttpOnly `bp_staff` cookie the browser sends by itself; every change (POST, PUT,
 * PATCH, DELETE) also carries `x-staff-request: 1`, the header a cross-site form cannot send (the CSRF guard).
 * A 401 sends the person to the console's sign-in. Network failures become a failure answer, never a throw.
 * The answers whose money the console shows come with cents for the wire's dollars (staff-money.ts).
 */
import type { ApiAnswer, ApiFailure } from '#contracts/api.ts';
import { staffMoney } from './staff-money.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let onUnauthorized: () => void = () => {
  window.location.assign('/staff/sign-in');
};

/** The router installs a navigation that keeps the single-page console alive. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

const unreachable: ApiFailure = {
  success: false,
  data: null,
  code: 'UNAVAILABLE',
  message: 'The server cannot be reached. Please try again.',
};

/** The headers of a call: JSON both ways, and the CSRF guard on every change. */
export function staffHeaders(method: Method, withBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (withBody) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-staff-request'] = '1';
  return headers;
}

type CallOptions = { signIn?: boolean; headers?: Record<string, string> };

/** One call's answer and the version it names (its ETag header; null when none). */
async function exchange<T>(method: Method, path: string, body: unknown, options: CallOptions): Promise<{ answer: ApiAnswer<T>; etag: string | null }> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { ...options.headers, ...staffHeaders(method, body !== undefined) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { answer: unreachable, etag: null };
  }
  if (response.status === 401 && !options.signIn) onUnauthorized();
  const etag = response.headers.get('etag');
  try {
    const answer = (await response.json()) as ApiAnswer<T>;
    return { answer: answer.success ? { ...answer, data: staffMoney.centsOfAnswer(method, path, answer.data) as T } : answer, etag };
  } catch {
    return { answer: { success: false, data: null, code: 'INTERNAL', message: `The server answered ${response.status} without a readable answer.` }, etag: null };
  }
}

/**
 * One call; `signIn` marks the sign-in call, whose 401 is a refused password and not an ended session; `headers`
 * adds conditions (a draft save's If-Match).
 */
export async function staffCall<T>(method: Method, path: string, body?: unknown, options: CallOptions = {}): Promise<ApiAnswer<T>> {
  return (await exchange<T>(method, path, body, options)).answer;
}

/** A failed answer carried as an error, for SWR's fetcher and the screens' try/catch. */
export class StaffApiError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.message);
  }
}

/** Data of a successful answer; a failure throws StaffApiError. */
export async function staffData<T>(method: Method, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const answer = await staffCall<T>(method, path, body, { headers });
  if (!answer.success) throw new StaffApiError(answer);
  return answer.data;
}

/** SWR's fetcher: the key is the path of a GET. */
export const staffFetcher = <T>(path: string): Promise<T> => staffData<T>('GET', path);

/** A resource as read or stored, with its version: the ETag a replace of it names (null: none is stored). */
export type Tagged<T> = { data: T; etag: string | null };

/** Data of a successful answer with its ETag; a failure throws StaffApiError. */
export async function staffTagged<T>(method: Method, path: string, body?: unknown, headers?: Record<string, string>): Promise<Tagged<T>> {
  const { answer, etag } = await exchange<T>(method, path, body, { headers });
  if (!answer.success) throw new StaffApiError(answer);
  return { data: answer.data, etag };
}

/** The SWR key of a resource read with its version (kept apart from the plain read of the same path). */
export const taggedKey = (path: string) => ['tagged', path] as const;

/** SWR's fetcher of a taggedKey. */
export const staffTaggedFetcher = <T>([, path]: ReturnType<typeof taggedKey>): Promise<Tagged<T>> => staffTagged<T>('GET', path);

/**
 * The condition of a replace made on the version read (docs/security.md, "Optimistic concurrency"): If-Match with
 * its tag, or If-None-Match: * when none was stored (the replace creates it).
 */
export const madeOn = (etag: string | null): Record<string, string> => (etag ? { 'if-match': etag } : { 'if-none-match': '*' });

/** Reads a file the person picked as base64 (without the data: prefix), as the upload endpoints take it. */
export function fileAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** Reads a text file the person picked (the census CSV). */
export function fileAsText(file: Blob): Promise<string> {
  return file.text();
}

/** `path` with the filters that are set (trimmed, not empty) as its query: the address of a filtered list. */
export function filteredPath(path: string, filters: Record<string, string>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value.trim() !== '') query.set(name, value.trim());
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
