/** The brokers of the caller's employer's team (spec §7 Broker; the path keeps the spec's spelling). */
import type { FastifyInstance } from 'fastify';
import * as brokers from '#db/repositories/employer/broker.repository.ts';
import * as employers from '#db/repositories/employer/employer.repository.ts';
import { forbidden } from '../../errors.ts';
import { bearer, envelope, failures, ok, uuid, nullableString } from '../../http/route-schemas.ts';


const brokerSchema = {
  type: 'object',
  properties: { firstName: { type: 'string' }, lastName: { type: 'string' }, emailAddress: nullableString, phoneNumber: nullableString },
} as const;

export async function brokerRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { teamid: string } }>(
    '/api/Brocker/:teamid',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['Employer'],
        summary: "The brokers of the caller's employer's team; the web shows the first",
        security: bearer,
        params: { type: 'object', required: ['teamid'], properties: { teamid: uuid } },
        response: { 200: envelope({ type: 'array', items: brokerSchema }), ...failures },
      },
    },
    async (request) => {
      const employer = await employers.findById(app.db, request.member!.accountId);
      if (!employer || employer.teamid !== request.params.teamid) throw forbidden();
      const rows = await brokers.listByTeam(app.db, employer.teamid);
      return ok(rows.map(brokers.toWire));
    },
  );
}
