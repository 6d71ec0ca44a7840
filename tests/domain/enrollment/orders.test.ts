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
  type ChosenPlan,
} from '#domain/enrollment/orders.ts';

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

  it('builds the waive order', () => {
    const draft = waiveOrder({ today, reason: 'Coverage under Medicare' });
    expect(draft.order).toMatchObject({
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
    });
    expect(draft.memberAccount).toEqual({
      memberaccounttype: 1,
      status: 1,
      waivecoverage: 1,
      waivecoveragereason: 'Coverage under Medicare',
      spousemedicareeligible: 0,
    });
  });

  it('keeps the own words of reason Other', () => {
    const draft = waiveOrder({ today, effectiveDate: '2026-01-01', reason: 'Other', reasonOther: '  Parents plan ' });
    expect(draft.memberAccount).toMatchObject({ waivecoveragereason: 'Other', waivecoveragereasonother: 'Parents plan' });
    expect(draft.order.policyeffectivedate).toBe('2026-01-01');
  });

  it.each([
    ['Coverage through Spouse/Partner', undefined, 'Coverage through Spouse/Partner'],
    ['Other', 'My parents cover me', 'My parents cover me'],
    ['Other', '   ', null],
    [null, 'ignored', null],
  ])('stored reason of %j / %j is %j', (reason, other, stored) => {
    expect(storedWaiverReason(reason, other)).toBe(stored);
  });

  it("builds the HSA order with the employer's HSA administrator as its vendor", () => {
    expect(hsaOrder({ today, monthlyCents: 25000, administrator: 'Summit HSA Services' }).order).toMatchObject({
      options: 'HSA Contribution',
      description: 'HSA Contribution Order',
      category: 'HSA',
      productname: 'HSA Plan',
      vendorname: 'Summit HSA Services',
      policyishsaeligible: 1,
      tax_status: 'Pre-Tax',
      amountspentCents: 25000,
    });
  });

  it('builds the HSA order naming no vendor when the employer has no HSA administrator: no placeholder stands in', () => {
    expect(hsaOrder({ today, monthlyCents: 25000, administrator: null }).order.vendorname).toBeNull();
  });

  it("builds the additional services order with the catalogue's product, vendor and option names", () => {
    expect(additionalServicesOrder({ today, ...service }).order).toMatchObject({
      options: 'Individual',
      category: 'additionalservices',
      productname: 'Telehealth Plus',
      vendorname: 'CareNow Virtual',
      productid: service.product.id,
      productfeeid: service.option.id,
      description: 'Telehealth Plus (Individual)',
      tax_status: 'Pre-Tax',
      amountspentCents: 999,
    });
  });

  it('builds the health insurance order: amount spent minus HSA', () => {
    const { order } = healthInsuranceOrder({ today, effectiveDate: '2026-01-01', plan, amountSpentCents: 70000, hsaCents: 25000 });
    expect(order).toMatchObject({ category: 'healthinsurance', amountspentCents: 45000, productname: 'Silver Saver', policyishsaeligible: 1, tax_status: 'Pre-Tax' });
    expect(order.description).toContain(plan.planid);
    expect(order.policyeffectivedate).toBe('2026-01-01');
    expect(healthInsuranceOrder({ today, plan: { ...plan, planeffectivedate: '2026-02-01' }, amountSpentCents: 1, hsaCents: 0 }).order.policyeffectivedate).toBe('2026-02-01');
  });

  it('numbers an order from its id: twelve hex digits in groups of four', () => {
    expect(orderNumberOf('3f2a9c1b-07d4-4e6f-8a9b-0c1d2e3f4a51')).toBe('3F2A-9C1B-07D4');
  });

  it('turns cents into dollars on the wire', () => {
    const body = toOrderRequest(additionalServicesOrder({ today, ...service }));
    expect(body.order.amountspent).toBe(9.99);
    expect(body.order).not.toHaveProperty('amountspentCents');
    expect(body.memberAccount).toMatchObject({ memberaccounttype: 1, status: 1 });
  });
});

describe('authorizationOrders (spec §4 Placing an order)', () => {
  const categories = (drafts: ReturnType<typeof authorizationOrders>) => drafts.map((draft) => draft.order.category);
  const waive = { choice: 'waive' as const, reason: 'Coverage under Medicare' };
  const buy = { choice: 'buy' as const, plan, amountSpentCents: 70000 };

  it.each([
    ['waive only', 0, null, false, waive, ['waive']],
    ['waive with a service', 0, service, false, waive, ['additionalservices', 'waive']],
    ['waive never sends HSA', 5000, null, false, waive, ['waive']],
    ['buy with HSA and service', 5000, service, false, buy, ['HSA', 'additionalservices', 'healthinsurance']],
    ['buy, service already ordered', 0, service, true, buy, ['healthinsurance']],
  ])('%s', (_label, hsaMonthlyCents, additionalService, hasAdditionalServicesOrder, main, expected) => {
    expect(categories(authorizationOrders({ today, hsaMonthlyCents, hsaAdministrator: null, additionalService, hasAdditionalServicesOrder, main }))).toEqual(expected);
  });
});

describe('enrolledMainOrder: whether the member authorized the plan year', () => {
  const order = (category: string, businessyear: number | null) => ({ category, businessyear });
  it.each([
    ['a purchase of the year', [order('HSA', 2027), order('healthinsurance', 2027)], 'healthinsurance'],
    ['a waiver of the year', [order('waive', 2027)], 'waive'],
    ['an HSA or service order alone (no main order)', [order('HSA', 2027), order('additionalservices', 2027)], undefined],
    ['a main order of another year', [order('healthinsurance', 2026)], undefined],
    ['no orders', [], undefined],
  ])('%s', (_label, orders, expected) => {
    expect(enrolledMainOrder(orders, 2027)?.category).toBe(expected);
  });
});
