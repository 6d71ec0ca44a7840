/** The additional services a member may add (spec §7 Additional services), prices in dollars. */
import type { FastifyInstance } from 'fastify';
import * as products from '#db/repositories/product.repository.ts';
import { bearer, envelope, failures, ok, uuid, nullableString } from '../route-schemas.ts';


const productSchema = {
  type: 'object',
  properties: {
    id: uuid,
    productname: { type: 'string' },
    vendorname: { type: 'string' },
    description: { type: 'string' },
    category: { type: 'string' },
    subcategory: nullableString,
    taxstatus: nullableString,
    options: {
      type: 'array',
      items: { type: 'object', properties: { id: uuid, option: { type: 'string' }, cost: { type: 'number', description: 'Dollars per month' } } },
    },
  },
} as const;

export async function productRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/Product',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['Order'],
        summary: "The additional services the caller's employer offers, with their price options",
        security: bearer,
        response: {
          200: envelope({ type: 'object', properties: { productlist: { type: 'array', items: productSchema } } }),
          ...failures,
        },
      },
    },
    async (request) => ok({ productlist: await products.listActive(app.db, request.member!.accountId) }),
  );
}
