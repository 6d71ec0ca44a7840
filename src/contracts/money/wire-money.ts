/**
 * Money on the wire, without TypeBox (the member app's bundle reads it): the keywords that mark an amount, the plain
 * Dollars schema, and the one walk of a value's amounts that the server's edge (src/server/http/money-wire.ts) and
 * the API clients' decoder (src/portal/api/money-decoder.ts) each give their conversion
 * (docs/decisions/038-route-schemas-are-their-types.md). Imports nothing.
 */

/** The keyword that marks money on the wire: the routes' mapping (src/server/http/money-wire.ts) and the API clients' decoders find it. */
export const MONEY_KEYWORD = 'x-money';
/** The keyword naming the catalogue text (its key) a refused amount of this field answers with, where not the mapping's own. */
export const MONEY_REFUSAL_KEYWORD = 'x-money-refusal';
/** What an amount is, in the words its refusal uses ('A price cannot be negative...', 'An amount ...'). */
export type MoneyKind = 'price' | 'amount';

/** Bounds of an amount (absurd numbers only: a body's; an answer needs none), and the catalogue text a refused one answers with (a member's field). */
export type DollarsOptions = { minimum?: number; maximum?: number; refusal?: string };

/**
 * Dollars as a plain JSON Schema, without TypeBox: the member calls' money (src/contracts/money/member-money.ts), which the
 * member app's bundle reads too, is declared with it; the routes take it as it is.
 */
export const dollarsSchema = (kind: MoneyKind, options: DollarsOptions & { description?: string } = {}) => ({
  type: 'number' as const,
  ...(options.minimum === undefined ? {} : { minimum: options.minimum }),
  ...(options.maximum === undefined ? {} : { maximum: options.maximum }),
  ...(options.description === undefined ? {} : { description: options.description }),
  [MONEY_KEYWORD]: kind,
  ...(options.refusal === undefined ? {} : { [MONEY_REFUSAL_KEYWORD]: options.refusal }),
});

/** A plain schema that also takes null (OpenAPI 3.0's `nullable`), as Nullable without TypeBox. */
export const nullableSchema = <T extends object>(schema: T) => ({ ...schema, nullable: true as const });

/** A schema as the money walk reads it: the marker, and where amounts may sit below (properties, items, nullable). */
export type MoneySchema = { [MONEY_KEYWORD]?: MoneyKind; [MONEY_REFUSAL_KEYWORD]?: string; properties?: Record<string, MoneySchema>; items?: MoneySchema };

/** What turns one amount: the number, the field's schema and its JSON pointer in the value. */
export type MoneyConversion = (amount: number, schema: MoneySchema & { [MONEY_KEYWORD]: MoneyKind }, pointer: string) => number;

/**
 * `value` with each amount the schema marks as money replaced by `convert` (a copy; the value is left as it is).
 * The one walk of the wire's money: the server's edge and the clients' decoders each give it their conversion.
 */
export function mapMoney(declared: unknown, value: unknown, convert: MoneyConversion, pointer = ''): unknown {
  const schema = declared as MoneySchema | undefined;
  if (schema === undefined || value === null || value === undefined) return value;
  if (schema[MONEY_KEYWORD] !== undefined) return typeof value === 'number' ? convert(value, schema as MoneySchema & { [MONEY_KEYWORD]: MoneyKind }, pointer) : value;
  if (Array.isArray(value)) return schema.items ? value.map((item, index) => mapMoney(schema.items, item, convert, `${pointer}/${index}`)) : value;
  if (typeof value === 'object' && schema.properties) {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [name, property] of Object.entries(schema.properties)) {
      if (name in copy) copy[name] = mapMoney(property, copy[name], convert, `${pointer}/${name}`);
    }
    return copy;
  }
  return value;
}

/** Whether a schema marks any money (a call or route without money is left alone). */
export const hasMoney = (schema: unknown): boolean => JSON.stringify(schema ?? null).includes(`"${MONEY_KEYWORD}"`);
