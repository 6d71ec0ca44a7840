/** The public content routes and app.content; staff overrides of these documents: staff-content.test.ts. */
import { describe, expect, it } from 'vitest';
import type { FormDocument } from '#engine/runtime/index.ts';
import { databases } from './helpers/databases.ts';
import { useTestApp } from './helpers/lifecycle.ts';

describe.each(databases())('content routes on $name', (database) => {
  const test = useTestApp(database);

  const get = (url: string, headers: Record<string, string> = {}) => test.app.inject({ method: 'GET', url, headers });
  const form = async (id: string) => (await get(`/api/content/forms/${id}`)).json().data as { document: FormDocument; etag: string };

  describe('GET /api/content/{forms|flows}/{id}', () => {
    it('answers the base document with its etag, and 304 when the browser already has it', async () => {
      const response = await get('/api/content/forms/waiver');
      expect(response.statusCode).toBe(200);
      const { document, etag } = response.json().data;
      expect(document).toMatchObject({ id: 'waiver', kind: 'form', messages: { 'select-waiver-reason': 'Please select a waiver reason' } });
      expect(response.headers.etag).toBe(etag);
      const again = await get('/api/content/forms/waiver', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect((await get('/api/content/forms/waiver', { 'if-none-match': '"other"' })).statusCode).toBe(200);
    });

    it('serves bundled forms (shared pieces inlined) and the flow', async () => {
      const { document } = await form('profile');
      expect(document.schema.definitions).toHaveProperty('dependent');
      expect(JSON.stringify(document)).not.toMatch(/\.schema\.json/);
      const flowAnswer = await get('/api/content/flows/enrollment');
      expect(flowAnswer.json().data.document).toMatchObject({ id: 'enrollment', kind: 'flow' });
    });

    it('answers 404 for an unknown document or the wrong kind, 400 for a bad employer id', async () => {
      expect((await get('/api/content/forms/nope')).json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      expect((await get('/api/content/forms/nope')).statusCode).toBe(404);
      expect((await get('/api/content/flows/profile')).statusCode).toBe(404);
      expect((await get('/api/content/forms/enrollment')).statusCode).toBe(404);
      expect((await get('/api/content/forms/waiver?accountid=acme')).statusCode).toBe(400);
    });
  });

  describe('app.content.validate', () => {
    it("answers 400 with the first field message and prefixed pointers, and gives rules today's date", async () => {
      const error = await test.app.content
        .validate('profile', null, { firstname: 'Ada', birthdate: '2999-01-01' }, { language: 'en', pointerPrefix: '/member' })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', statusCode: 400, message: 'Last Name is required' });
      expect((error as { fieldErrors: Record<string, string[]> }).fieldErrors['/member/birthdate']).toEqual(['DOB must be between 1941-01-01 and today.']);
      await expect(test.app.content.validate('login', null, { email: 'a@b.co', password: 'x' }, { language: 'en' })).resolves.toBeUndefined();
    });
  });
});
