/**
 * The employer as its members see it: the account settings (signed in, own employer only) and the public
 * branding (name, logo, help address) that the register, login and set-password pages show from the link.
 */
import type { FastifyInstance } from 'fastify';
import * as employers from '#db/repositories/employer/employer.repository.ts';
import { catalogueText } from '../../content/catalogue-messages.ts';
import { forbidden, notFound } from '../../errors.ts';
import { bearer, envelope, failures, nullable, ok, uuid, nullableString } from '../../http/route-schemas.ts';

/** The register page's own refusal: the branding is read from the employer link the register page opens with. */
const NO_EMPLOYER_MESSAGE = catalogueText('register-employer-unknown');

const brandingProperties = {
  accountid: uuid,
  accountname: { type: 'string' },
  mediadata: { ...nullableString, description: 'Base64 JPEG logo; null shows the default logo.' },
  emailaddress: { ...nullableString, description: "The employer's help address." },
} as const;

export const employerSchema = {
  type: 'object',
  properties: {
    ...brandingProperties,
    teamid: uuid,
    employeazecustomer: { type: 'integer', description: '1 or 2; 0 disables Next on the profile.' },
    hsaonly: { type: 'integer', description: '0 or 1' },
    edoc_period: { ...nullable({ type: 'integer' }), description: 'Days; moves the effective-date cut-off to 30 minus it.' },
    hsaadministrator: { ...nullableString, description: "The company that holds the employees' HSA accounts; null: none entered." },
    planyearstart: { type: 'string' },
    planyearend: { type: 'string' },
    businessyear: { type: 'integer' },
  },
} as const;

const accountParams = { type: 'object', required: ['accountid'], properties: { accountid: uuid } } as const;

export async function employerRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { accountid: string } }>(
    '/api/Employer/Branding/:accountid',
    {
      schema: {
        tags: ['Employer'],
        summary: 'Employer name, logo and help address for the employer link (no sign-in)',
        params: accountParams,
        response: { 200: envelope({ type: 'object', properties: brandingProperties }), ...failures },
      },
    },
    async (request) => {
      const employer = await employers.findById(app.db, request.params.accountid);
      if (!employer) throw notFound(NO_EMPLOYER_MESSAGE);
      return ok(employers.toBranding(employer));
    },
  );

  app.get<{ Params: { accountid: string } }>(
    '/api/Employer/:accountid',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['Employer'],
        summary: "The caller's employer with its settings",
        security: bearer,
        params: accountParams,
        response: { 200: envelope(employerSchema), ...failures },
      },
    },
    async (request) => {
      if (request.params.accountid !== request.member!.accountId) throw forbidden();
      const employer = await employers.findById(app.db, request.params.accountid);
      if (!employer) throw notFound(NO_EMPLOYER_MESSAGE);
      return ok(employers.toWire(employer));
    },
  );
}
