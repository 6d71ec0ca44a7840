/**
 * The staff preview's sample (docs/staff.md): GET /api/staff/employers/{accountid}/preview-sample answers what the
 * member wizard's shop, HSA, additional services and cart screens read, for a made-up employee the console names
 * (services/staff-preview-sample.ts). A viewer's read: it writes nothing and names no real person.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PreviewSampleQuerySchema, PreviewSampleSchema } from '#contracts/staff/staff-preview.ts';
import { Uuid } from '#contracts/wire-schema.ts';
import { envelope, failures, ok } from '../../http/route-schemas.ts';
import { dollarsOnTheWire } from '../../http/money-wire.ts';
import { employerOr404 } from '../../services/staff-employers/staff-employers.ts';
import { previewSample } from '../../services/staff-employers/staff-preview-sample.ts';
import { staffCookieSecurity } from './staff-auth.routes.ts';

export async function staffPreviewRoutes(untyped: FastifyInstance): Promise<void> {
  // The sample's cents are the wire's dollars, as the member routes answer them (money-wire.ts).
  dollarsOnTheWire(untyped);
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/staff/employers/:accountid/preview-sample',
    {
      onRequest: app.requireStaff('viewer'),
      schema: {
        tags: ['Staff'],
        summary:
          "What the member wizard's shop, HSA, additional services and cart read, for a made-up employee (ZIP, county, birthdate; alone, no tobacco) on an effective date: a few plans of the reference data priced for them, their HSA limit, the employer's active services in the language asked, its contribution",
        security: staffCookieSecurity,
        params: Type.Object({ accountid: Uuid }),
        querystring: PreviewSampleQuerySchema,
        response: { 200: envelope(PreviewSampleSchema), ...failures },
      },
    },
    async (request) => {
      const employer = await employerOr404(app.db, request.params.accountid);
      return ok(await previewSample(app.db, employer, request.query));
    },
  );
}
