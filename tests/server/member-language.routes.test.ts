/**
 * PUT /api/Member/Language: the signed-in member's language, stored in their profile (GetMember gives it back) and
 * remembered in the language cookie; a language the product does not speak is refused and nothing written; only
 * the caller's own profile changes.
 */
import { describe, expect, it } from 'vitest';
import { databases } from './helpers/databases.ts';
import { useEnrollmentWorld } from './enrollment.fixtures.ts';

describe.each(databases())('member language route on $name', (database) => {
  const world = useEnrollmentWorld(database);

  const putLanguage = (member: 'alice' | 'bob', payload: unknown) =>
    world.app.inject({ method: 'PUT', url: '/api/Member/Language', headers: world[member].auth, payload: payload as object });
  const storedLanguage = async (member: 'alice' | 'bob') =>
    (await world.db.selectFrom('member').select('language').where('id', '=', world[member].memberId).executeTakeFirstOrThrow()).language;
  const memberAnswer = async (member: 'alice' | 'bob') =>
    (await world.app.inject({ method: 'GET', url: '/api/Member/GetMember', headers: world[member].auth })).json().data;

  it("stores the caller's language, sets the cookie, and GetMember gives it back", async () => {
    expect((await memberAnswer('alice')).language).toBeNull();
    const response = await putLanguage('alice', { language: 'es' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { language: 'es' }, message: '' });
    expect(String(response.headers['set-cookie'])).toMatch(/^bp_lang=es; Max-Age=31536000; Path=\/; SameSite=Lax; Secure$/);
    expect(await storedLanguage('alice')).toBe('es');
    expect((await memberAnswer('alice')).language).toBe('es');
    expect(await storedLanguage('bob')).toBeNull();

    expect((await putLanguage('alice', { language: 'en', id: world.alice.memberId })).statusCode).toBe(200);
    expect(await storedLanguage('alice')).toBe('en');
  });

  it.each([
    ['a language the product does not speak', { language: 'fr' }],
    ['an empty language', { language: '' }],
    ['no language', {}],
    ['a language that is no string', { language: ['es'] }],
    ['a body that is no object', ['es']],
  ])('refuses %s with 400 and writes nothing', async (_, payload) => {
    const before = await storedLanguage('bob');
    const response = await putLanguage('bob', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await storedLanguage('bob')).toBe(before);
  });

  it("never changes another member's language", async () => {
    const before = await storedLanguage('alice');
    const response = await putLanguage('bob', { language: before === 'es' ? 'en' : 'es', id: world.alice.memberId });
    expect(response.statusCode).toBe(403);
    expect(await storedLanguage('alice')).toBe(before);
    expect(await storedLanguage('bob')).toBeNull();
  });

  it('requires a sign-in', async () => {
    const response = await world.app.inject({ method: 'PUT', url: '/api/Member/Language', payload: { language: 'es' } });
    expect(response.statusCode).toBe(401);
  });
});
