import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  addToCart,
  benefitText,
  carriersOf,
  compareRefusal,
  DEDUCTIBLE_BANDS,
  deductibleBandOf,
  filterPlans,
  filtersFromParams,
  hasFullSsn,
  noFilters,
  paramsWithFilters,
  PRICE_BANDS,
  priceBandOf,
  shownCount,
  toggleCompare,
  truncatePlanName,
  type HealthPlan,
} from '#domain/plans/plan-filters.ts';
import { formatCurrency } from '#domain/values/money.ts';
import { PLAN_PAGE_SIZE } from '#domain/parameters/enrollment.ts';

const plan = (planid: string, fields: Partial<HealthPlan> = {}): HealthPlan => ({
  planid,
  issuername: 'Blue Cross',
  metallevel: 'Silver',
  rate: 300,
  ishsaeligible: 'No',
  annualdeductibleindividual: 2000,
  ...fields,
});

describe('deductible bands (spec §9: $1-$1000, $1001-$3500, $3501-$5000, $5001-$15000, $15001 or higher)', () => {
  it('has the five bands in order', () => {
    expect(DEDUCTIBLE_BANDS.map((band) => band.id)).toEqual(['1-1000', '1001-3500', '3501-5000', '5001-15000', '15001-up']);
  });

  it.each([
    [0, '1-1000'],
    [1, '1-1000'],
    [1000, '1-1000'],
    [1000.99, '1-1000'],
    [1001, '1001-3500'],
    [3500, '1001-3500'],
    [3501, '3501-5000'],
    [5000, '3501-5000'],
    [5001, '5001-15000'],
    [15000, '5001-15000'],
    [15001, '15001-up'],
    [250000, '15001-up'],
  ])('$%d falls in %s', (dollars, id) => {
    expect(deductibleBandOf({ annualdeductibleindividual: dollars })?.id).toBe(id);
  });

  it.each([[null], [-1], [Number.NaN]])('%s falls in no band', (dollars) => {
    expect(deductibleBandOf({ annualdeductibleindividual: dollars })).toBeNull();
  });
});

describe('price bands (spec §9: below $200, $200-$400, $401-$600, $601-$800, $801-$1000, $1001 or higher)', () => {
  it('has the six bands in order', () => {
    expect(PRICE_BANDS.map((band) => band.id)).toEqual(['below-200', '200-400', '401-600', '601-800', '801-1000', '1001-up']);
  });

  it.each([
    [0, 'below-200'],
    [199.99, 'below-200'],
    [200, '200-400'],
    [400, '200-400'],
    [400.5, '200-400'],
    [401, '401-600'],
    [600, '401-600'],
    [601, '601-800'],
    [800, '601-800'],
    [801, '801-1000'],
    [1000, '801-1000'],
    [1001, '1001-up'],
    [5432.1, '1001-up'],
  ])('$%d a month falls in %s', (rate, id) => {
    expect(priceBandOf({ rate })?.id).toBe(id);
  });
});

describe('filterPlans', () => {
  const plans = [
    plan('a', { issuername: 'Aetna', metallevel: 'Gold', rate: 650, annualdeductibleindividual: 500, ishsaeligible: 'No' }),
    plan('b', { issuername: 'Blue Cross', metallevel: 'Bronze', rate: 250, annualdeductibleindividual: 7000, ishsaeligible: 'Yes' }),
    plan('c', { issuername: 'Cigna', metallevel: 'Silver', rate: 420, annualdeductibleindividual: 3000, ishsaeligible: 'No' }),
    plan('d', { issuername: 'Blue Cross', metallevel: 'Expanded Bronze', rate: 180, annualdeductibleindividual: null, ishsaeligible: 'Yes' }),
    plan('e', { issuername: 'Aetna', metallevel: 'Silver', rate: 420, annualdeductibleindividual: 20000, ishsaeligible: 'No' }),
  ];
  const ids = (list: HealthPlan[]) => list.map((p) => p.planid);

  it('keeps every plan, in the quote order, without filters', () => {
    expect(ids(filterPlans(plans, noFilters()))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('filters by carrier, metal tier, deductible band, price band and HSA eligibility; alternatives within one filter', () => {
    expect(ids(filterPlans(plans, { ...noFilters(), carriers: ['Blue Cross'] }))).toEqual(['b', 'd']);
    expect(ids(filterPlans(plans, { ...noFilters(), carriers: ['Aetna', 'Cigna'] }))).toEqual(['a', 'c', 'e']);
    expect(ids(filterPlans(plans, { ...noFilters(), metals: ['Silver'] }))).toEqual(['c', 'e']);
    expect(ids(filterPlans(plans, { ...noFilters(), deductibleBands: ['1-1000', '15001-up'] }))).toEqual(['a', 'e']);
    expect(ids(filterPlans(plans, { ...noFilters(), priceBands: ['401-600'] }))).toEqual(['c', 'e']);
    expect(ids(filterPlans(plans, { ...noFilters(), hsaEligibleOnly: true }))).toEqual(['b', 'd']);
  });

  it('combines filters (every one must hold)', () => {
    expect(ids(filterPlans(plans, { ...noFilters(), carriers: ['Aetna'], metals: ['Silver'], priceBands: ['401-600'] }))).toEqual(['e']);
    expect(ids(filterPlans(plans, { ...noFilters(), carriers: ['Cigna'], hsaEligibleOnly: true }))).toEqual([]);
  });

  it('sorts by price both ways, ties in the quote order', () => {
    expect(ids(filterPlans(plans, { ...noFilters(), sort: 'price-asc' }))).toEqual(['d', 'b', 'c', 'e', 'a']);
    expect(ids(filterPlans(plans, { ...noFilters(), sort: 'price-desc' }))).toEqual(['a', 'c', 'e', 'b', 'd']);
  });

  it('does not change the list it was given', () => {
    const before = ids(plans);
    filterPlans(plans, { ...noFilters(), sort: 'price-desc' });
    expect(ids(plans)).toEqual(before);
  });

  it('lists the carriers once each, alphabetically', () => {
    expect(carriersOf(plans)).toEqual(['Aetna', 'Blue Cross', 'Cigna']);
  });
});

describe('truncatePlanName (spec §9: cut at 80 characters plus an ellipsis)', () => {
  it('keeps names of 80 characters or fewer', () => {
    expect(truncatePlanName('Silver 2000')).toBe('Silver 2000');
    expect(truncatePlanName('x'.repeat(80))).toBe('x'.repeat(80));
  });

  it('cuts longer names at 80 characters and adds the ellipsis', () => {
    expect(truncatePlanName('y'.repeat(81))).toBe(`${'y'.repeat(80)}...`);
  });

  it('counts characters, never cutting a surrogate pair in half', () => {
    const name = '😀'.repeat(81);
    expect(truncatePlanName(name)).toBe(`${'😀'.repeat(80)}...`);
  });
});

describe('display rules (spec §5: currency and N/A)', () => {
  it('shows empty benefit texts as not available (null)', () => {
    expect(benefitText(null)).toBeNull();
    expect(benefitText(undefined)).toBeNull();
    expect(benefitText('')).toBeNull();
    expect(benefitText('   ')).toBeNull();
    expect(benefitText('$30 copay')).toBe('$30 copay');
  });

  it('adds the dollar sign and two decimals to numbers, keeps texts that have one', () => {
    expect(formatCurrency(450.5)).toBe('$450.50');
    expect(formatCurrency(7000)).toBe('$7,000.00');
    expect(formatCurrency('$7,000 per person')).toBe('$7,000 per person');
    expect(formatCurrency('Included')).toBe('Included');
  });
});

describe('compare list and cart (spec §5: compare max 3, at least 2 to open, one plan in the cart)', () => {
  const [a, b, c, d] = [plan('a'), plan('b'), plan('c'), plan('d')];

  it('ticks up to three plans and refuses a fourth', () => {
    let list: HealthPlan[] = [];
    for (const next of [a, b, c]) {
      const outcome = toggleCompare(list, next);
      expect(outcome.refused).toBeNull();
      list = outcome.list;
    }
    expect(toggleCompare(list, d)).toEqual({ list: [a, b, c], refused: 'compare-max' });
  });

  it('unticks a plan already in the list', () => {
    expect(toggleCompare([a, b], a)).toEqual({ list: [b], refused: null });
  });

  it('opens the comparison with two or three plans only', () => {
    expect(compareRefusal([])).toBe('compare-min');
    expect(compareRefusal([a])).toBe('compare-min');
    expect(compareRefusal([a, b])).toBeNull();
  });

  it('holds one plan: another is refused, the same one again is fine', () => {
    expect(addToCart(null, a)).toEqual({ cart: a, refused: null });
    expect(addToCart(a, a)).toEqual({ cart: a, refused: null });
    expect(addToCart(a, b)).toEqual({ cart: a, refused: 'plan-already-selected' });
  });

  it('knows a full SSN on file (masked or nine digits) from a missing one', () => {
    expect(hasFullSsn('***-**-1234')).toBe(true);
    expect(hasFullSsn('123456789')).toBe(true);
    expect(hasFullSsn('123-45-6789')).toBe(true);
    expect(hasFullSsn(null)).toBe(false);
    expect(hasFullSsn('')).toBe(false);
    expect(hasFullSsn('12345')).toBe(false);
  });
});

describe('filters in the address (issue 20: a reload and Back keep them)', () => {
  const carriers = ['Aetna', 'Blue Cross', 'Kaiser & Co'];
  const params = (query: string) => new URLSearchParams(query);

  it('reads every filter and the sort, a list filter from its repeated parameter', () => {
    expect(
      filtersFromParams(params('carrier=Kaiser+%26+Co&carrier=Aetna&metal=Gold&metal=Expanded+Bronze&deductible=1-1000&price=200-400&hsa=1&sort=price-desc'), carriers),
    ).toEqual({
      carriers: ['Aetna', 'Kaiser & Co'],
      metals: ['Gold', 'Expanded Bronze'],
      deductibleBands: ['1-1000'],
      priceBands: ['200-400'],
      hsaEligibleOnly: true,
      sort: 'price-desc',
    });
  });

  it('reads no filters from a bare address', () => {
    expect(filtersFromParams(params(''), carriers)).toEqual(noFilters());
  });

  it.each([
    ['an unknown carrier', 'carrier=Evil+Corp'],
    ["a carrier not among the quote's", 'carrier=aetna'],
    ['an unknown metal tier', 'metal=Mithril&metal=gold'],
    ['an unknown band', 'deductible=0-1&price=%3Cscript%3E&deductible=__proto__'],
    ['an hsa value other than 1', 'hsa=true&hsa=yes'],
    ['an unknown sort', 'sort=price&sort=price-asc'],
    ['an empty value', 'carrier=&metal=&sort='],
    ['a parameter of no filter', 'constructor=1&toString=x'],
  ])('ignores %s', (_, query) => {
    expect(filtersFromParams(params(query), carriers)).toEqual(noFilters());
  });

  it('keeps each value once, in the order of the choices', () => {
    expect(filtersFromParams(params('metal=Silver&metal=Gold&metal=Silver'), carriers).metals).toEqual(['Gold', 'Silver']);
  });

  it('writes the filters back as they were read, and only those set', () => {
    const filters = { ...noFilters(), carriers: ['Kaiser & Co'], metals: ['Gold', 'Silver'], hsaEligibleOnly: true, sort: 'price-asc' as const };
    const written = paramsWithFilters(params(''), filters);
    expect(written.toString()).toBe('carrier=Kaiser+%26+Co&metal=Gold&metal=Silver&hsa=1&sort=price-asc');
    expect(filtersFromParams(written, carriers)).toEqual(filters);
    expect(paramsWithFilters(params('hsa=1&sort=price-asc'), noFilters()).toString()).toBe('');
  });

  it("keeps an open view's parameters and shows the first page again", () => {
    const written = paramsWithFilters(params('details=P1&hsa=1&shown=36&metal=Gold'), { ...noFilters(), metals: ['Silver'] });
    expect(written.toString()).toBe('details=P1&metal=Silver');
  });

  it('counts the ticked filters, not the sort', () => {
    expect(activeFilterCount(noFilters())).toBe(0);
    expect(activeFilterCount({ ...noFilters(), sort: 'price-asc' })).toBe(0);
    expect(
      activeFilterCount({ carriers: ['Aetna'], metals: ['Gold', 'Silver'], deductibleBands: ['1-1000'], priceBands: ['below-200'], hsaEligibleOnly: true, sort: null }),
    ).toBe(6);
  });
});

describe('how many plans show (a page, then a page more at each Show more)', () => {
  it('shows a page of 12 at first, every plan of a shorter list', () => {
    expect(PLAN_PAGE_SIZE.value).toBe(12);
    expect(shownCount(null, 78)).toBe(12);
    expect(shownCount(null, 5)).toBe(5);
  });

  it('shows what the address asks, at least a page and at most every plan', () => {
    expect(shownCount('24', 78)).toBe(24);
    expect(shownCount('3', 78)).toBe(12);
    expect(shownCount('9999', 78)).toBe(78);
  });

  it.each(['', '-12', '1e3', '12.5', '0x20', '99999', 'all'])('ignores the count %j', (value) => {
    expect(shownCount(value, 78)).toBe(12);
  });
});
