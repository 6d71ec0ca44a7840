/**
 * TypeBox building blocks of the wire contracts: one declaration is both the JSON Schema a route validates and
 * serializes with (and OpenAPI shows) and its TypeScript type (Static<>) (docs/decisions/038-route-schemas-are-their-types.md).
 * Shapes are OpenAPI 3.0's: null is `nullable: true`, not a union with null.
 */
import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';
import { dollarsSchema, type DollarsOptions, type MoneyKind } from './money/wire-money.ts';

/** A schema that also takes null (OpenAPI 3.0's `nullable`). */
export const Nullable = <T extends TSchema>(schema: T): TUnsafe<Static<T> | null> => Type.Unsafe<Static<T> | null>({ ...schema, nullable: true });

/** One of a few values of a JSON type, as a plain `enum` (Ajv's "must be equal to one of the allowed values"). */
export const OneOf = <const V extends readonly (string | number)[]>(type: 'string' | 'integer', values: V, options: object = {}): TUnsafe<V[number]> =>
  Type.Unsafe<V[number]>({ type, enum: [...values], ...options });

// Pure: a bundle that uses none of these leaves them out.
export const Uuid = /* @__PURE__ */ Type.String({ format: 'uuid' });
/** A real calendar date, 'YYYY-MM-DD' (the server's `date` format refuses 2026-02-30 and year 0000). */
export const IsoDate = /* @__PURE__ */ Type.String({ format: 'date' });
/** A day a list is filtered by: a date the database can compare, years 1000 to 2999 (year 0 is no date there). */
export const FilterDay = /* @__PURE__ */ Type.String({ format: 'date', pattern: '^[12][0-9]{3}-' });

/**
 * A request property that may be left out, which Ajv then fills with the schema's default (useDefaults): out of
 * the schema's `required`, so the OpenAPI document shows it optional, and present in the type the handler reads.
 */
export const Defaulted = <T extends TSchema>(schema: T): T => Type.Optional(schema) as unknown as T;

export { MONEY_KEYWORD, MONEY_REFUSAL_KEYWORD, type DollarsOptions, type MoneyKind } from './money/wire-money.ts';

/**
 * Money: dollars with at most two decimals on the wire, integer cents inside the server and the browsers
 * (src/domain/values/money.ts). The routes' mapping turns the dollars of a request into cents before the handler
 * and the cents of an answer into dollars as it is serialized; the API clients' decoders turn an answer's dollars
 * back into cents. So the type is the one inside: a number of cents. The bounds only keep absurd numbers out; a
 * sign or a third decimal is refused by the mapping, on the field, in words.
 */
export const Dollars = (kind: MoneyKind, description: string, options: DollarsOptions = {}) =>
  Type.Unsafe<number>(dollarsSchema(kind, { minimum: -1_000_000, maximum: 1_000_000, ...options, description }));

