/**
 * An employer's own additional services and their priced options as staff list and replace them; a product left
 * out is turned off, never deleted, so earlier orders keep their names.
 */
import { randomUUID } from 'node:crypto';
import { StaffProductAnswerSchema, type StaffProduct } from '#contracts/staff/staff-employers.ts';
import type { DbOrTx } from '#db/database.ts';
import * as products from '#db/repositories/employer/product.repository.ts';
import { recordStaffChange } from '#db/repositories/staff/staff-audit.repository.ts';
import { badRequest } from '../../errors.ts';
import { representationTag, requireUnchanged, type Precondition } from '../../http/preconditions.ts';
import { dollarsOfAnswer } from '../../http/money-wire.ts';
import type { Staff } from '../../ports.ts';
import { lockedEmployer } from './staff-employers.ts';
import { spanishOf } from './staff-employer-inputs.ts';

/** The products as the audit keeps them: as staff read them (the wire's dollars, by the routes' own mapping). */
const audited = (list: StaffProduct[]) => dollarsOfAnswer({ items: StaffProductAnswerSchema }, list);

/** The employer's own products, prices in cents. */
export async function listProducts(db: DbOrTx, accountid: string): Promise<StaffProduct[]> {
  return (await products.listOwn(db, accountid)).map(({ product, options }) => ({
    id: product.id,
    productname: product.productname,
    vendorname: product.vendorname,
    description: product.description,
    description_es: product.description_es,
    subcategory: product.subcategory,
    taxstatus: product.taxstatus as StaffProduct['taxstatus'],
    active: product.active,
    options: options.map((option) => ({ id: option.id, option: option.option, option_es: option.option_es, cost: option.cost_cents })),
  }));
}

/**
 * Replaces the employer's own additional services with the list: products and options keep the ids given (new
 * ones get new ids); a product left out is turned off, not deleted, so earlier orders keep their names. `read` is
 * the version of the list it was edited from (its tag). Prices are cents, in and out.
 */
export async function replaceProducts(db: DbOrTx, staff: Staff, accountid: string, list: readonly StaffProduct[], read: Precondition): Promise<StaffProduct[]> {
  const priced = list.map((product) => ({
    product,
    id: product.id ?? randomUUID(),
    options: product.options.map((option, optionIndex) => ({
      id: option.id ?? randomUUID(),
      option: option.option.trim(),
      option_es: spanishOf(option.option_es),
      cents: option.cost,
      sort: optionIndex + 1,
    })),
  }));
  const allIds = [...priced.map((entry) => entry.id), ...priced.flatMap((entry) => entry.options.map((option) => option.id))];
  if (new Set(allIds).size !== allIds.length) throw badRequest('Two products or price options have the same id.', { '/products': ['Ids must be unique.'] });
  return db.transaction().execute(async (tx) => {
    await lockedEmployer(tx, accountid);
    const before = await listProducts(tx, accountid);
    await requireUnchanged(tx, read, representationTag(before), { name: "the employer's additional services", entity: 'employer', entityId: accountid, actions: ['products'] });
    const foreign = await products.foreignIds(tx, accountid, priced.map((entry) => entry.id));
    if (foreign.length > 0) throw badRequest('A product id belongs to another employer.', { '/products': [`Product ${foreign[0]} is not this employer's.`] });
    for (const entry of priced) {
      await products.upsertWithOptions(
        tx,
        {
          id: entry.id,
          accountid,
          productname: entry.product.productname.trim(),
          vendorname: entry.product.vendorname.trim(),
          description: entry.product.description,
          description_es: spanishOf(entry.product.description_es),
          category: 'additionalservices',
          subcategory: entry.product.subcategory,
          taxstatus: entry.product.taxstatus,
          active: entry.product.active,
        },
        entry.options.map((option) => ({ id: option.id, productid: entry.id, option: option.option, option_es: option.option_es, cost_cents: option.cents, sort: option.sort })),
      );
    }
    await products.deactivateOthers(tx, accountid, priced.map((entry) => entry.id));
    const after = await listProducts(tx, accountid);
    await recordStaffChange(tx, { staffId: staff.id, action: 'products', entity: 'employer', entityId: accountid, before: audited(before), after: audited(after) });
    return after;
  });
}
