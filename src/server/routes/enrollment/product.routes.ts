/** The additional services a member may add (spec §7 Additional services), prices in dollars. */
import type { FastifyInstance } from 'fastify';
import { ProductSchema } from '#contracts/enrollment-answers.ts';
import * as employers from '#db/repositories/employer/employer.repository.ts';
import * as products from '#db/repositories/employer/product.repository.ts';
import { offersAdditionalServices } from '#domain/enrollment/orders.ts';
import { bearer, envelope, failures, ok } from '../../http/route-schemas.ts';
import { dollarsOnTheWire } from '../../http/money-wire.ts';

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
          200: envelope({ type: 'object', properties: { productlist: { type: 'array', items: ProductSchema } } }),
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
