/**
 * The language a member reads the product in, stored in their profile (member.language), so another device and the
 * e-mails follow it. The answer also sets the language cookie, which picks the language of the pages and answers.
 */
import type { FastifyInstance } from 'fastify';
import { languageCookie, LANGUAGES, type Language } from '#contracts/language.ts';
import * as members from '#db/repositories/member/member.repository.ts';
import { refuseOthersIds } from '../../security/ownership.ts';
import { bearer, envelope, failures, ok, uuid } from '../../http/route-schemas.ts';

export async function memberLanguageRoutes(app: FastifyInstance): Promise<void> {
  app.put<{ Body: { language: Language; id?: string } }>(
    '/api/Member/Language',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['member'],
        summary: "Store the signed-in member's language (and set the language cookie)",
        security: bearer,
        body: {
          type: 'object',
          required: ['language'],
          additionalProperties: false,
          properties: { language: { type: 'string', enum: [...LANGUAGES] }, id: { ...uuid, description: "The caller's id, if sent" } },
        },
        response: { 200: envelope({ type: 'object', required: ['language'], properties: { language: { type: 'string', enum: [...LANGUAGES] } } }), ...failures },
      },
    },
    async (request, reply) => {
      const caller = request.member!;
      refuseOthersIds(caller, { memberIds: [request.body.id] });
      const { language } = request.body;
      await members.update(app.db, caller.memberId, { language, modifiedon: new Date() });
      reply.header('set-cookie', languageCookie(language, true));
      return ok({ language });
    },
  );
}
