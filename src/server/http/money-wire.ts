/**
 * Money at the edge (docs/decisions/038-route-schemas-are-their-types.md): a route's schemas mark each amount of
 * money as Dollars (src/contracts/wire-schema.ts); this mapping turns the dollars of a request body into integer
 * cents once it is valid, and the cents of a 200 answer into dollars as it is serialized. Handlers and services
 * see only cents. A refused amount (negative, a third decimal, an exponent) is one 400 naming every refused field.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { MONEY_KEYWORD, type MoneyKind } from '#contracts/wire-schema.ts';
import { centsToDollars, dollarsToCents } from '#domain/values/money.ts';
import { badRequest } from '../errors.ts';

type Schema = { [MONEY_KEYWORD]?: MoneyKind; properties?: Record<string, Schema>; items?: Schema };

/** What is wrong with dollars typed as a price or an amount (null when nothing): never negative, whole cents. */
export function dollarsProblem(dollars: number, what: MoneyKind): string | null {
  const subject = what === 'price' ? 'A price' : 'An amount';
  if (dollars < 0) return `${subject} cannot be negative (${dollars} was entered): enter 0 or more.`;
  try {
    dollarsToCents(dollars);
    return null;
  } catch {
    return `${subject} is dollars with at most two decimals (${dollars} was entered).`;
  }
}

/** `value` with each amount the schema marks as money replaced by `convert` (a copy; the value is left as it is). */
function mapMoney(schema: Schema | undefined, value: unknown, pointer: string, convert: (amount: number, kind: MoneyKind, pointer: string) => number): unknown {
  if (schema === undefined || value === null || value === undefined) return value;
  const kind = schema[MONEY_KEYWORD];
  if (kind !== undefined) return typeof value === 'number' ? convert(value, kind, pointer) : value;
  if (Array.isArray(value) && schema.items) return value.map((item, index) => mapMoney(schema.items, item, `${pointer}/${index}`, convert));
  if (typeof value === 'object' && schema.properties) {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [name, property] of Object.entries(schema.properties)) {
      if (name in copy) copy[name] = mapMoney(property, copy[name], `${pointer}/${name}`, convert);
    }
    return copy;
  }
  return value;
}

/** Whether a schema marks any money (so a route without money gets no hook). */
const hasMoney = (schema: unknown): boolean => JSON.stringify(schema ?? null).includes(`"${MONEY_KEYWORD}"`);

/** A valid body's dollars as cents, or one 400 naming every refused amount on its field (nothing is rounded). */
export function centsOfBody(schema: unknown, body: unknown): unknown {
  const fieldErrors: Record<string, string[]> = {};
  let kind: MoneyKind = 'amount';
  const decoded = mapMoney(schema as Schema, body, '', (dollars, what, pointer) => {
    const problem = dollarsProblem(dollars, what);
    if (problem === null) return dollarsToCents(dollars);
    kind = what;
    fieldErrors[pointer] = [problem];
    return dollars;
  });
  const messages = Object.values(fieldErrors).flat();
  if (messages.length > 0) throw badRequest(messages.length === 1 ? messages[0]! : `${messages.length} ${kind}s are refused: ${messages.join(' ')}`, fieldErrors);
  return decoded;
}

/** An answer's cents as the dollars of the wire. */
export const dollarsOfAnswer = (schema: unknown, payload: unknown): unknown => mapMoney(schema as Schema, payload, '', (cents) => centsToDollars(cents));

const hooksOf = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/**
 * Puts the mapping on every route the plugin registers whose body or 200 answer carries money: the body is
 * converted after the route's own checks (its other preHandlers, e.g. the precondition, run first), the answer
 * just before it is serialized.
 */
export function dollarsOnTheWire(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const body = route.schema?.body;
    if (hasMoney(body)) {
      const decode = async (request: FastifyRequest) => {
        request.body = centsOfBody(body, request.body);
      };
      route.preHandler = [...hooksOf(route.preHandler), decode] as RouteOptions['preHandler'];
    }
    const answer = (route.schema?.response as Record<string, unknown> | undefined)?.[200];
    if (hasMoney(answer)) {
      const encode = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => (reply.statusCode === 200 ? dollarsOfAnswer(answer, payload) : payload);
      route.preSerialization = [...hooksOf(route.preSerialization), encode] as RouteOptions['preSerialization'];
    }
  });
}
