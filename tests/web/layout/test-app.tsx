/**
 * Renders the real app (routes, layout, providers) at a URL, over a fetch that answers from a table of handlers
 * and records every request. Tests of the dom project share it.
 */
import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { bundleDefinitions } from '#engine/compile/index.ts';
import type { FormDocument, JsonSchema } from '#engine/runtime/types.ts';
import { App } from '#web/app.tsx';
import { routes } from '#web/routes.tsx';

export type Reply = { status?: number; body: unknown };
export type Handler = Reply | ((request: RecordedRequest) => Reply);
export type RecordedRequest = { method: string; path: string; body: unknown; headers: Record<string, string> };

export const ok = (data: unknown): Reply => ({ body: { success: true, data, message: 'OK' } });
export const fail = (status: number, code: string, message: string, data: unknown = null, extra = {}): Reply => ({
  status,
  body: { success: false, data, message, code, ...extra },
});

/**
 * Installs a fetch answering `METHOD /path?query` from `handlers` (the key without the query matches too);
 * anything else answers 404. Returns the recorded requests.
 */
export function mockApi(handlers: Record<string, Handler>): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const path = url.pathname + url.search;
      const request: RecordedRequest = {
        method,
        path,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      requests.push(request);
      const handler = handlers[`${method} ${path}`] ?? handlers[`${method} ${url.pathname}`];
      const reply = !handler
        ? fail(404, 'NOT_FOUND', 'Not found.')
        : typeof handler === 'function'
          ? handler(request)
          : handler;
      return new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return requests;
}

export function renderApp(url: string): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  return { ...render(<App router={router} />), router };
}

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An id_token carrying the given claims over Jane's (the signature is not checked by the browser). */
export function idToken(claims: Record<string, unknown> = {}): string {
  return `${base64url({ alg: 'HS256' })}.${base64url({
    sub: MEMBER_ID,
    given_name: 'Jane',
    family_name: 'Doe',
    email: 'jane@example.com',
    accountid: EMPLOYER_ID,
    ...claims,
  })}.signature`;
}

/** A signed-in session whose id_token carries the given claims. */
export function signIn(claims: Record<string, unknown> = {}): void {
  sessionStorage.setItem('access_token', 'access-1');
  sessionStorage.setItem('id_token', idToken(claims));
}

export const EMPLOYER_ID = '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a11';
export const MEMBER_ID = '11111111-2222-4333-8444-555555555555';

export const branding = {
  accountid: EMPLOYER_ID,
  accountname: 'Acme Benefits Demo',
  mediadata: null,
  emailaddress: 'hr@acme.example',
};

// The server's loader finds the content root from import.meta.url, which is no file URL under jsdom: the same
// steps here, from the repository root: each form with the shared definitions bundled in, as the API serves it.
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const schemasDir = path.join(process.cwd(), 'schemas');
const filesIn = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.schema.json'));
const definitions: Record<string, JsonSchema> = Object.fromEntries(
  filesIn(path.join(schemasDir, 'defs')).map((name) => [
    name.slice(0, -'.schema.json'.length),
    readJson(path.join(schemasDir, 'defs', name)) as JsonSchema,
  ]),
);

/** A base form document, bundled. */
export function baseForm(id: string): FormDocument {
  return bundleDefinitions(readJson(path.join(schemasDir, 'forms', `${id}.schema.json`)) as FormDocument, definitions);
}

/** The base form documents as GET /api/content/forms/{id} serves them (any accountid: no override). */
export function documentHandlers(): Record<string, Handler> {
  const handlers: Record<string, Handler> = {};
  for (const name of filesIn(path.join(schemasDir, 'forms'))) {
    const document = baseForm(name.slice(0, -'.schema.json'.length));
    handlers[`GET /api/content/forms/${document.id}`] = ok({ document, etag: `"${document.id}-${document.version}"` });
  }
  return handlers;
}
