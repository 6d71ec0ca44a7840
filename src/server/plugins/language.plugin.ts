/**
 * request.language: the language a request is answered in (src/contracts/language.ts): the one chosen with the
 * language switch (its cookie, which the web app keeps in step with the member's profile), else the browser's
 * Accept-Language, else English. Documents' texts, validation messages and the catalogue's notices follow it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, requestLanguage, type Language } from '#contracts/language.ts';
import { readCookie } from '../security/cookies.ts';

const LANGUAGE_VALUE = /^[a-z]{2}$/;

/** The language a request's headers ask for (its cookie, else its Accept-Language, else English). */
export const headersLanguage = (request: FastifyRequest): Language =>
  requestLanguage(readCookie(request, LANGUAGE_COOKIE, LANGUAGE_VALUE), request.headers['accept-language']);

export async function languagePlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('language', 'en' as Language);
  app.addHook('onRequest', async (request) => {
    request.language = headersLanguage(request);
  });
}
