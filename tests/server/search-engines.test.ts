/**
 * What search engines read of the built portal (`npm run build` first, as for the bundle budget): /robots.txt is
 * served as the static file of src/web/public, and the portal's page carries a meta description, the catalogue's
 * landing text (scripts/page-description.ts), at / as at every screen's address.
 */
import { readFileSync } from 'node:fs';
import { decodeHTML } from 'entities';
import { describe, expect, it } from 'vitest';
import { defaultWebRoot } from '#server/http/static.ts';
import { DESCRIPTION_KEY } from '../../scripts/page-description.ts';
import { databases } from './helpers/databases.ts';
import { useTestApp } from './helpers/lifecycle.ts';

const catalogue = JSON.parse(readFileSync(new URL('../../schemas/messages/en.json', import.meta.url), 'utf8')) as { messages: Record<string, string> };

describe.each(databases())('what search engines read on $name', (database) => {
  const t = useTestApp(database, { webRoot: defaultWebRoot });

  it('answers GET /robots.txt with the file the build copied', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe(readFileSync(new URL('../../src/web/public/robots.txt', import.meta.url), 'utf8'));
    expect(response.body).toMatch(/^User-agent: \*$/m);
  });

  it("describes the portal's page in the catalogue's landing text", async () => {
    for (const url of ['/', '/login']) {
      const response = await t.app.inject({ method: 'GET', url });
      const description = /<meta name="description" content="([^"]*)"/.exec(response.body)?.[1];
      expect(description && decodeHTML(description), url).toBe(catalogue.messages[DESCRIPTION_KEY]);
    }
  });
});
