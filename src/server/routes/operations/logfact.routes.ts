/**
 * The event log (spec §4 Logged events). Who did it comes from the token: the body's accountid and memberid are
 * accepted for the spec's wire shape only when they name the caller (else 403), and data.User is set to the
 * signed-in e-mail.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LogFactEvent } from '#contracts/entities.ts';
import * as logFacts from '#db/repositories/member/log-fact.repository.ts';
import { unauthorized } from '../../errors.ts';
import { refuseOthersIds } from '../../security/ownership.ts';
import { bearer, envelope, failures, isoDate, nullable, ok, uuid } from '../../http/route-schemas.ts';

export async function logFactRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: LogFactEvent & { data: Record<string, unknown> } }>(
    '/api/LogFact/v2',
    {
      onRequest: app.authenticate,
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['logfact'],
        summary: 'Record an event of the signed-in member',
        security: bearer,
        body: {
          type: 'object',
          required: ['title', 'data'],
          properties: {
            title: { type: 'string', minLength: 1, maxLength: 200 },
            data: {
              type: 'object',
              properties: { description: { type: 'string', maxLength: 4000 }, User: { type: 'string', maxLength: 320 } },
            },
            accountid: { type: 'string', description: "The caller's employer when given; the stored one comes from the token." },
            memberid: { type: 'string', description: "The caller when given; the stored one comes from the token." },
            action: { type: 'string', maxLength: 200 },
            effectivedate: nullable(isoDate),
          },
        },
        response: { 200: envelope({ type: 'object', properties: { id: uuid } }), ...failures },
      },
    },
    async (request) => {
      const caller = request.member;
      if (!caller) throw unauthorized();
      const { title, data, action, effectivedate } = request.body;
      refuseOthersIds(caller, { memberIds: [request.body.memberid], accountIds: [request.body.accountid] });
      const id = randomUUID();
      await logFacts.insert(app.db, {
        id,
        title,
        accountid: caller.accountId,
        memberid: caller.memberId,
        action: action ?? null,
        effectivedate: effectivedate ?? null,
        data: { ...data, User: caller.email },
      });
      return ok({ id });
    },
  );
}
