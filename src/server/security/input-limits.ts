/**
 * What every request must satisfy before a handler sees it (OWASP ASVS 4.0 V5), whatever its route declares:
 * - limits added to each route's request schemas when the route is registered (so the OpenAPI document shows
 *   them): an integer without its own range fits the database's int4, a string without its own length is at most
 *   DEFAULT_MAX_LENGTH characters, a list at most DEFAULT_MAX_ITEMS items;
 * - a `date` is a real calendar date ('YYYY-MM-DD', year 0001 on; 2026-02-30 is refused), one format for every route;
 * - numbers in a JSON body are JSON numbers: the body's validator never coerces ('0x10' is not 16, '1' is not
 *   true); path and query parts are text by nature and are still read as the numbers their schemas name;
 * - no text anywhere in the path, query or body (values and property names) holds a NUL or an unpaired
 *   surrogate, which PostgreSQL cannot store, and a body nests at most MAX_DEPTH levels.
 */
import Ajv, { type Options as AjvOptions, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { MONEY_KEYWORD, MONEY_REFUSAL_KEYWORD } from '#contracts/wire-schema.ts';
import { isIsoDate } from '#domain/values/dates.ts';
import type { FastifyRequest } from 'fastify';
import { catalogueText, inLanguage } from '../content/catalogue-messages.ts';
import { badRequest } from '../errors.ts';

export const INT4_MIN = -2147483648;
export const INT4_MAX = 2147483647;
export const DEFAULT_MAX_LENGTH = 1000;
export const DEFAULT_MAX_ITEMS = 100;
export const MAX_DEPTH = 32;

type SchemaNode = Record<string, unknown>;

/** A copy of a request schema with the default limits filled in wherever the schema sets none. */
export function withInputLimits<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((item) => withInputLimits(item)) as T;
  if (!schema || typeof schema !== 'object') return schema;
  const node = schema as SchemaNode;
  const out: SchemaNode = {};
  for (const [key, value] of Object.entries(node)) {
    // enum and const hold values, not schemas; examples and defaults likewise.
    out[key] = ['enum', 'const', 'default', 'examples', 'required'].includes(key) ? value : withInputLimits(value);
  }
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('integer')) {
    if (node.minimum === undefined && node.exclusiveMinimum === undefined) out.minimum = INT4_MIN;
    if (node.maximum === undefined && node.exclusiveMaximum === undefined) out.maximum = INT4_MAX;
  }
  if (types.includes('string') && node.maxLength === undefined && node.enum === undefined && node.const === undefined) {
    out.maxLength = DEFAULT_MAX_LENGTH;
  }
  if (types.includes('array') && node.maxItems === undefined) out.maxItems = DEFAULT_MAX_ITEMS;
  return out as T;
}

/** The request parts whose schemas get the limits (answers are the server's own). */
export const REQUEST_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

type AjvPair = { strict: Ajv; coercing: Ajv };

/**
 * The Ajv instances by the shared schemas and options they were made with. Fastify asks for a validator factory
 * per plugin context (two dozen while the app is built), each time with the same shared schemas; a new pair each
 * time compiled the JSON Schema meta-schema twice to check them, about half a second of a start before it listens.
 */
const ajvPairs = new Map<string, AjvPair>();

/**
 * Fastify's validator factory with two Ajv instances: bodies without type coercion, the other parts (text by
 * nature) with it. Otherwise Fastify's defaults (defaults applied, additional properties removed where a schema
 * forbids them) and every error, so a form hears about all its fields at once.
 */
export function buildValidator(externalSchemas: Record<string, unknown>, options: { customOptions?: AjvOptions } = {}) {
  const key = JSON.stringify([externalSchemas, options.customOptions ?? {}]);
  let pair = ajvPairs.get(key);
  if (!pair) {
    pair = { strict: makeAjv(externalSchemas, options, false), coercing: makeAjv(externalSchemas, options, 'array') };
    ajvPairs.set(key, pair);
  }
  const { strict, coercing } = pair;
  return ({ schema, httpPart }: { schema: SchemaNode; httpPart?: string }) => {
    const ajv = httpPart === 'body' ? strict : coercing;
    if (typeof schema.$id === 'string') {
      const stored = ajv.getSchema(schema.$id);
      if (stored) return stored;
    }
    return compiledOnFirstUse(() => ajv.compile(schema));
  };
}

function makeAjv(externalSchemas: Record<string, unknown>, options: { customOptions?: AjvOptions }, coerceTypes: AjvOptions['coerceTypes']): Ajv {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: true,
    addUsedSchema: false,
    allErrors: true,
    ...options.customOptions,
    ...(coerceTypes === false ? { coerceTypes: false } : {}),
  });
  addFormats(ajv);
  // A date is a day of the calendar (src/domain/values/dates.ts): '2026-02-30' and year 0000 are none.
  ajv.addFormat('date', { type: 'string', validate: isIsoDate });
  // Money on the wire (src/contracts/wire-schema.ts Dollars): an annotation the routes' money mapping reads.
  ajv.addKeyword({ keyword: MONEY_KEYWORD, schemaType: 'string' });
  ajv.addKeyword({ keyword: MONEY_REFUSAL_KEYWORD, schemaType: 'string' });
  for (const schema of Object.values(externalSchemas)) ajv.addSchema(schema as object);
  return ajv;
}

/**
 * A validator compiled when its route is first called, not while the app is built: the routes' schemas are
 * about half a second of CPU, which a start would otherwise spend before it listens. Fastify reads the errors
 * from the function it was given, so they are copied onto it after each call.
 */
function compiledOnFirstUse(compile: () => ValidateFunction): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const validate = ((data: unknown) => {
    compiled ??= compile();
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  }) as ValidateFunction;
  return validate;
}

const TEXT_NOT_ALLOWED = catalogueText('request-text-not-allowed');
const TOO_DEEP = catalogueText('request-body-too-deep', { levels: MAX_DEPTH });

const badText = (text: string) => text.includes('\u0000') || !(text as string & { isWellFormed(): boolean }).isWellFormed();

/** The first unstorable text in a value (its JSON pointer), or 'depth' when it nests too deeply; null when clean. */
export function findHostileText(value: unknown): { pointer: string; reason: 'text' | 'depth' } | null {
  const stack: [unknown, string, number][] = [[value, '', 0]];
  while (stack.length > 0) {
    const [current, pointer, depth] = stack.pop()!;
    if (typeof current === 'string') {
      if (badText(current)) return { pointer, reason: 'text' };
    } else if (current && typeof current === 'object') {
      if (depth >= MAX_DEPTH) return { pointer, reason: 'depth' };
      for (const [key, child] of Object.entries(current)) {
        const childPointer = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        if (badText(key)) return { pointer: childPointer, reason: 'text' };
        stack.push([child, childPointer, depth + 1]);
      }
    }
  }
  return null;
}

/** preValidation: refuses a request whose path, query or body holds text PostgreSQL cannot store. */
export async function refuseHostileText(request: FastifyRequest): Promise<void> {
  const parts: [string, unknown][] = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ];
  for (const [part, value] of parts) {
    const found = findHostileText(value);
    if (!found) continue;
    const key = part === 'body' ? found.pointer || '/' : `${part}${found.pointer || '/'}`;
    if (found.reason === 'depth') throw badRequest(TOO_DEEP, { [key]: [TOO_DEEP] });
    const field = key.replace(/^\//, '') || part;
    const said = catalogueText('request-check-field-because', (language) => ({ field, reason: inLanguage(TEXT_NOT_ALLOWED, language) }));
    throw badRequest(said, { [key]: [TEXT_NOT_ALLOWED] });
  }
}
