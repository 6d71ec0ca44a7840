/** The additional services a member may add (spec §7 Additional services), prices in dollars. */
import type { FastifyInstance } from 'fastify';
import { ProductOptionMoney } from '#contracts/money/member-money.ts';
import * as employers from '#db/repositories/employer/employer.repository.ts';
import * as products from '#db/repositories/employer/product.repository.ts';
import { offersAdditionalServices } from '#domain/enrollment/orders.ts';
import { bearer, envelope, failures, ok, uuid, nullableString } from '../../http/route-schemas.ts';
import { dollarsOnTheWire } from '../../http/money-wire.ts';


/** A product as a member reads it (also the staff preview's sample). */
export const productSchema = {
  type: 'object',
  properties: {
    id: uuid,
    productname: { type: 'string' },
    vendorname: { type: 'string' },
    description: { type: 'string', description: "In the request's language where staff wrote it in it, else English" },
    descriptionlang: { type: 'string', enum: ['en', 'es'], description: 'The language description is in' },
    category: { type: 'string' },
    subcategory: nullableString,
    taxstatus: nullableString,
    options: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: uuid,
          option: { type: 'string', description: "In the request's language where staff wrote it in it, else English" },
          optionlang: { type: 'string', enum: ['en', 'es'], description: 'The language option is in' },
          cost: ProductOptionMoney.cost,
        },
      },
    },
  },
} as const;

export async function productRoutes(app: FastifyInstance): Promise<void> {
  // Prices are cents in the repository; the edge writes dollars (money-wire.ts).
  dollarsOnTheWire(app);
  app.get(
    '/api/Product',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['Order'],
        summary: "The additional services the caller's employer offers, with their price options (none unless its employeazecustomer is 1)",
        security: bearer,
        response: {
          200: envelope({ type: 'object', properties: { productlist: { type: 'array', items: productSchema } } }),
          ...failures,
        },
      },
    },
    async (request) => {
      const employer = await employers.findById(app.db, request.member!.accountId);
      const offered = employer !== undefined && offersAdditionalServices(employer);
      return ok({ productlist: offered ? await products.listActive(app.db, employer.accountid, request.language) : [] });
    },
  );
}
