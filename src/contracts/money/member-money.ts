/**
 * The money of the member API's calls (docs/decisions/038-route-schemas-are-their-types.md): each amount the spec
 * puts on the wire, in dollars, declared once as a plain Dollars schema (no TypeBox in the member app's bundle).
 * The member routes build their schemas with these shapes, so the server's edge (src/server/http/money-wire.ts)
 * turns their cents into dollars and a body's dollars into cents; the member API client
 * (src/portal/api/money-decoder.ts) reads MEMBER_MONEY_CALLS to turn each answer's dollars back into cents, and the
 * cents of a body the app composes into dollars. Everything inside, server and browser, is integer cents.
 */
import { dollarsSchema, nullableSchema } from './wire-money.ts';

const perMonth = () => dollarsSchema('amount');

/** GET /api/EmployerContribution/...: the employer's monthly contribution. */
export const ContributionAmountSchema = perMonth();

/** A plan's money in a quote (spec §3 Health plan). */
export const HealthPlanMoney = {
  rate: dollarsSchema('price'),
  annualdeductibleindividual: nullableSchema(dollarsSchema('amount')),
  annualdeductiblefamily: nullableSchema(dollarsSchema('amount')),
  annualoopmaxindividual: nullableSchema(dollarsSchema('amount')),
  annualoopmaxfamily: nullableSchema(dollarsSchema('amount')),
};
export const HealthPlanQuoteMoney = { type: 'object', properties: { healthplans: { type: 'array', items: { type: 'object', properties: HealthPlanMoney } } } } as const;

/** GET /api/Hsa/Limit. */
export const HsaLimitMoney = {
  annuallimit: dollarsSchema('amount'),
  maxmonthly: dollarsSchema('amount'),
  catchup: dollarsSchema('amount'),
  proratedlimit: dollarsSchema('amount'),
};

/** An additional service's price option (GET /api/Product). */
export const ProductOptionMoney = { cost: dollarsSchema('price') };
export const ProductMoney = { options: { type: 'array', items: { type: 'object', properties: ProductOptionMoney } } } as const;
export const ProductListMoney = { type: 'object', properties: { productlist: { type: 'array', items: { type: 'object', properties: ProductMoney } } } } as const;

/** An order's amount (spec §3 Order). */
export const OrderMoney = { amountspent: perMonth() };
const orderList = { type: 'object', properties: { orderdetails: { type: 'array', items: { type: 'object', properties: OrderMoney } } } } as const;

/** A member account's money (spec §3 Member account). */
export const MemberAccountMoney = {
  currentbalance: perMonth(),
  currenthealthinsurancepremium: perMonth(),
  currentemployercontribution: perMonth(),
  currentpayrolldeduction: perMonth(),
  currenthsadeduction: perMonth(),
};

/** A dependent's contribution amount (spec §3 Dependent). */
export const DependentMoney = { contributionamt: nullableSchema(perMonth()) };

/** POST /api/Affordability's answer (its body's householdincome is the person's typed dollars: the server's edge reads it). */
export const AffordabilityMoney = {
  householdincome: dollarsSchema('amount'),
  allowance: perMonth(),
  selfonlypremium: nullableSchema(perMonth()),
  employeecost: nullableSchema(perMonth()),
  monthlyincome: nullableSchema(perMonth()),
  threshold: nullableSchema(perMonth()),
  povertyguideline: nullableSchema(dollarsSchema('amount')),
};

/**
 * POST /api/Enrollment/Authorize's amounts (the cart's; optional ones must be the server's): never negative, and a
 * refused one answers the catalogue's 'enroll-amount-invalid' on its field.
 */
const cartAmount = () => dollarsSchema('amount', { minimum: 0, maximum: 1_000_000, refusal: 'enroll-amount-invalid' });
export const AuthorizeRequestMoney = {
  hsamonthly: cartAmount(),
  rate: cartAmount(),
  servicecost: cartAmount(),
  contribution: cartAmount(),
};
export const AuthorizeAnswerMoney = {
  orders: { type: 'array', items: { type: 'object', properties: OrderMoney } },
  memberAccount: { type: 'object', properties: MemberAccountMoney },
} as const;

/**
 * A member call that carries money: its method and path (the route's, `:name` a segment), the money of its answer's
 * data and of the body the app composes. A body the person types (the affordability form's income) is sent as
 * typed and is not declared here: the server's edge reads it and refuses it on its field.
 */
/**
 * The money shapes are schemas (or parts of one) that mark amounts with Dollars; nothing else of them is read. The
 * routes say more of a field in its description (kept out of the member app's bundle).
 */
export type MoneyCall = { method: 'GET' | 'POST' | 'PUT'; path: string; answer?: object; body?: object };

const object = (properties: object): object => ({ type: 'object', properties });

export const MEMBER_MONEY_CALLS: readonly MoneyCall[] = [
  { method: 'GET', path: '/api/EmployerContribution/GetMonthlyEmployerContributionWithClass/:accountid/:effectiveDate/:dob/:state/:contributionclass/:d1/:d2/:d3/:d4/:d5', answer: ContributionAmountSchema },
  { method: 'GET', path: '/api/EmployerContribution/GetWaivedContribution/:accountid/:effectiveDate/:dob/:state', answer: ContributionAmountSchema },
  { method: 'POST', path: '/api/HealthPlanQuote', answer: HealthPlanQuoteMoney },
  { method: 'GET', path: '/api/Hsa/Limit', answer: object(HsaLimitMoney) },
  { method: 'GET', path: '/api/Product', answer: ProductListMoney },
  { method: 'GET', path: '/api/Order/GetOrderByMember', answer: orderList },
  { method: 'POST', path: '/api/Order', answer: object(OrderMoney) },
  { method: 'GET', path: '/api/MemberAccount/GetMemberAccount', answer: object(MemberAccountMoney) },
  { method: 'GET', path: '/api/Dependent', answer: object({ dependents: { type: 'array', items: object(DependentMoney) } }) },
  { method: 'POST', path: '/api/Dependent', answer: object(DependentMoney) },
  { method: 'PUT', path: '/api/Dependent', answer: object(DependentMoney) },
  { method: 'POST', path: '/api/Affordability', answer: object(AffordabilityMoney) },
  { method: 'POST', path: '/api/Enrollment/Authorize', answer: object(AuthorizeAnswerMoney), body: object(AuthorizeRequestMoney) },
];
