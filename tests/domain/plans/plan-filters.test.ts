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
  type PlanFilters,
  type Refusal,
} from '#domain/plans/plan-filters.ts';
import { formatCurrency } from '#domain/values/money.ts';
import { PLAN_PAGE_SIZE } from '#domain/parameters/enrollment.ts';
import type { RuleCase } from '../rule-case.ts';

const plan = (planid: string, fields: Partial<HealthPlan> = {}): HealthPlan => ({
  planid,
  issuername: 'Blue Cross',
  metallevel: 'Silver',
  rate: 30_000,
  ishsaeligible: 'No',
  annualdeductibleindividual: 200_000,
  ...fields,
});

describe('deductible bands (spec §9: $1-$1000, $1001-$3500, $3501-$5000, $5001-$15000, $15001 or higher)', () => {
  it('has the five bands in order', () => {
    expect(DEDUCTIBLE_BANDS.map((band) => band.id)).toEqual(['1-1000', '1001-3500', '3501-5000', '5001-15000', '15001-up']);
  });

  it.each([
    { name: '$0 falls in 1-1000', period: '', input: 0, output: '1-1000' },
    { name: '$1 falls in 1-1000', period: '', input: 100, output: '1-1000' },
    { name: '$1000 falls in 1-1000', period: '', input: 100_000, output: '1-1000' },
    { name: '$1000.99 falls in 1-1000', period: '', input: 100_099, output: '1-1000' },
    { name: '$1001 falls in 1001-3500', period: '', input: 100_100, output: '1001-3500' },
    { name: '$3500 falls in 1001-3500', period: '', input: 350_000, output: '1001-3500' },
    { name: '$3501 falls in 3501-5000', period: '', input: 350_100, output: '3501-5000' },
    { name: '$5000 falls in 3501-5000', period: '', input: 500_000, output: '3501-5000' },
    { name: '$5001 falls in 5001-15000', period: '', input: 500_100, output: '5001-15000' },
    { name: '$15000 falls in 5001-15000', period: '', input: 1_500_000, output: '5001-15000' },
    { name: '$15001 falls in 15001-up', period: '', input: 1_500_100, output: '15001-up' },
    { name: '$250000 falls in 15001-up', period: '', input: 25_000_000, output: '15001-up' },
    { name: 'no deductible falls in no band', period: '', input: null, output: null },
    { name: '-$1 falls in no band', period: '', input: -100, output: null },
    { name: 'NaN falls in no band', period: '', input: Number.NaN, output: null },
  ] satisfies RuleCase<number | null, string | null>[])('$name', ({ input, output }) => {
    const band = deductibleBandOf({ annualdeductibleindividual: input });
    expect(band === null ? null : band.id).toBe(output);
  });
});

describe('price bands (spec §9: below $200, $200-$400, $401-$600, $601-$800, $801-$1000, $1001 or higher)', () => {
  it('has the six bands in order', () => {
    expect(PRICE_BANDS.map((band) => band.id)).toEqual(['below-200', '200-400', '401-600', '601-800', '801-1000', '1001-up']);
  });

  it.each([
    { name: '$0 a month falls in below-200', period: '', input: 0, output: 'below-200' },
    { name: '$199.99 a month falls in below-200', period: '', input: 19_999, output: 'below-200' },
    { name: '$200 a month falls in 200-400', period: '', input: 20_000, output: '200-400' },
    { name: '$400 a month falls in 200-400', period: '', input: 40_000, output: '200-400' },
    { name: '$400.5 a month falls in 200-400', period: '', input: 40_050, output: '200-400' },
    { name: '$401 a month falls in 401-600', period: '', input: 40_100, output: '401-600' },
    { name: '$600 a month falls in 401-600', period: '', input: 60_000, output: '401-600' },
    { name: '$601 a month falls in 601-800', period: '', input: 60_100, output: '601-800' },
    { name: '$800 a month falls in 601-800', period: '', input: 80_000, output: '601-800' },
    { name: '$801 a month falls in 801-1000', period: '', input: 80_100, output: '801-1000' },
    { name: '$1000 a month falls in 801-1000', period: '', input: 100_000, output: '801-1000' },
    { name: '$1001 a month falls in 1001-up', period: '', input: 100_100, output: '1001-up' },
    { name: '$5432.1 a month falls in 1001-up', period: '', input: 543_210, output: '1001-up' },
  ] satisfies RuleCase<number, string>[])('$name', ({ input, output }) => {
    expect(priceBandOf({ rate: input })?.id).toBe(output);
  });
});

describe('filterPlans', () => {
  const plans = [
    plan('a', { issuername: 'Aetna', metallevel: 'Gold', rate: 65_000, annualdeductibleindividual: 50_000, ishsaeligible: 'No' }),
    plan('b', { issuername: 'Blue Cross', metallevel: 'Bronze', rate: 25_000, annualdeductibleindividual: 700_000, ishsaeligible: 'Yes' }),
    plan('c', { issuername: 'Cigna', metallevel: 'Silver', rate: 42_000, annualdeductibleindividual: 300_000, ishsaeligible: 'No' }),
    plan('d', { issuername: 'Blue Cross', metallevel: 'Expanded Bronze', rate: 18_000, annualdeductibleindividual: null, ishsaeligible: 'Yes' }),
    plan('e', { issuername: 'Aetna', metallevel: 'Silver', rate: 42_000, annualdeductibleindividual: 2_000_000, ishsaeligible: 'No' }),
  ];
  const ids = (list: HealthPlan[]) => list.map((p) => p.planid);

  // Alternatives within one filter, every filter must hold, ties in the quote order.
  it.each([
    { name: 'no filters: every plan, in the quote order', period: '', input: {}, output: ['a', 'b', 'c', 'd', 'e'] },
    { name: 'by carrier', period: '', input: { carriers: ['Blue Cross'] }, output: ['b', 'd'] },
    { name: 'by either of two carriers', period: '', input: { carriers: ['Aetna', 'Cigna'] }, output: ['a', 'c', 'e'] },
    { name: 'by metal tier', period: '', input: { metals: ['Silver'] }, output: ['c', 'e'] },
    { name: 'by either of two deductible bands', period: '', input: { deductibleBands: ['1-1000', '15001-up'] }, output: ['a', 'e'] },
    { name: 'by price band', period: '', input: { priceBands: ['401-600'] }, output: ['c', 'e'] },
    { name: 'HSA-eligible only', period: '', input: { hsaEligibleOnly: true }, output: ['b', 'd'] },
    { name: 'carrier, metal tier and price band together', period: '', input: { carriers: ['Aetna'], metals: ['Silver'], priceBands: ['401-600'] }, output: ['e'] },
    { name: 'a carrier with no HSA-eligible plan, HSA-eligible only: none', period: '', input: { carriers: ['Cigna'], hsaEligibleOnly: true }, output: [] },
    { name: 'by price, lowest first', period: '', input: { sort: 'price-asc' }, output: ['d', 'b', 'c', 'e', 'a'] },
    { name: 'by price, highest first', period: '', input: { sort: 'price-desc' }, output: ['a', 'c', 'e', 'b', 'd'] },
  ] satisfies RuleCase<Partial<PlanFilters>, string[]>[])('$name', ({ input, output }) => {
    expect(ids(filterPlans(plans, { ...noFilters(), ...input }))).toEqual(output);
  });

  it('does not change the list it was given', () => {
    const before = ids(plans);
    filterPlans(plans, { ...noFilters(), sort: 'price-desc' });
    expect(ids(plans)).toEqual(before);
  });

  it.each([
    { name: 'lists the carriers once each, alphabetically', period: '', input: plans, output: ['Aetna', 'Blue Cross', 'Cigna'] },
  ] satisfies RuleCase<HealthPlan[], string[]>[])('$name', ({ input, output }) => {
    expect(carriersOf(input)).toEqual(output);
  });
});

describe('truncatePlanName (spec §9: cut at 80 characters plus an ellipsis)', () => {
  it.each([
    { name: 'keeps a short name', period: '', input: 'Silver 2000', output: 'Silver 2000' },
    { name: 'keeps a name of 80 characters', period: '', input: 'x'.repeat(80), output: 'x'.repeat(80) },
    { name: 'cuts a name of 81 characters at 80 and adds the ellipsis', period: '', input: 'y'.repeat(81), output: `${'y'.repeat(80)}...` },
    { name: 'counts characters, never cutting a surrogate pair in half', period: '', input: '😀'.repeat(81), output: `${'😀'.repeat(80)}...` },
  ] satisfies RuleCase<string, string>[])('$name', ({ input, output }) => {
    expect(truncatePlanName(input)).toBe(output);
  });
});

describe('display rules (spec §5: currency and N/A)', () => {
  it.each([
    { name: 'null is not available', period: '', input: null, output: null },
    { name: 'undefined is not available', period: '', input: undefined, output: null },
    { name: '"" is not available', period: '', input: '', output: null },
    { name: 'blanks are not available', period: '', input: '   ', output: null },
    { name: 'a text is shown', period: '', input: '$30 copay', output: '$30 copay' },
  ] satisfies RuleCase<string | null | undefined, string | null>[])('benefitText: $name', ({ input, output }) => {
    expect(benefitText(input)).toBe(output);
  });

  it.each([
    { name: '450.5 gets the dollar sign and two decimals', period: '', input: 450.5, output: '$450.50' },
    { name: '7000 gets the dollar sign, grouping and two decimals', period: '', input: 7000, output: '$7,000.00' },
    { name: 'a text with its dollar sign is kept', period: '', input: '$7,000 per person', output: '$7,000 per person' },
    { name: 'a text without a number is kept', period: '', input: 'Included', output: 'Included' },
  ] satisfies RuleCase<string | number, string>[])('formatCurrency: $name', ({ input, output }) => {
    expect(formatCurrency(input)).toBe(output);
  });
});

describe('compare list and cart (spec §5: compare max 3, at least 2 to open, one plan in the cart)', () => {
  const [a, b, c, d] = [plan('a'), plan('b'), plan('c'), plan('d')];

  it.each([
    { name: 'ticks a first plan', period: '', input: { list: [], plan: a }, output: { list: [a], refused: null } },
    { name: 'ticks a second plan', period: '', input: { list: [a], plan: b }, output: { list: [a, b], refused: null } },
    { name: 'ticks a third plan', period: '', input: { list: [a, b], plan: c }, output: { list: [a, b, c], refused: null } },
    { name: 'refuses a fourth', period: '', input: { list: [a, b, c], plan: d }, output: { list: [a, b, c], refused: 'compare-max' } },
    { name: 'unticks a plan already in the list', period: '', input: { list: [a, b], plan: a }, output: { list: [b], refused: null } },
  ] satisfies RuleCase<{ list: HealthPlan[]; plan: HealthPlan }, ReturnType<typeof toggleCompare<HealthPlan>>>[])('toggleCompare: $name', ({ input, output }) => {
    expect(toggleCompare(input.list, input.plan)).toEqual(output);
  });

  it.each([
    { name: 'no plan: refused', period: '', input: [], output: 'compare-min' },
    { name: 'one plan: refused', period: '', input: [a], output: 'compare-min' },
    { name: 'two plans: opens', period: '', input: [a, b], output: null },
  ] satisfies RuleCase<HealthPlan[], Refusal | null>[])('compareRefusal: $name', ({ input, output }) => {
    expect(compareRefusal(input)).toBe(output);
  });

  it.each([
    { name: 'an empty cart takes a plan', period: '', input: { cart: null, plan: a }, output: { cart: a, refused: null } },
    { name: 'the same plan again is fine', period: '', input: { cart: a, plan: a }, output: { cart: a, refused: null } },
    { name: 'another plan is refused: the cart holds one', period: '', input: { cart: a, plan: b }, output: { cart: a, refused: 'plan-already-selected' } },
  ] satisfies RuleCase<{ cart: HealthPlan | null; plan: HealthPlan }, ReturnType<typeof addToCart<HealthPlan>>>[])('addToCart: $name', ({ input, output }) => {
    expect(addToCart(input.cart, input.plan)).toEqual(output);
  });

  it.each([
    { name: 'a masked SSN on file is full', period: '', input: '***-**-1234', output: true },
    { name: 'nine digits are full', period: '', input: '123456789', output: true },
    { name: 'nine digits with hyphens are full', period: '', input: '123-45-6789', output: true },
    { name: 'none on file is missing', period: '', input: null, output: false },
    { name: '"" is missing', period: '', input: '', output: false },
    { name: 'five digits are missing', period: '', input: '12345', output: false },
  ] satisfies RuleCase<string | null, boolean>[])('hasFullSsn: $name', ({ input, output }) => {
    expect(hasFullSsn(input)).toBe(output);
  });
});

describe('filters in the address (issue 20: a reload and Back keep them)', () => {
  const carriers = ['Aetna', 'Blue Cross', 'Kaiser & Co'];
  const params = (query: string) => new URLSearchParams(query);

  it.each([
    {
      name: 'reads every filter and the sort, a list filter from its repeated parameter',
      period: '',
      input: 'carrier=Kaiser+%26+Co&carrier=Aetna&metal=Gold&metal=Expanded+Bronze&deductible=1-1000&price=200-400&hsa=1&sort=price-desc',
      output: { carriers: ['Aetna', 'Kaiser & Co'], metals: ['Gold', 'Expanded Bronze'], deductibleBands: ['1-1000'], priceBands: ['200-400'], hsaEligibleOnly: true, sort: 'price-desc' },
    },
    { name: 'reads no filters from a bare address', period: '', input: '', output: noFilters() },
    { name: 'ignores an unknown carrier', period: '', input: 'carrier=Evil+Corp', output: noFilters() },
    { name: "ignores a carrier not among the quote's", period: '', input: 'carrier=aetna', output: noFilters() },
    { name: 'ignores an unknown metal tier', period: '', input: 'metal=Mithril&metal=gold', output: noFilters() },
    { name: 'ignores an unknown band', period: '', input: 'deductible=0-1&price=%3Cscript%3E&deductible=__proto__', output: noFilters() },
    { name: 'ignores an hsa value other than 1', period: '', input: 'hsa=true&hsa=yes', output: noFilters() },
    { name: 'ignores an unknown sort', period: '', input: 'sort=price&sort=price-asc', output: noFilters() },
    { name: 'ignores an empty value', period: '', input: 'carrier=&metal=&sort=', output: noFilters() },
    { name: 'ignores a parameter of no filter', period: '', input: 'constructor=1&toString=x', output: noFilters() },
    { name: 'keeps each value once, in the order of the choices', period: '', input: 'metal=Silver&metal=Gold&metal=Silver', output: { ...noFilters(), metals: ['Gold', 'Silver'] } },
  ] satisfies RuleCase<string, PlanFilters>[])('filtersFromParams: $name', ({ input, output }) => {
    expect(filtersFromParams(params(input), carriers)).toEqual(output);
  });

  const written = { ...noFilters(), carriers: ['Kaiser & Co'], metals: ['Gold', 'Silver'], hsaEligibleOnly: true, sort: 'price-asc' as const };
  it.each([
    { name: 'writes only the filters set', period: '', input: { query: '', filters: written }, output: 'carrier=Kaiser+%26+Co&metal=Gold&metal=Silver&hsa=1&sort=price-asc' },
    { name: 'clears the filters no longer set', period: '', input: { query: 'hsa=1&sort=price-asc', filters: noFilters() }, output: '' },
    { name: "keeps an open view's parameters and shows the first page again", period: '', input: { query: 'details=P1&hsa=1&shown=36&metal=Gold', filters: { ...noFilters(), metals: ['Silver'] } }, output: 'details=P1&metal=Silver' },
  ] satisfies RuleCase<{ query: string; filters: PlanFilters }, string>[])('paramsWithFilters: $name', ({ input, output }) => {
    expect(paramsWithFilters(params(input.query), input.filters).toString()).toBe(output);
  });

  it('reads the filters back as they were written', () => {
    expect(filtersFromParams(paramsWithFilters(params(''), written), carriers)).toEqual(written);
  });

  it.each([
    { name: 'no filters: 0', period: '', input: noFilters(), output: 0 },
    { name: 'the sort is no filter: 0', period: '', input: { ...noFilters(), sort: 'price-asc' }, output: 0 },
    { name: 'every ticked value counts: 6', period: '', input: { carriers: ['Aetna'], metals: ['Gold', 'Silver'], deductibleBands: ['1-1000'], priceBands: ['below-200'], hsaEligibleOnly: true, sort: null }, output: 6 },
  ] satisfies RuleCase<PlanFilters, number>[])('activeFilterCount: $name', ({ input, output }) => {
    expect(activeFilterCount(input)).toBe(output);
  });
});

describe('how many plans show (a page, then a page more at each Show more)', () => {
  it('has a page of 12', () => {
    expect(PLAN_PAGE_SIZE.value).toBe(12);
  });

  it.each([
    { name: 'a page at first', period: '', input: { shown: null, total: 78 }, output: 12 },
    { name: 'every plan of a list shorter than a page', period: '', input: { shown: null, total: 5 }, output: 5 },
    { name: 'what the address asks', period: '', input: { shown: '24', total: 78 }, output: 24 },
    { name: 'at least a page', period: '', input: { shown: '3', total: 78 }, output: 12 },
    { name: 'at most every plan', period: '', input: { shown: '9999', total: 78 }, output: 78 },
    { name: 'ignores the count ""', period: '', input: { shown: '', total: 78 }, output: 12 },
    { name: 'ignores the count "-12"', period: '', input: { shown: '-12', total: 78 }, output: 12 },
    { name: 'ignores the count "1e3"', period: '', input: { shown: '1e3', total: 78 }, output: 12 },
    { name: 'ignores the count "12.5"', period: '', input: { shown: '12.5', total: 78 }, output: 12 },
    { name: 'ignores the count "0x20"', period: '', input: { shown: '0x20', total: 78 }, output: 12 },
    { name: 'ignores the count "99999"', period: '', input: { shown: '99999', total: 78 }, output: 12 },
    { name: 'ignores the count "all"', period: '', input: { shown: 'all', total: 78 }, output: 12 },
  ] satisfies RuleCase<{ shown: string | null; total: number }, number>[])('shownCount: $name', ({ input, output }) => {
    expect(shownCount(input.shown, input.total)).toBe(output);
  });
});
