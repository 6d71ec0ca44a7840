/**
 * Money at the edge (docs/decisions/038-route-schemas-are-their-types.md): a route's schemas mark each amount of
 * money as Dollars (src/contracts/wire-schema.ts); this mapping turns the dollars of a request body into integer
 * cents once it is valid, and the cents of a 200 answer into dollars as it is serialized. Handlers and services
 * see only cents. A refused amount (negative, a third decimal, an exponent) is one 400 naming every refused field.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { hasMoney, mapMoney, MONEY_REFUSAL_KEYWORD, type MoneyKind } from '#contracts/money/wire-money.ts';
import { centsToDollars, dollarsToCents, type Cents } from '#domain/values/money.ts';
import { catalogueText, type CatalogueMessageKey } from '../content/catalogue-messages.ts';
import { badRequest } from '../errors.ts';

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

/**
 * A valid body's dollars as cents, or one 400 naming every refused amount on its field (nothing is rounded). A
 * field whose schema names its refusal (a member's, in the catalogue) answers with that text, in the reader's
 * language.
 */
export function centsOfBody(schema: unknown, body: unknown): unknown {
  const fieldErrors: Record<string, string[]> = {};
  const catalogued: Record<string, ReturnType<typeof catalogueText>> = {};
  let kind: MoneyKind = 'amount';
  const decoded = mapMoney(schema, body, (dollars, field, pointer) => {
    const problem = dollarsProblem(dollars, field['x-money']);
    if (problem === null) return dollarsToCents(dollars);
    const refusal = field[MONEY_REFUSAL_KEYWORD];
    if (refusal !== undefined) catalogued[pointer] = catalogueText(refusal as CatalogueMessageKey);
    else fieldErrors[pointer] = [problem];
    kind = field['x-money'];
    return dollars;
  });
  const [first] = Object.values(catalogued);
  if (first !== undefined) throw badRequest(first, Object.fromEntries(Object.entries(catalogued).map(([pointer, text]) => [pointer, [text]])));
  const messages = Object.values(fieldErrors).flat();
  if (messages.length > 0) throw badRequest(messages.length === 1 ? messages[0]! : `${messages.length} ${kind}s are refused: ${messages.join(' ')}`, fieldErrors);
  return decoded;
}

/** An answer's cents as the dollars of the wire. */
export const dollarsOfAnswer = (schema: unknown, payload: unknown): unknown => mapMoney(schema, payload, (cents) => centsToDollars(cents));

/** One amount of cents as the wire's dollars, for an answer written as bytes by hand (the plan quote's rate). */
export const dollarsOf = (cents: Cents): number => centsToDollars(cents);

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
