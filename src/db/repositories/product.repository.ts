import type { Insertable, Selectable } from 'kysely';
import type { Product } from '#contracts/entities.ts';
import { centsToDollars } from '#domain/money.ts';
import type { DbOrTx, ProductOptionTable, ProductTable } from '../database.ts';

export type ProductRow = Selectable<ProductTable>;
export type ProductOptionRow = Selectable<ProductOptionTable>;

/** The active products, each with its price options in their sort order. */
export async function listActive(db: DbOrTx): Promise<Product[]> {
  const products = await db.selectFrom('product').selectAll().where('active', '=', true).orderBy('productname').orderBy('id').execute();
  if (products.length === 0) return [];
  const options = await db
    .selectFrom('product_option')
    .selectAll()
    .where(
      'productid',
      'in',
      products.map((product) => product.id),
    )
    .orderBy('sort')
    .orderBy('option')
    .execute();
  return products.map((product) => toWire(product, options.filter((option) => option.productid === product.id)));
}

/** A price option of an active product, with its product; undefined when either is unknown or inactive. */
export async function findActiveOption(
  db: DbOrTx,
  productid: string,
  optionid: string,
): Promise<{ product: ProductRow; option: ProductOptionRow } | undefined> {
  const product = await db.selectFrom('product').selectAll().where('id', '=', productid).where('active', '=', true).executeTakeFirst();
  if (!product) return undefined;
  const option = await db
    .selectFrom('product_option')
    .selectAll()
    .where('id', '=', optionid)
    .where('productid', '=', productid)
    .executeTakeFirst();
  return option ? { product, option } : undefined;
}

/** Inserts the product with its options, or overwrites them by id (seeding); options not given are removed. */
export async function upsertWithOptions(
  db: DbOrTx,
  product: Insertable<ProductTable>,
  options: ReadonlyArray<Insertable<ProductOptionTable>>,
): Promise<void> {
  const { id, ...changes } = product;
  await db
    .insertInto('product')
    .values(product)
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ ...changes }))
    .execute();
  await db.deleteFrom('product_option').where('productid', '=', id).execute();
  if (options.length > 0) await db.insertInto('product_option').values([...options]).execute();
}

export function toWire(product: ProductRow, options: readonly ProductOptionRow[]): Product {
  return {
    id: product.id,
    productname: product.productname,
    vendorname: product.vendorname,
    description: product.description,
    category: product.category,
    subcategory: product.subcategory,
    taxstatus: product.taxstatus,
    options: options.map((option) => ({ id: option.id, option: option.option, cost: centsToDollars(option.cost_cents) })),
  };
}
