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

/** A price option of an active product, with its product; undefined when either is unknown or inactive (one query). */
export async function findActiveOption(
  db: DbOrTx,
  productid: string,
  optionid: string,
): Promise<{ product: ProductRow; option: ProductOptionRow } | undefined> {
  return findOption(db, optionid, productid);
}

/** A price option by its id alone, with its active product (the cart names the option only). */
export async function findActiveOptionById(db: DbOrTx, optionid: string): Promise<{ product: ProductRow; option: ProductOptionRow } | undefined> {
  return findOption(db, optionid);
}

async function findOption(db: DbOrTx, optionid: string, productid?: string): Promise<{ product: ProductRow; option: ProductOptionRow } | undefined> {
  let query = db
    .selectFrom('product_option as o')
    .innerJoin('product as p', 'p.id', 'o.productid')
    .select([
      'p.id as p_id',
      'p.productname',
      'p.vendorname',
      'p.description',
      'p.category',
      'p.subcategory',
      'p.taxstatus',
      'p.active',
      'o.id as o_id',
      'o.option',
      'o.cost_cents',
      'o.sort',
    ])
    .where('o.id', '=', optionid)
    .where('p.active', '=', true);
  if (productid !== undefined) query = query.where('o.productid', '=', productid);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const { p_id, o_id, option, cost_cents, sort, ...product } = row;
  return { product: { id: p_id, ...product }, option: { id: o_id, productid: p_id, option, cost_cents, sort } };
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
