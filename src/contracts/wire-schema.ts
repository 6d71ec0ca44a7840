/**
 * TypeBox building blocks of the wire contracts: one declaration is both the JSON Schema a route validates and
 * serializes with (and OpenAPI shows) and its TypeScript type (Static<>) (docs/decisions/038-route-schemas-are-their-types.md).
 * Shapes are OpenAPI 3.0's: null is `nullable: true`, not a union with null.
 */
import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';

/** A schema that also takes null (OpenAPI 3.0's `nullable`). */
export const Nullable = <T extends TSchema>(schema: T): TUnsafe<Static<T> | null> => Type.Unsafe<Static<T> | null>({ ...schema, nullable: true });

/** One of a few values of a JSON type, as a plain `enum` (Ajv's "must be equal to one of the allowed values"). */
export const OneOf = <const V extends readonly (string | number)[]>(type: 'string' | 'integer', values: V, options: object = {}): TUnsafe<V[number]> =>
  Type.Unsafe<V[number]>({ type, enum: [...values], ...options });

export const Uuid = Type.String({ format: 'uuid' });
export const IsoDate = Type.String({ format: 'date' });

/** The keyword that marks money on the wire: the routes' mapping (src/server/http/money-wire.ts) and the API clients' decoders find it. */
export const MONEY_KEYWORD = 'x-money';
/** The keyword naming the catalogue text (its key) a refused amount of this field answers with, where not the mapping's own. */
export const MONEY_REFUSAL_KEYWORD = 'x-money-refusal';
/** What an amount is, in the words its refusal uses ('A price cannot be negative...', 'An amount ...'). */
export type MoneyKind = 'price' | 'amount';

/** Bounds of an amount (absurd numbers only), and the catalogue text a refused one answers with (a member's field). */
export type DollarsOptions = { minimum?: number; maximum?: number; refusal?: string };

/**
 * Money: dollars with at most two decimals on the wire, integer cents inside the server and the browsers
 * (src/domain/values/money.ts). The routes' mapping turns the dollars of a request into cents before the handler
 * and the cents of an answer into dollars as it is serialized; the API clients' decoders turn an answer's dollars
 * back into cents. So the type is the one inside: a number of cents. The bounds only keep absurd numbers out; a
 * sign or a third decimal is refused by the mapping, on the field, in words.
 */
export const Dollars = (kind: MoneyKind, description: string, options: DollarsOptions = {}) =>
  Type.Number({
    minimum: options.minimum ?? -1_000_000,
    maximum: options.maximum ?? 1_000_000,
    description,
    [MONEY_KEYWORD]: kind,
    ...(options.refusal === undefined ? {} : { [MONEY_REFUSAL_KEYWORD]: options.refusal }),
  });

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
