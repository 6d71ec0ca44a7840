import { describe, expect, it } from 'vitest';
import { EMPTY_ID } from '#contracts/api.ts';
import {
  authorizationOrders,
  EMPTY_UUID,
  healthInsuranceOrder,
  hsaOrder,
  enrolledMainOrder,
  orderNumberOf,
  storedWaiverReason,
  toOrderRequest,
  waiveOrder,
  additionalServicesOrder,
  type Authorization,
  type ChosenPlan,
  type OrderDraft,
  type OrderValues,
} from '#domain/enrollment/orders.ts';
import type { RuleCase } from '../rule-case.ts';

const today = '2025-11-03';
const service = {
  product: { id: '11111111-1111-4111-8111-111111111111', productname: 'Telehealth Plus', vendorname: 'CareNow Virtual', taxstatus: 'Pre-Tax' },
  option: { id: '22222222-2222-4222-8222-222222222222', option: 'Individual', costCents: 999 },
};
const plan: ChosenPlan = {
  planid: '12345VA0010001',
  planname: 'Silver Saver',
  issuername: 'Acme Health',
  metallevel: 'Silver',
  ishsaeligible: 'Yes',
  urlforbenefitsummarycoverage: 'https://example.com/sbc.pdf',
};

describe('order values (spec §9)', () => {
  it('uses the contract empty identifier', () => {
    expect(EMPTY_UUID).toBe(EMPTY_ID);
  });

  it.each([
    {
      name: 'builds the waive order',
      period: today,
      input: { reason: 'Coverage under Medicare' },
      output: {
        order: expect.objectContaining({
          category: 'waive',
          description: 'I choose not to purchase health insurance',
          amountspentCents: 0,
          status: 0,
          waivecoverage: 1,
          productid: EMPTY_ID,
          productfeeid: EMPTY_ID,
          orderid: EMPTY_ID,
          ordernumber: '0',
          policyeffectivedate: today,
        }),
        memberAccount: { memberaccounttype: 1, status: 1, waivecoverage: 1, waivecoveragereason: 'Coverage under Medicare', spousemedicareeligible: 0 },
      },
    },
    {
      name: 'keeps the own words of reason Other, and the effective date given',
      period: today,
      input: { effectiveDate: '2026-01-01', reason: 'Other', reasonOther: '  Parents plan ' },
      output: {
        order: expect.objectContaining({ policyeffectivedate: '2026-01-01' }),
        memberAccount: expect.objectContaining({ waivecoveragereason: 'Other', waivecoveragereasonother: 'Parents plan' }),
      },
    },
  ] satisfies RuleCase<Omit<Parameters<typeof waiveOrder>[0], 'today'>, OrderDraft>[])('$name', ({ period, input, output }) => {
    expect(waiveOrder({ today: period, ...input })).toEqual(output);
  });

  it.each([
    { name: 'a listed reason is stored as it is', period: '', input: { reason: 'Coverage through Spouse/Partner', other: undefined }, output: 'Coverage through Spouse/Partner' },
    { name: "Other is stored as the member's own words", period: '', input: { reason: 'Other', other: 'My parents cover me' }, output: 'My parents cover me' },
    { name: 'Other with blank words stores nothing', period: '', input: { reason: 'Other', other: '   ' }, output: null },
    { name: 'no reason stores nothing, whatever the words', period: '', input: { reason: null, other: 'ignored' }, output: null },
  ] satisfies RuleCase<{ reason: string | null; other: string | undefined }, string | null>[])('storedWaiverReason: $name', ({ input, output }) => {
    expect(storedWaiverReason(input.reason, input.other)).toBe(output);
  });

  it.each([
    {
      name: "builds the HSA order with the employer's HSA administrator as its vendor",
      period: today,
      input: { monthlyCents: 25000, administrator: 'Summit HSA Services' },
      output: {
        options: 'HSA Contribution',
        description: 'HSA Contribution Order',
        category: 'HSA',
        productname: 'HSA Plan',
        vendorname: 'Summit HSA Services',
        policyishsaeligible: 1,
        tax_status: 'Pre-Tax',
        amountspentCents: 25000,
      },
    },
    {
      name: 'builds the HSA order naming no vendor when the employer has no HSA administrator: no placeholder stands in',
      period: today,
      input: { monthlyCents: 25000, administrator: null },
      output: { vendorname: null },
    },
  ] satisfies RuleCase<Omit<Parameters<typeof hsaOrder>[0], 'today'>, Partial<OrderValues>>[])('$name', ({ period, input, output }) => {
    expect(hsaOrder({ today: period, ...input }).order).toMatchObject(output);
  });

  it.each([
    {
      name: "builds the additional services order with the catalogue's product, vendor and option names",
      period: today,
      input: service,
      output: {
        options: 'Individual',
        category: 'additionalservices',
        productname: 'Telehealth Plus',
        vendorname: 'CareNow Virtual',
        productid: service.product.id,
        productfeeid: service.option.id,
        description: 'Telehealth Plus (Individual)',
        tax_status: 'Pre-Tax',
        amountspentCents: 999,
      },
    },
  ] satisfies RuleCase<typeof service, Partial<OrderValues>>[])('$name', ({ period, input, output }) => {
    expect(additionalServicesOrder({ today: period, ...input }).order).toMatchObject(output);
  });

  it.each([
    {
      name: 'builds the health insurance order: amount spent minus HSA, on the effective date given',
      period: today,
      input: { effectiveDate: '2026-01-01', plan, amountSpentCents: 70000, hsaCents: 25000 },
      output: {
        category: 'healthinsurance',
        amountspentCents: 45000,
        productname: 'Silver Saver',
        policyishsaeligible: 1,
        tax_status: 'Pre-Tax',
        description: expect.stringContaining(plan.planid),
        policyeffectivedate: '2026-01-01',
      },
    },
    {
      name: "takes the plan's own effective date when none is given",
      period: today,
      input: { plan: { ...plan, planeffectivedate: '2026-02-01' }, amountSpentCents: 1, hsaCents: 0 },
      output: { policyeffectivedate: '2026-02-01' },
    },
  ] satisfies RuleCase<Omit<Parameters<typeof healthInsuranceOrder>[0], 'today'>, Partial<OrderValues>>[])('$name', ({ period, input, output }) => {
    expect(healthInsuranceOrder({ today: period, ...input }).order).toMatchObject(output);
  });

  it.each([
    { name: 'numbers an order from its id: twelve hex digits in groups of four', period: '', input: '3f2a9c1b-07d4-4e6f-8a9b-0c1d2e3f4a51', output: '3F2A-9C1B-07D4' },
  ] satisfies RuleCase<string, string>[])('$name', ({ input, output }) => {
    expect(orderNumberOf(input)).toBe(output);
  });

  it.each([
    {
      name: 'turns cents into dollars on the wire',
      period: today,
      input: additionalServicesOrder({ today, ...service }),
      output: { order: { amountspent: 9.99 }, memberAccount: { memberaccounttype: 1, status: 1 } },
    },
  ] satisfies RuleCase<OrderDraft, { order: { amountspent: number }; memberAccount: Record<string, unknown> }>[])('$name', ({ input, output }) => {
    const body = toOrderRequest(input);
    expect(body).toMatchObject(output);
    expect(body.order).not.toHaveProperty('amountspentCents');
  });
});

describe('authorizationOrders (spec §4 Placing an order)', () => {
  const categories = (drafts: ReturnType<typeof authorizationOrders>) => drafts.map((draft) => draft.order.category);
  const waive = { choice: 'waive' as const, reason: 'Coverage under Medicare' };
  const buy = { choice: 'buy' as const, plan, amountSpentCents: 70000 };
  const authorization = (hsaMonthlyCents: number, additionalService: typeof service | null, hasAdditionalServicesOrder: boolean, main: Authorization['main']): Omit<Authorization, 'today'> => ({
    hsaMonthlyCents,
    hsaAdministrator: null,
    additionalService,
    hasAdditionalServicesOrder,
    main,
  });

  it.each([
    { name: 'waive only', period: today, input: authorization(0, null, false, waive), output: ['waive'] },
    { name: 'waive with a service', period: today, input: authorization(0, service, false, waive), output: ['additionalservices', 'waive'] },
    { name: 'waive never sends HSA', period: today, input: authorization(5000, null, false, waive), output: ['waive'] },
    { name: 'buy with HSA and service', period: today, input: authorization(5000, service, false, buy), output: ['HSA', 'additionalservices', 'healthinsurance'] },
    { name: 'buy, service already ordered', period: today, input: authorization(0, service, true, buy), output: ['healthinsurance'] },
  ] satisfies RuleCase<Omit<Authorization, 'today'>, string[]>[])('$name', ({ period, input, output }) => {
    expect(categories(authorizationOrders({ today: period, ...input }))).toEqual(output);
  });
});

describe('enrolledMainOrder: whether the member authorized the plan year', () => {
  const order = (category: string, businessyear: number | null) => ({ category, businessyear });
  it.each([
    { name: 'a purchase of the year', period: '2027', input: [order('HSA', 2027), order('healthinsurance', 2027)], output: 'healthinsurance' },
    { name: 'a waiver of the year', period: '2027', input: [order('waive', 2027)], output: 'waive' },
    { name: 'an HSA or service order alone (no main order)', period: '2027', input: [order('HSA', 2027), order('additionalservices', 2027)], output: undefined },
    { name: 'a main order of another year', period: '2027', input: [order('healthinsurance', 2026)], output: undefined },
    { name: 'no orders', period: '2027', input: [], output: undefined },
  ] satisfies RuleCase<{ category: string; businessyear: number | null }[], string | undefined>[])('$name', ({ period, input, output }) => {
    expect(enrolledMainOrder(input, Number(period))?.category).toBe(output);
  });
});
