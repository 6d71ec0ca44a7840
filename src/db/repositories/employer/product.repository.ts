import type { Insertable, Selectable } from 'kysely';
import type { Product } from '#contracts/entities.ts';
import { employerText, type Language } from '#contracts/language.ts';
import type { DbOrTx, ProductOptionTable, ProductTable } from '../../database.ts';

export type ProductRow = Selectable<ProductTable>;
export type ProductOptionRow = Selectable<ProductOptionTable>;

/**
 * The active products an employer offers (its own and those for every employer), each with its price options, their
 * texts in `language` where staff wrote them in it.
 */
export async function listActive(db: DbOrTx, accountid: string, language: Language): Promise<Product[]> {
  const products = await db
    .selectFrom('product')
    .selectAll()
    .where('active', '=', true)
    .where((eb) => eb.or([eb('accountid', 'is', null), eb('accountid', '=', accountid)]))
    .orderBy('productname')
    .orderBy('id')
    .execute();
  return withOptions(db, products, language);
}

/** An employer's own products, active or not (the staff console's list), each with its price options. */
export async function listOwn(db: DbOrTx, accountid: string): Promise<Array<{ product: ProductRow; options: ProductOptionRow[] }>> {
  const products = await db.selectFrom('product').selectAll().where('accountid', '=', accountid).orderBy('productname').orderBy('id').execute();
  const options = await optionsOf(db, products);
  return products.map((product) => ({ product, options: options.filter((option) => option.productid === product.id) }));
}

/** The ids of products that belong to another employer or to every employer (an employer's list may not take them). */
export async function foreignIds(db: DbOrTx, accountid: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('product')
    .select('id')
    .where('id', 'in', [...ids])
    .where((eb) => eb.or([eb('accountid', 'is', null), eb('accountid', '!=', accountid)]))
    .execute();
  return rows.map((row) => row.id);
}

/** Turns off the employer's products not among `keep` (orders keep their names and prices; nothing is deleted). */
export async function deactivateOthers(db: DbOrTx, accountid: string, keep: readonly string[]): Promise<void> {
  let query = db.updateTable('product').set({ active: false }).where('accountid', '=', accountid);
  if (keep.length > 0) query = query.where('id', 'not in', [...keep]);
  await query.execute();
}

async function optionsOf(db: DbOrTx, products: readonly ProductRow[]): Promise<ProductOptionRow[]> {
  if (products.length === 0) return [];
  return db
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
}

async function withOptions(db: DbOrTx, products: readonly ProductRow[], language: Language): Promise<Product[]> {
  const options = await optionsOf(db, products);
  return products.map((product) => toWire(product, options.filter((option) => option.productid === product.id), language));
}

/**
 * A price option of an active product the employer offers, with its product; undefined when either is unknown,
 * inactive or another employer's (one query).
 */
export async function findActiveOption(
  db: DbOrTx,
  accountid: string,
  productid: string,
  optionid: string,
): Promise<{ product: ProductRow; option: ProductOptionRow } | undefined> {
  return findOption(db, accountid, optionid, productid);
}

/** A price option by its id alone, with its active product the employer offers (the cart names the option only). */
export async function findActiveOptionById(db: DbOrTx, accountid: string, optionid: string): Promise<{ product: ProductRow; option: ProductOptionRow } | undefined> {
  return findOption(db, accountid, optionid);
}

async function findOption(
  db: DbOrTx,
  accountid: string,
  optionid: string,
  productid?: string,
): Promise<{ product: ProductRow; option: ProductOptionRow } | undefined> {
  let query = db
    .selectFrom('product_option as o')
    .innerJoin('product as p', 'p.id', 'o.productid')
    .select([
      'p.id as p_id',
      'p.accountid',
      'p.productname',
      'p.vendorname',
      'p.description',
      'p.description_es',
      'p.category',
      'p.subcategory',
      'p.taxstatus',
      'p.active',
      'o.id as o_id',
      'o.option',
      'o.option_es',
      'o.cost_cents',
      'o.sort',
    ])
    .where('o.id', '=', optionid)
    .where('p.active', '=', true)
    .where((eb) => eb.or([eb('p.accountid', 'is', null), eb('p.accountid', '=', accountid)]));
  if (productid !== undefined) query = query.where('o.productid', '=', productid);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const { p_id, o_id, option, option_es, cost_cents, sort, ...product } = row;
  return { product: { id: p_id, ...product }, option: { id: o_id, productid: p_id, option, option_es, cost_cents, sort } };
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

/** A product as a member reads it: its description and options in `language` where written in it, else English. */
export function toWire(product: ProductRow, options: readonly ProductOptionRow[], language: Language): Product {
  const description = employerText(product.description, product.description_es, language);
  return {
    id: product.id,
    productname: product.productname,
    vendorname: product.vendorname,
    description: description.text,
    descriptionlang: description.lang,
    category: product.category,
    subcategory: product.subcategory,
    taxstatus: product.taxstatus,
    options: options.map((option) => {
      const name = employerText(option.option, option.option_es, language);
      return { id: option.id, option: name.text, optionlang: name.lang, cost: option.cost_cents };
    }),
  };
}
