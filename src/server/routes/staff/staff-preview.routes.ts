/**
 * The staff preview's sample (docs/staff.md): GET /api/staff/employers/{accountid}/preview-sample answers what the
 * member wizard's shop, HSA, additional services and cart screens read, for a made-up employee the console names
 * (services/staff-preview-sample.ts). A viewer's read: it writes nothing and names no real person.
 */
import type { FastifyInstance } from 'fastify';
import { LANGUAGES } from '#contracts/language.ts';
import type { PreviewSampleQuery } from '#contracts/staff/staff-preview.ts';
import { healthPlanQuoteSchema } from '../enrollment/health-plan-quote.json.ts';
import { hsaLimitSchema } from '../enrollment/hsa.routes.ts';
import { locationSchema } from '../enrollment/location.routes.ts';
import { productSchema } from '../enrollment/product.routes.ts';
import { envelope, failures, isoDate, ok, uuid } from '../../http/route-schemas.ts';
import { employerOr404 } from '../../services/staff-employers/staff-employers.ts';
import { previewSample } from '../../services/staff-employers/staff-preview-sample.ts';
import { staffCookieSecurity } from './staff-auth.routes.ts';

const sampleSchema = {
  type: 'object',
  required: ['quote', 'hsalimit', 'productlist', 'contributioncents'],
  properties: {
    quote: { ...healthPlanQuoteSchema, required: [...healthPlanQuoteSchema.required, 'location'], properties: { ...healthPlanQuoteSchema.properties, location: locationSchema } },
    hsalimit: hsaLimitSchema,
    productlist: { type: 'array', items: productSchema },
    contributioncents: { type: 'integer', description: "The employer's monthly contribution for the sample, in cents" },
  },
} as const;

export async function staffPreviewRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { accountid: string }; Querystring: PreviewSampleQuery }>(
    '/api/staff/employers/:accountid/preview-sample',
    {
      onRequest: app.requireStaff('viewer'),
      schema: {
        tags: ['Staff'],
        summary:
          "What the member wizard's shop, HSA, additional services and cart read, for a made-up employee (ZIP, county, birthdate; alone, no tobacco) on an effective date: a few plans of the reference data priced for them, their HSA limit, the employer's active services in the language asked, its contribution",
        security: staffCookieSecurity,
        params: { type: 'object', required: ['accountid'], properties: { accountid: uuid } },
        querystring: {
          type: 'object',
          required: ['zip', 'birthdate', 'effectivedate'],
          additionalProperties: false,
          properties: {
            zip: { type: 'string', pattern: '^\\d{5}$' },
            county: { type: 'string', maxLength: 100 },
            birthdate: isoDate,
            effectivedate: isoDate,
            language: { type: 'string', enum: [...LANGUAGES] },
          },
        },
        response: { 200: envelope(sampleSchema), ...failures },
      },
    },
    async (request) => {
      const employer = await employerOr404(app.db, request.params.accountid);
      return ok(await previewSample(app.db, employer, request.query));
    },
  );
}
