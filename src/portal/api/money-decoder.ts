/**
 * Money at the browser's edge (docs/decisions/038-route-schemas-are-their-types.md): the wire is dollars, the app
 * is integer cents. The API client turns each answer's dollars into cents and the cents of a body the app
 * composes into dollars, here and nowhere else, by the calls' money as src/contracts declares it (the same
 * Dollars the server's routes are built with). The member client reads MEMBER_MONEY_CALLS; the console's client
 * gives its own calls (src/staff/api/staff-money.ts).
 */
import type { MoneyCall } from '#contracts/money/member-money.ts';
import { mapMoney } from '#contracts/money/wire-money.ts';
import { centsToDollars, dollarsToCents } from '#domain/values/money.ts';

/** A route's path as a pattern: `:name` is one segment; a query string is not part of the path. */
function patternOf(path: string): RegExp {
  const segments = path.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}$`);
}

export type MoneyDecoder = {
  /** An answer's data with its dollars as cents (a call without money: the data as it came). */
  centsOfAnswer: (method: string, path: string, data: unknown) => unknown;
  /** A body's cents as the wire's dollars (a call whose body the app does not compose: the body as it is). */
  dollarsOfBody: (method: string, path: string, body: unknown) => unknown;
};

/** The decoder of a client whose calls carry the money `calls` declares. */
export function moneyDecoder(calls: readonly MoneyCall[]): MoneyDecoder {
  const patterns = calls.map((call) => ({ call, pattern: patternOf(call.path) }));
  const callOf = (method: string, path: string) => {
    const bare = path.split('?')[0]!;
    return patterns.find(({ call, pattern }) => call.method === method && pattern.test(bare))?.call;
  };
  return {
    centsOfAnswer: (method, path, data) => {
      const answer = callOf(method, path)?.answer;
      return answer === undefined ? data : mapMoney(answer, data, (dollars) => dollarsToCents(dollars));
    },
    dollarsOfBody: (method, path, body) => {
      const declared = callOf(method, path)?.body;
      return declared === undefined ? body : mapMoney(declared, body, (cents) => centsToDollars(cents));
    },
  };
}
