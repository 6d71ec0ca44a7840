/**
 * Documents in the request's language (docs/design.md, Languages): the content routes serve an employer's document
 * with its Spanish texts in place for a Spanish request (language cookie, Accept-Language or `lang`), English
 * unchanged, another etag for each; the server's validation messages come in the request's language; an
 * override's Spanish texts are checked when saved and reach that employer's employees only; staff read documents
 * with their translations. The Spanish texts here are an override's, not the base files'.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as overrides from '#db/repositories/employer/document-override.repository.ts';
import { schemaKey, type FormDocument } from '#engine/runtime/index.ts';
import type { ContentStore } from '#server/content/content-store.ts';
import { versionTag } from '#server/services/staff-employers/document-overrides.ts';
import { databases } from './helpers/databases.ts';
import { createEmployer, registerMember, TEST_PROFILE, type TestEmployer } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { putAsRead, signInStaff, type SignedInStaff } from './staff-fixtures.ts';

/** The Spanish texts employer A's override gives its profile form. */
const SPANISH = {
  '/title': 'Sus datos personales (A)',
  '/schema/properties/lastname/title': 'Apellido (A)',
  '/messages/lastname-required': 'Escriba su apellido (A)',
  '/messages/profile-incomplete': 'Complete su perfil antes de autorizar: {fields}. (A)',
};
const SPANISH_COOKIE = { cookie: 'bp_lang=es' };

describe.each(databases())('documents in the request language on $name', (database) => {
  const t = useTestApp(database);
  let implementer: SignedInStaff;
  let a: TestEmployer;
  let b: TestEmployer;

  const base = () => (t.app.content as ContentStore).base;
  const editUrl = (employer: TestEmployer, tail = '') => `/api/staff/employers/${employer.accountid}/content/profile${tail}`;
  /** The base profile form as the editor starts from it, with these Spanish texts besides its own. */
  const withSpanish = (texts: Record<string, string>) => {
    const document = structuredClone(base().forms.get('profile')!);
    return { ...document, translations: { ...document.translations, es: { ...document.translations?.es, ...texts } } };
  };
  const saveDraft = (employer: TestEmployer, document: unknown) =>
    putAsRead(t.app, implementer, editUrl(employer, '/draft'), { document } as object, editUrl(employer, ''));
  const profile = (employer: TestEmployer, headers: Record<string, string> = {}, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/content/forms/profile?accountid=${employer.accountid}${query}`, headers });
  const documentOf = (response: { json(): unknown }) => (response.json() as { data: { document: FormDocument } }).data.document;

  beforeAll(async () => {
    implementer = await signInStaff(t.app, 'implementer');
    a = await createEmployer(t.db, { accountname: 'Spanish Texts Employer' });
    b = await createEmployer(t.db, { accountname: 'Base Texts Employer' });
    const saved = await saveDraft(a, withSpanish(SPANISH));
    expect(saved.statusCode, saved.body).toBe(200);
    const { version, etag } = saved.json().data as { version: number; etag: string };
    const published = await t.app.inject({ method: 'POST', url: editUrl(a, '/publish'), headers: implementer.headers, payload: { version, etag } });
    expect(published.statusCode, published.body).toBe(200);
  });

  it("serves a Spanish request the employer's Spanish texts, English unchanged, each with its own etag and language", async () => {
    const english = await profile(a);
    const spanish = await profile(a, SPANISH_COOKIE);
    expect(documentOf(english)).toMatchObject({ title: 'Personal Details', messages: { 'lastname-required': 'Last Name is required' } });
    expect(documentOf(english)).not.toHaveProperty('translations');
    expect(documentOf(spanish)).toMatchObject({ title: SPANISH['/title'], messages: { 'lastname-required': SPANISH['/messages/lastname-required'] } });
    expect((documentOf(spanish).schema.properties as Record<string, unknown>).lastname).toMatchObject({ title: SPANISH['/schema/properties/lastname/title'] });
    expect(documentOf(spanish)).not.toHaveProperty('translations');
    expect(english.headers['content-language']).toBe('en');
    expect(spanish.headers['content-language']).toBe('es');
    expect(spanish.headers.vary).toMatch(/Cookie/);
    expect(spanish.headers.vary).toMatch(/Accept-Language/);
    expect(spanish.headers.etag).not.toBe(english.headers.etag);
    // A Spanish etag does not answer 304 to an English request, nor the other way round.
    expect((await profile(a, { 'if-none-match': spanish.headers.etag as string })).statusCode).toBe(200);
    expect((await profile(a, { ...SPANISH_COOKIE, 'if-none-match': spanish.headers.etag as string })).statusCode).toBe(304);
    // The browser's language, and `lang` over the cookie.
    expect(documentOf(await profile(a, { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' })).title).toBe(SPANISH['/title']);
    expect(documentOf(await profile(a, SPANISH_COOKIE, '&lang=en')).title).toBe('Personal Details');
    expect(documentOf(await profile(a, {}, '&lang=es')).title).toBe(SPANISH['/title']);
    expect((await profile(a, {}, '&lang=fr')).statusCode).toBe(400);
  });

  it("shows one employer's Spanish texts to that employer's employees only", async () => {
    const other = documentOf(await profile(b, SPANISH_COOKIE));
    expect(other.title).not.toBe(SPANISH['/title']);
    expect(other.messages['lastname-required']).not.toBe(SPANISH['/messages/lastname-required']);
  });

  it('gives a form one validators module in every language', async () => {
    const [english, spanish] = await Promise.all([profile(a), profile(a, SPANISH_COOKIE)]);
    const path = (english.json() as { data: { validators: string } }).data.validators;
    expect((spanish.json() as { data: { validators: string } }).data.validators).toBe(path);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    expect(schemaKey(documentOf(spanish).schema)).toBe(schemaKey(documentOf(english).schema));
  });

  it("answers the server's validation messages in the request's language", async () => {
    const member = await registerMember(t.app, a);
    const put = (headers: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: '/api/Member', headers: { ...member.auth, ...headers }, payload: { member: { ...TEST_PROFILE, lastname: ' ' } } });
    const spanish = await put(SPANISH_COOKIE);
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json().fieldErrors['/member/lastname']).toEqual([SPANISH['/messages/lastname-required']]);
    expect((await put({})).json().fieldErrors['/member/lastname']).toEqual(['Last Name is required']);
    await expect(t.app.content.validate('profile', a.accountid, { firstname: 'Ada' }, { language: 'es', pointerPrefix: '/member' })).rejects.toMatchObject({
      fieldErrors: expect.objectContaining({ '/member/lastname': [SPANISH['/messages/lastname-required']] }),
    });
  });

  it('refuses an override whose Spanish text is at no text of the document or changes its marks, at its pointer', async () => {
    const before = await t.db.selectFrom('document_override').select('id').where('accountid', '=', b.accountid).execute();
    const refused = await saveDraft(b, withSpanish({ '/messages/no-such-message': 'Nada', '/messages/profile-incomplete': 'Complete su perfil. (B)' }));
    expect(refused.statusCode).toBe(400);
    const { fieldErrors } = refused.json() as { fieldErrors: Record<string, string[]> };
    expect(fieldErrors['/translations/es/~1messages~1no-such-message']).toEqual(['the document has no text here']);
    expect(fieldErrors['/translations/es/~1messages~1profile-incomplete']).toEqual([expect.stringContaining('{fields}')]);
    expect(await t.db.selectFrom('document_override').select('id').where('accountid', '=', b.accountid).execute()).toEqual(before);
  });

  it('refuses publishing a stored draft whose Spanish text drops a mark', async () => {
    const employer = await createEmployer(t.db, { accountname: 'Stale Translation Employer' });
    // Stored before today's checks (or by another instance's older code): its Spanish text drops a mark.
    const patch = { translations: { es: { '/messages/profile-incomplete': 'Complete su perfil.' } } };
    const row = await overrides.insertVersion(t.db, { accountid: employer.accountid, documentid: 'profile', status: 'draft', patch, staffId: null, now: new Date() });
    const publish = await t.app.inject({ method: 'POST', url: editUrl(employer, '/publish'), headers: implementer.headers, payload: { version: 1, etag: versionTag(row) } });
    expect(publish.statusCode).toBe(400);
    expect(Object.keys(publish.json().fieldErrors)).toEqual(['/translations/es/~1messages~1profile-incomplete']);
  });

  it('gives staff the document with its translations: English in place, Spanish in `translations`', async () => {
    const viewer = await signInStaff(t.app, 'viewer');
    const read = await t.app.inject({ method: 'GET', url: editUrl(a), headers: viewer.headers });
    const { resolved, published } = read.json().data as { resolved: FormDocument; published: { document: FormDocument } };
    for (const document of [resolved, published.document]) {
      expect(document.title).toBe('Personal Details');
      expect(document.translations?.es).toMatchObject(SPANISH);
    }
  });
});
