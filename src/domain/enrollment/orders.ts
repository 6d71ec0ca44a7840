/**
 * The orders an authorization places (spec §4 Placing an order, §9 Order values). The browser builds its requests
 * with these; the server fills what a request leaves out with the same values.
 */
import { isHsaEligible } from './hsa.ts';
import { centsToDollars, type Cents } from '../values/money.ts';

/** The all-zero identifier the spec calls empty (same value as the wire contract's EMPTY_ID). */
export const EMPTY_UUID = '00000000-0000-0000-0000-000000000000';

/** The order categories (spec §3 Order). */
export const ORDER_CATEGORIES = ['healthinsurance', 'waive', 'HSA', 'additionalservices'] as const;
export type OrderCategory = (typeof ORDER_CATEGORIES)[number];

/** The main order of an authorization: the health choice. The others ride along with it. */
export const MAIN_ORDER_CATEGORIES: readonly OrderCategory[] = ['healthinsurance', 'waive'];

/**
 * The member's authorized enrollment of the plan year, from their current orders (GET /api/Order/GetOrderByMember
 * answers those not replaced): its main order (health insurance or waive) of that year (the server writes the
 * employer's plan year as each order's businessyear), or undefined when the member has not authorized elections for it.
 */
export function enrolledMainOrder<T extends { category: string; businessyear: number | null }>(currentOrders: readonly T[], planyear: number): T | undefined {
  return currentOrders.find((order) => (MAIN_ORDER_CATEGORIES as readonly string[]).includes(order.category) && order.businessyear === planyear);
}

/** Additional services are offered only by an employer whose employeazecustomer is 1 (spec §2 Step 3 sub-steps). */
export function offersAdditionalServices(employer: { employeazecustomer: number }): boolean {
  return employer.employeazecustomer === 1;
}

/** The waiver reason whose text comes from the person (spec §9 Waiver reasons). */
export const OTHER_WAIVER_REASON = 'Other';

/**
 * The spec's fixed order values (§9), stored in English whatever the member's language; a screen shows each by its
 * catalogue label (src/portal/value-labels.ts).
 */
export const ORDER_VALUES = {
  waiveDescription: 'I choose not to purchase health insurance',
  hsaOptions: 'HSA Contribution',
  hsaDescription: 'HSA Contribution Order',
  hsaProductName: 'HSA Plan',
  healthInsuranceDescription: 'Health insurance plan ',
  /**
   * The tax status of the premium and the HSA deposit: what exceeds the contribution is deducted from pay pre-tax
   * (spec §1: off-exchange employee costs are deducted from payroll pre-tax), and an HSA deposit through payroll is
   * a pre-tax deduction (26 U.S.C. 125, 223). An additional service carries its catalogue product's own status.
   */
  preTax: 'Pre-Tax',
} as const;

export type OrderValues = {
  productid: string;
  productfeeid: string;
  orderid: string;
  options: string | null;
  description: string | null;
  category: OrderCategory;
  status: number;
  amountspentCents: Cents;
  productname: string | null;
  vendorname: string | null;
  policycarriername: string | null;
  policyeffectivedate: string;
  policyishsaeligible: 0 | 1;
  policyisgovsubsidy: 0 | 1;
  ordernumber: string;
  waivecoverage: 0 | 1;
  summary_link: string | null;
  tax_status: string | null;
};

export type MemberAccountValues = {
  memberaccounttype: number;
  status: number;
  waivecoverage: 0 | 1;
  /** The chosen waiver reason (one of the spec's six), null when not waiving. */
  waivecoveragereason: string | null;
  /** The person's own words when the reason is 'Other'. */
  waivecoveragereasonother?: string;
  spousemedicareeligible: 0 | 1;
};

export type OrderDraft = { order: OrderValues; memberAccount: MemberAccountValues };

/**
 * The order number a person quotes (on /health-plan): the order id's first twelve hex digits in three groups of
 * four, e.g. '3F2A-9C1B-07D4'. The spec's default '0' is no number; every order the server writes has one.
 */
export function orderNumberOf(orderId: string): string {
  const hex = orderId.replace(/-/g, '').slice(0, 12).toUpperCase();
  return hex.match(/.{1,4}/g)?.join('-') ?? hex;
}

/** Where a new order starts: empty ids, status 0, order number '0', effective today unless a date is given. */
export function orderDefaults(category: OrderCategory, today: string, effectiveDate?: string | null): OrderValues {
  return {
    productid: EMPTY_UUID,
    productfeeid: EMPTY_UUID,
    orderid: EMPTY_UUID,
    options: null,
    description: null,
    category,
    status: 0,
    amountspentCents: 0,
    productname: null,
    vendorname: null,
    policycarriername: null,
    policyeffectivedate: effectiveDate || today,
    policyishsaeligible: 0,
    policyisgovsubsidy: 0,
    ordernumber: '0',
    waivecoverage: 0,
    summary_link: null,
    tax_status: null,
  };
}

/** A member account as an order carries it: type 1, status 1, not waiving. */
export function memberAccountDefaults(): MemberAccountValues {
  return { memberaccounttype: 1, status: 1, waivecoverage: 0, waivecoveragereason: null, spousemedicareeligible: 0 };
}

/** The waiver reason as stored and shown on /welcome: the person's own text for 'Other', else the reason. */
export function storedWaiverReason(reason: string | null | undefined, other: string | null | undefined): string | null {
  if (!reason) return null;
  return reason === OTHER_WAIVER_REASON ? (other?.trim() || null) : reason;
}

type When = { today: string; effectiveDate?: string | null };

/** The main order when waiving: category waive, the spec's description, nothing spent, waivecoverage 1. */
export function waiveOrder(input: When & { reason: string; reasonOther?: string | null }): OrderDraft {
  const memberAccount: MemberAccountValues = { ...memberAccountDefaults(), waivecoverage: 1, waivecoveragereason: input.reason };
  if (input.reason === OTHER_WAIVER_REASON) memberAccount.waivecoveragereasonother = input.reasonOther?.trim() ?? '';
  return {
    order: {
      ...orderDefaults('waive', input.today, input.effectiveDate),
      description: ORDER_VALUES.waiveDescription,
      amountspentCents: 0,
      waivecoverage: 1,
    },
    memberAccount,
  };
}

/**
 * The HSA order for a monthly contribution (spec §9 HSA order). Its vendor is the HSA administrator of the
 * employer's set-up; with none entered it names none rather than the spec's placeholder 'HSA Vendor'
 * (docs/ui-conventions.md, Real names on /welcome and /health-plan).
 */
export function hsaOrder(input: When & { monthlyCents: Cents; administrator: string | null }): OrderDraft {
  return {
    order: {
      ...orderDefaults('HSA', input.today, input.effectiveDate),
      options: ORDER_VALUES.hsaOptions,
      description: ORDER_VALUES.hsaDescription,
      productname: ORDER_VALUES.hsaProductName,
      vendorname: input.administrator,
      policyishsaeligible: 1,
      tax_status: ORDER_VALUES.preTax,
      amountspentCents: input.monthlyCents,
    },
    memberAccount: memberAccountDefaults(),
  };
}

export type AdditionalServiceChoice = {
  product: { id: string; productname: string; vendorname: string; taxstatus: string | null };
  option: { id: string; option: string; costCents: Cents };
};

/**
 * The additional-services order (spec §9): the product and its price option as productid and productfeeid, the
 * option's cost as the amount, and the names a person reads on /welcome and /health-plan from the catalogue: the
 * product's name and vendor and the option's name, where the spec fixed 'Additional Services' and 'Service
 * Provider' (docs/ui-conventions.md, Real names on /welcome and /health-plan).
 */
export function additionalServicesOrder(input: When & AdditionalServiceChoice): OrderDraft {
  return {
    order: {
      ...orderDefaults('additionalservices', input.today, input.effectiveDate),
      productid: input.product.id,
      productfeeid: input.option.id,
      options: input.option.option,
      description: `${input.product.productname} (${input.option.option})`,
      productname: input.product.productname,
      vendorname: input.product.vendorname,
      tax_status: input.product.taxstatus,
      amountspentCents: input.option.costCents,
    },
    memberAccount: memberAccountDefaults(),
  };
}

export type ChosenPlan = {
  planid: string;
  planname: string;
  issuername: string;
  metallevel: string | null;
  ishsaeligible: 'Yes' | 'No';
  urlforbenefitsummarycoverage: string | null;
  planeffectivedate?: string | null;
};

/**
 * The main order when buying: category healthinsurance, a description with the plan id, and as amount the amount
 * spent minus the HSA contribution (spec §9 Main order buy). The plan's effective date wins over the chosen one.
 */
export function healthInsuranceOrder(input: When & { plan: ChosenPlan; amountSpentCents: Cents; hsaCents: Cents }): OrderDraft {
  const { plan } = input;
  return {
    order: {
      ...orderDefaults('healthinsurance', input.today, plan.planeffectivedate || input.effectiveDate),
      options: plan.metallevel,
      description: `${ORDER_VALUES.healthInsuranceDescription}${plan.planid}`,
      productname: plan.planname,
      vendorname: plan.issuername,
      policycarriername: plan.issuername,
      policyishsaeligible: isHsaEligible(plan) ? 1 : 0,
      summary_link: plan.urlforbenefitsummarycoverage,
      tax_status: ORDER_VALUES.preTax,
      amountspentCents: Math.max(0, input.amountSpentCents - input.hsaCents),
    },
    memberAccount: memberAccountDefaults(),
  };
}

export type Authorization = When & {
  hsaMonthlyCents: Cents;
  /** The employer's HSA administrator, the HSA order's vendor (null: none entered). */
  hsaAdministrator: string | null;
  /** The additional service in the cart, if any. */
  additionalService: AdditionalServiceChoice | null;
  /** Whether an additional-services order was already placed (then none is placed again). */
  hasAdditionalServicesOrder: boolean;
  main:
    | { choice: 'waive'; reason: string; reasonOther?: string | null }
    | { choice: 'buy'; plan: ChosenPlan; amountSpentCents: Cents };
};

/**
 * The orders of an authorization, in the order they are sent (spec §4): an HSA order when the monthly HSA
 * contribution is above 0 (never when waiving), an additional-services order when one is in the cart and none was
 * placed yet, then the main order.
 */
export function authorizationOrders(input: Authorization): OrderDraft[] {
  const when = { today: input.today, effectiveDate: input.effectiveDate };
  const drafts: OrderDraft[] = [];
  const buying = input.main.choice === 'buy';
  if (buying && input.hsaMonthlyCents > 0) drafts.push(hsaOrder({ ...when, monthlyCents: input.hsaMonthlyCents, administrator: input.hsaAdministrator }));
  if (input.additionalService && !input.hasAdditionalServicesOrder) {
    drafts.push(additionalServicesOrder({ ...when, ...input.additionalService }));
  }
  drafts.push(
    input.main.choice === 'waive'
      ? waiveOrder({ ...when, reason: input.main.reason, reasonOther: input.main.reasonOther })
      : healthInsuranceOrder({ ...when, plan: input.main.plan, amountSpentCents: input.main.amountSpentCents, hsaCents: input.hsaMonthlyCents }),
  );
  return drafts;
}

/** The wire request body of a draft (POST /api/Order): cents become dollars. */
export function toOrderRequest(draft: OrderDraft) {
  const { amountspentCents, ...order } = draft.order;
  return { order: { ...order, amountspent: centsToDollars(amountspentCents) }, memberAccount: { ...draft.memberAccount } };
}
