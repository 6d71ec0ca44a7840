/**
 * The money of the member API's calls (docs/decisions/038-route-schemas-are-their-types.md): each amount the spec
 * puts on the wire, in dollars, declared once as Dollars. The member routes build their schemas with these
 * shapes, so the server's edge (src/server/http/money-wire.ts) turns their cents into dollars and a body's dollars
 * into cents; the member API client (src/portal/api/money-decoder.ts) reads MEMBER_MONEY_CALLS to turn each
 * answer's dollars back into cents, and the cents of a body the app composes into dollars. Everything inside,
 * server and browser, is integer cents. Imports only the wire-schema blocks.
 */
import { Dollars, Nullable } from './wire-schema.ts';

const perMonth = (what: string) => Dollars('amount', `${what}, dollars per month`);

/** GET /api/EmployerContribution/...: the employer's monthly contribution. */
export const ContributionAmountSchema = perMonth("The employer's contribution");

/** A plan's money in a quote (spec §3 Health plan). */
export const HealthPlanMoney = {
  rate: Dollars('price', 'Monthly premium of the whole family, in dollars'),
  annualdeductibleindividual: Nullable(Dollars('amount', 'Dollars a year')),
  annualdeductiblefamily: Nullable(Dollars('amount', 'Dollars a year')),
  annualoopmaxindividual: Nullable(Dollars('amount', 'Dollars a year')),
  annualoopmaxfamily: Nullable(Dollars('amount', 'Dollars a year')),
};
export const HealthPlanQuoteMoney = { type: 'object', properties: { healthplans: { type: 'array', items: { type: 'object', properties: HealthPlanMoney } } } } as const;

/** GET /api/Hsa/Limit. */
export const HsaLimitMoney = {
  annuallimit: Dollars('amount', 'The annual HSA limit in dollars, catch-up included'),
  maxmonthly: Dollars('amount', 'The most a month in dollars: maxmonthly times monthsleft stays within annuallimit'),
  catchup: Dollars('amount', 'The catch-up for age 55 or older included in annuallimit, 0 when none'),
  proratedlimit: Dollars('amount', 'annuallimit prorated to eligiblemonths (1/12 a month); the last-month rule still allows annuallimit'),
};

/** An additional service's price option (GET /api/Product). */
export const ProductOptionMoney = { cost: Dollars('price', 'Dollars per month') };
export const ProductMoney = { options: { type: 'array', items: { type: 'object', properties: ProductOptionMoney } } } as const;
export const ProductListMoney = { type: 'object', properties: { productlist: { type: 'array', items: { type: 'object', properties: ProductMoney } } } } as const;

/** An order's amount (spec §3 Order). */
export const OrderMoney = { amountspent: perMonth('The amount spent') };
const orderList = { type: 'object', properties: { orderdetails: { type: 'array', items: { type: 'object', properties: OrderMoney } } } } as const;

/** A member account's money (spec §3 Member account). */
export const MemberAccountMoney = {
  currentbalance: perMonth('The contribution left after the premium'),
  currenthealthinsurancepremium: perMonth('The health insurance premium'),
  currentemployercontribution: perMonth("The employer's contribution"),
  currentpayrolldeduction: perMonth('The pre-tax payroll deduction for the plan and service above the contribution'),
  currenthsadeduction: perMonth('The HSA deposit, a pre-tax payroll deduction of its own'),
};

/** A dependent's contribution amount (spec §3 Dependent). */
export const DependentMoney = { contributionamt: Nullable(perMonth('The contribution for the dependent')) };

/** POST /api/Affordability's answer (its body's householdincome is the person's typed dollars: the server's edge reads it). */
export const AffordabilityMoney = {
  householdincome: Dollars('amount', 'Dollars a year'),
  allowance: perMonth("The employer's self-only allowance"),
  selfonlypremium: Nullable(perMonth('The lowest-cost silver plan for the member alone')),
  employeecost: Nullable(perMonth("The member's cost of that plan after the allowance")),
  monthlyincome: Nullable(perMonth('The household income')),
  threshold: Nullable(perMonth('The affordability threshold')),
  povertyguideline: Nullable(Dollars('amount', 'The federal poverty guideline for the household, dollars a year')),
};

/**
 * POST /api/Enrollment/Authorize's amounts (the cart's; optional ones must be the server's): never negative, and a
 * refused one answers the catalogue's 'enroll-amount-invalid' on its field.
 */
const cartAmount = (description: string) => Dollars('amount', description, { minimum: 0, refusal: 'enroll-amount-invalid' });
export const AuthorizeRequestMoney = {
  hsamonthly: cartAmount('The monthly HSA contribution, dollars per month; 0 or absent: none'),
  rate: cartAmount('The monthly premium the cart showed, dollars per month; refused when it differs'),
  servicecost: cartAmount("The service's price the cart showed, dollars per month; refused when it differs"),
  contribution: cartAmount('The employer contribution the cart showed, dollars per month; refused when it differs'),
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
/** The money shapes are schemas (or parts of one) that mark amounts with Dollars; nothing else of them is read. */
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
  { method: 'POST', path: '/api/Enrollment/Authorize', answer: AuthorizeAnswerMoney, body: object(AuthorizeRequestMoney) },
];
