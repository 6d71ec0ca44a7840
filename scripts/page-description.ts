/**
 * A Vite plugin for the build: the portal's page (index.html) gets its meta description from the catalogue, the
 * landing page's own words for the product (schemas/messages/en.json, `landing-text`; the page is English until
 * the app loads its language), so search engines show what the page says and the text lives in one place.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const CATALOGUE = new URL('../schemas/messages/en.json', import.meta.url);
export const DESCRIPTION_KEY = 'landing-text';

export function pageDescription(): Plugin {
  return {
    name: 'page-description',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      handler(_html, context) {
        if (!context.filename.endsWith('/index.html')) return undefined;
        const { messages } = JSON.parse(readFileSync(CATALOGUE, 'utf8')) as { messages: Record<string, string> };
        const description = messages[DESCRIPTION_KEY];
        if (!description) throw new Error(`The catalogue has no ${DESCRIPTION_KEY} for the page's description`);
        return [{ tag: 'meta', attrs: { name: 'description', content: description }, injectTo: 'head' }];
      },
    },
  };
}
