/**
 * Serves the built web app (dist/web) and answers unknown paths: a GET outside /api gets the page of its app so
 * the browser router can show the screen (staff.html, the staff console, under /staff except its API docs at
 * /staff/docs; index.html, the employee portal, elsewhere); anything else is a 404 in the API envelope.
 * The portal's page says its language in <html lang> (request.language), which picks the catalogue the page loads;
 * the staff console is English.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Language } from '#contracts/language.ts';
import { catalogueMessage } from '../content/catalogue-messages.ts';
import { answerLanguage, sendFailure } from '../plugins/errors.plugin.ts';

export const defaultWebRoot = fileURLToPath(new URL('../../../dist/web', import.meta.url));

/**
 * An address under /api, however it is spelled (/API/x, /api;x, /api%2Fx, //api/x): never answered with the web
 * app's page, so a mistyped API call hears a JSON 404 and not a 200 of HTML.
 */
export function isApi(url: string): boolean {
  const path = url.split('?')[0]!;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Fastify refused bad encodings before this; keep the raw path.
  }
  return /^\/+api(?:[/;?#.]|$)/i.test(decoded);
}

/** A path of the staff console's screens: /staff and below it, but not /staff/docs (the staff API's pages). */
export function isStaffConsole(url: string): boolean {
  const path = url.split('?')[0]!;
  return /^\/staff(?:\/|$)/.test(path) && !/^\/staff\/docs(?:[/?#]|$)/.test(path);
}

/** The portal's page in a language: its <html lang> says which catalogue the page loads (main.tsx). */
export function pageInLanguage(page: string, language: Language): string {
  return page.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
}

export async function registerStatic(app: FastifyInstance, webRoot: string): Promise<void> {
  const hasWeb = existsSync(path.join(webRoot, 'index.html'));
  // Read once: the build never changes under a running server.
  const portalPage = hasWeb ? readFileSync(path.join(webRoot, 'index.html'), 'utf8') : '';
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      // The portal's page is never sent as the file: it is written in the request's language (below).
      index: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      // The build writes a .br and a .gz beside each text file (scripts/precompress.ts): sent with
      // Content-Encoding when the browser accepts it, and Vary: Accept-Encoding always.
      preCompressed: true,
      // No dot file (.git, .env, .well-known left in the build) is ever served: it is not found, like any
      // unknown path (ASVS V4.3.2). Directories are never listed (the plugin's `list` is off).
      dotfiles: 'ignore',
      // Built assets carry a content hash in their names, so they never change; index.html always may.
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const sendPortalPage = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8')
      .send(pageInLanguage(portalPage, request.language));
  if (hasWeb) app.get('/', { schema: { hide: true } }, sendPortalPage);
  app.setNotFoundHandler((request, reply) => {
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !isApi(request.url)) {
      if (isStaffConsole(request.url)) return reply.header('cache-control', 'no-cache').sendFile('staff.html');
      return sendPortalPage(request, reply);
    }
    const message = catalogueMessage('error-not-found', {}, answerLanguage(request));
    return sendFailure(reply, 404, { success: false, data: null, code: 'NOT_FOUND', message });
  });
}
