/**
 * A Vite plugin for the build: the web's catalogues (schemas/messages/<language>.json) leave out the texts only the
 * server uses, the e-mails' (keys beginning `mail-`), so a page does not download texts it never reads. The server
 * reads the whole files (src/server/content/catalogue-messages.ts); the tests read them whole too (the plugin is build-only).
 */
import type { Plugin } from 'vite';

const CATALOGUE = /schemas\/messages\/[a-z]{2}\.json$/;
const SERVER_ONLY = /^mail-/;

export function webCatalogue(): Plugin {
  return {
    name: 'web-catalogue',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOGUE.test(id)) return null;
      const catalogue = JSON.parse(code) as { messages: Record<string, string> } & Record<string, unknown>;
      const messages = Object.fromEntries(Object.entries(catalogue.messages).filter(([key]) => !SERVER_ONLY.test(key)));
      return { code: JSON.stringify({ ...catalogue, messages }), map: null };
    },
  };
}
