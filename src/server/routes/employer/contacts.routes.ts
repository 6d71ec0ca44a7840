/** The employer's contacts (spec §7 Contacts), with the name of each contact type. */
import type { FastifyInstance } from 'fastify';
import * as contacts from '#db/repositories/employer/contact.repository.ts';
import { contactsForEmployees } from '#domain/employer/contacts.ts';
import { forbidden } from '../../errors.ts';
import { bearer, envelope, failures, ok, uuid, nullableString } from '../../http/route-schemas.ts';


const contactSchema = {
  type: 'object',
  properties: {
    id: uuid,
    accountid: uuid,
    contacttype: { type: 'integer', minimum: 1, maximum: 5 },
    contacttypename: { type: 'string', description: 'Insurance Broker, Premium Payments/Banking, HR, Billing/Accounting or Support' },
    displaytoemployee: { type: 'boolean' },
    firstname: { type: 'string' },
    middlename: nullableString,
    lastname: { type: 'string' },
    emailaddress: nullableString,
    phonenumber: nullableString,
  },
} as const;

export async function contactsRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { accountid: string } }>(
    '/api/Contacts/:accountid',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['Employer'],
        summary: "The contacts of the caller's employer that employees may see (flagged, or of type 1 Insurance Broker)",
        security: bearer,
        params: { type: 'object', required: ['accountid'], properties: { accountid: uuid } },
        response: {
          200: envelope({ type: 'object', properties: { contacts: { type: 'array', items: contactSchema } } }),
          ...failures,
        },
      },
    },
    async (request) => {
      if (request.params.accountid !== request.member!.accountId) throw forbidden();
      const rows = await contacts.listByAccount(app.db, request.params.accountid);
      return ok({ contacts: contactsForEmployees(rows.map(contacts.toWire)) });
    },
  );
}
