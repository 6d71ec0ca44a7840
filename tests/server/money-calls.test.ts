/**
 * Money converted in two places (docs/decisions/038-route-schemas-are-their-types.md): the routes' edge writes
 * dollars and reads a body's dollars as cents; the API clients decode by the calls src/contracts declares. These
 * tests hold the two to one declaration: every member route whose answer carries money is a call of the member
 * client with the same amounts, the console's declared calls are their routes' (both read from the OpenAPI
 * documents the server publishes), and a member route answers dollars and refuses a wrong amount on its field.
 */
import { describe, expect, it } from 'vitest';
import { MEMBER_MONEY_CALLS, type MoneyCall } from '#contracts/money/member-money.ts';
import { MONEY_KEYWORD } from '#contracts/wire-schema.ts';
import { demoPlanYear } from '#db/seed/demo-employer.ts';
import { effectiveDateChoices } from '#domain/enrollment/effective-dates.ts';
import { hsaLimitForMember } from '#server/services/enrollment/hsa-limits.ts';
import { STAFF_MONEY_CALLS } from '../../src/staff/api/staff-money.ts';
import en from '#content/schemas/messages/en.json';
import es from '#content/schemas/messages/es.json';
import { databases } from './helpers/databases.ts';
import { useEnrollmentWorld } from './enrollment.fixtures.ts';
import { signInStaff } from './staff-fixtures.ts';

type Schema = { [MONEY_KEYWORD]?: string; properties?: Record<string, Schema>; items?: Schema };
type OpenApi = { paths: Record<string, Record<string, { requestBody?: Content; responses?: Record<string, Content> }>> };
type Content = { content?: Record<string, { schema?: Schema }> };

/** Where a schema puts money, as `pointer kind` lines (`*` for an item of a list). */
function moneyOf(schema: Schema | undefined, pointer = ''): string[] {
  if (!schema) return [];
  if (schema[MONEY_KEYWORD]) return [`${pointer || '/'} ${schema[MONEY_KEYWORD]}`];
  return [
    ...Object.entries(schema.properties ?? {}).flatMap(([name, property]) => moneyOf(property, `${pointer}/${name}`)),
    ...moneyOf(schema.items, `${pointer}/*`),
  ].sort();
}

const jsonOf = (content: Content | undefined) => content?.content?.['application/json']?.schema;
/** The OpenAPI path of a route's path (`:name` is `{name}`). */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Each operation's money: its 200 answer's data and its body, by `METHOD path` as the clients declare calls. */
function operationsMoney(document: OpenApi): Map<string, { answer: string[]; body: string[] }> {
  const found = new Map<string, { answer: string[]; body: string[] }>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const answer = moneyOf(jsonOf(operation.responses?.['200'])?.properties?.data);
      const body = moneyOf(jsonOf(operation.requestBody));
      if (answer.length + body.length > 0) found.set(`${method.toUpperCase()} ${path}`, { answer, body });
    }
  }
  return found;
}

const declared = (call: MoneyCall) => ({ answer: moneyOf(call.answer as Schema), body: moneyOf(call.body as Schema) });

describe.each(databases())('money on the wire on $name', (database) => {
  const world = useEnrollmentWorld(database);
  const effectiveDate = () => {
    const year = demoPlanYear(world.today);
    return effectiveDateChoices(world.today, { edocPeriod: null, planYearStart: `${year}-01-01`, planYearEnd: `${year}-12-31` })[0]!;
  };

  it('declares every member route that answers money as a call of the member client, with the same amounts', async () => {
    const document = (await world.app.inject({ method: 'GET', url: '/docs/json' })).json() as OpenApi;
    const routes = operationsMoney(document);
    expect(routes.size).toBeGreaterThan(10);
    const calls = new Map(MEMBER_MONEY_CALLS.map((call) => [`${call.method} ${openApiPath(call.path)}`, declared(call)]));
    // Every answer with money is decoded, amount for amount.
    const answering = [...routes].filter(([, money]) => money.answer.length > 0);
    expect(Object.fromEntries(answering.map(([key, money]) => [key, money.answer]))).toEqual(
      Object.fromEntries([...calls].filter(([, money]) => money.answer.length > 0).map(([key, money]) => [key, money.answer])),
    );
    // A body the app composes in cents is sent with the route's own amounts.
    for (const [key, money] of calls) for (const amount of money.body) expect(routes.get(key)?.body, key).toContain(amount);
  });

  it("declares the console's calls with their routes' amounts", async () => {
    const staff = (await signInStaff(world.app, 'viewer')).headers;
    const routes = operationsMoney((await world.app.inject({ method: 'GET', url: '/staff/docs/json', headers: staff })).json() as OpenApi);
    for (const call of STAFF_MONEY_CALLS) expect(routes.get(`${call.method} ${openApiPath(call.path)}`)?.answer, call.path).toEqual(declared(call).answer);
  });

  it("answers dollars for the service's cents (GET /api/Hsa/Limit)", async () => {
    const date = effectiveDate();
    const cents = await hsaLimitForMember(world.db, world.alice.memberId, date);
    const response = await world.app.inject({ method: 'GET', url: `/api/Hsa/Limit?effectivedate=${date}`, headers: world.alice.auth });
    expect(response.statusCode).toBe(200);
    expect(cents.annualCents % 100).toBe(0);
    expect(response.json().data).toMatchObject({ annuallimit: cents.annualCents / 100, maxmonthly: cents.maxMonthlyCents / 100, catchup: cents.catchUpCents / 100 });
  });

  it.each([
    ['en', en.messages['income-invalid']],
    ['es', es.messages['income-invalid']],
  ])('refuses an amount with a third decimal: 400 on its field, in the catalogue text (%s)', async (language, text) => {
    const response = await world.app.inject({
      method: 'POST',
      url: '/api/Affordability',
      headers: { ...world.alice.auth, 'accept-language': language },
      payload: { effectivedate: effectiveDate(), householdincome: 52_000.005, householdsize: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: text, fieldErrors: { '/householdincome': [text] } });
  });
});
