/**
 * The header's language switch: each language in its own name; choosing one remembers it in the cookie and,
 * signed in, in the member's profile, then reloads the page in it; signed in where the page is in another language
 * than the profile's, the page follows the profile. And the catalogue of each language loads on its own.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from '#web/layout/language-switch.tsx';
import { language, loadCatalogue, locale, messages } from '#portal/messages.ts';
import { narrowScreen } from '../media-query.ts';
import { branding, EMPLOYER_ID, fail, mockApi, ok, renderApp, signIn } from './test-app.tsx';

const baseApi = {
  [`GET /api/Employer/Branding/${EMPLOYER_ID}`]: ok(branding),
  'GET /api/Version/test': ok('Benefit Portal API 0.1.0 (build 42)'),
  'POST /api/LogFact/v2': ok({ id: 'log-1' }),
};

const cookieLanguage = () => /(?:^|; )bp_lang=([a-z]+)/.exec(document.cookie)?.[1] ?? null;

let reloads: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  reloads = vi.fn<() => void>();
  vi.spyOn(page, 'reload').mockImplementation(reloads);
});

afterEach(() => {
  document.cookie = 'bp_lang=; Max-Age=0; Path=/';
  vi.unstubAllGlobals();
});

async function switchIn(): Promise<HTMLSelectElement> {
  return (await within(screen.getByRole('banner')).findByRole('combobox', { name: 'Language' })) as HTMLSelectElement;
}

describe('language switch', () => {
  it('offers each language in its own name to a visitor, and choosing one remembers it in the cookie and reloads', async () => {
    const requests = mockApi(baseApi);
    renderApp('/');
    const select = await switchIn();
    expect([...select.options].map((option) => [option.value, option.text, option.lang])).toEqual([
      ['en', 'English', 'en'],
      ['es', 'Español', 'es'],
    ]);
    expect(select.value).toBe('en');

    await userEvent.selectOptions(select, 'Español');
    expect(cookieLanguage()).toBe('es');
    expect(reloads).toHaveBeenCalledTimes(1);
    expect(requests.some((request) => request.path === '/api/Member/Language')).toBe(false);
  });

  it('is on the narrow header too, signed in', async () => {
    narrowScreen();
    signIn();
    mockApi(baseApi);
    renderApp('/');
    expect((await switchIn()).value).toBe('en');
  });

  it("signed in, stores the language in the member's profile before it reloads", async () => {
    signIn();
    const requests = mockApi({ ...baseApi, 'PUT /api/Member/Language': ok({ language: 'es' }) });
    renderApp('/');
    await userEvent.selectOptions(await switchIn(), 'Español');
    await waitFor(() => expect(reloads).toHaveBeenCalledTimes(1));
    expect(requests.filter((request) => request.path === '/api/Member/Language').map((request) => [request.method, request.body])).toEqual([
      ['PUT', { language: 'es' }],
    ]);
    expect(cookieLanguage()).toBe('es');
  });

  it('signed in, stays in its language and says so when the profile cannot store the choice', async () => {
    signIn();
    mockApi({ ...baseApi, 'PUT /api/Member/Language': fail(500, 'INTERNAL', 'The server failed.') });
    renderApp('/');
    await userEvent.selectOptions(await switchIn(), 'Español');
    expect(await screen.findByText('The server failed.')).toBeInTheDocument();
    expect(reloads).not.toHaveBeenCalled();
    expect(cookieLanguage()).toBeNull();
  });

  it("signed in, follows the profile's language when the page is in another", async () => {
    signIn();
    mockApi({ ...baseApi, 'GET /api/Member/GetMember': ok({ id: 'm', accountid: EMPLOYER_ID, language: 'es' }) });
    renderApp('/');
    await waitFor(() => expect(reloads).toHaveBeenCalledTimes(1));
    expect(cookieLanguage()).toBe('es');
  });

  it("signed in, stays when the profile's language is the page's or was never chosen", async () => {
    signIn();
    const requests = mockApi({ ...baseApi, 'GET /api/Member/GetMember': ok({ id: 'm', accountid: EMPLOYER_ID, language: null }) });
    renderApp('/');
    await waitFor(() => expect(requests.some((request) => request.path === '/api/Member/GetMember')).toBe(true));
    await switchIn();
    expect(reloads).not.toHaveBeenCalled();
    expect(cookieLanguage()).toBeNull();
  });
});

describe('catalogue of the page language', () => {
  afterEach(async () => {
    await loadCatalogue('en');
  });

  it('loads Spanish texts and the es-US locale, and English back', async () => {
    expect([language, locale, messages['sign-in']]).toEqual(['en', 'en-US', 'Sign In']);
    await loadCatalogue('es');
    expect([language, locale, messages['sign-in'], messages['language-switch']]).toEqual(['es', 'es-US', 'Iniciar sesión', 'Idioma']);
  });
});
