/**
 * The portal's page says its language in <html lang>, which picks the catalogue the page loads: the language chosen
 * (the cookie bp_lang), else the browser's (Accept-Language), else English; at / and at every screen's address.
 * The staff console's page stays English.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databases } from './helpers/databases.ts';
import { useTestApp } from './helpers/lifecycle.ts';

const webRoot = mkdtempSync(path.join(os.tmpdir(), 'benefit-portal-web-'));
writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html>\n<html lang="en">\n  <head><title>Benefit Portal</title></head>\n  <body><div id="root"></div></body>\n</html>\n');
writeFileSync(path.join(webRoot, 'staff.html'), '<!doctype html>\n<html lang="en">\n  <body><div id="staff-root"></div></body>\n</html>\n');
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

describe.each(databases())('the page language on $name', (database) => {
  const t = useTestApp(database, { webRoot });
  const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const langOf = (body: string) => /<html lang="([^"]*)"/.exec(body)?.[1];

  it.each([
    ['no preference', {}, 'en'],
    ["the browser's Spanish", { 'accept-language': 'es-US,es;q=0.9,en;q=0.8' }, 'es'],
    ["a browser's language the product does not speak", { 'accept-language': 'fr-FR' }, 'en'],
    ['the language chosen over the browser’s', { 'accept-language': 'es', cookie: 'bp_lang=en' }, 'en'],
    ['the language chosen', { cookie: 'other=1; bp_lang=es' }, 'es'],
    ['a cookie of no language', { cookie: 'bp_lang=xx', 'accept-language': 'es' }, 'es'],
  ])('writes %s into <html lang>, at / and at a screen', async (_, headers, expected) => {
    for (const url of ['/', '/login', '/profile/personal?employer_id=x', '/index.html']) {
      const response = await page(url, headers);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.vary, url).toMatch(/Cookie, Accept-Language/);
      expect(langOf(response.body), url).toBe(expected);
      expect(response.body, url).toContain('<div id="root">');
    }
  });

  it("keeps the staff console's page English", async () => {
    const response = await page('/staff/employers', { cookie: 'bp_lang=es', 'accept-language': 'es' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('staff-root');
    expect(langOf(response.body)).toBe('en');
  });
});
