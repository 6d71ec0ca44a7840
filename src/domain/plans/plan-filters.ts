/**
 * Shop Health Plans' rules (spec §2 Shop Health Plans, §5 Cart and compare and Display rules, §9): the deductible
 * and price bands, the filters and the price sort, the plan name cut, the compare list and the one-plan cart, and
 * which values show as empty. Pure: plans in, plans out; amounts are integer cents (the API client's decoder made
 * them so), so a rate of $400.50 falls in one band exactly. Texts (band labels, the not-applicable text, messages) are the screens' (the catalogue), never here.
 */
import { isHsaEligible } from '../enrollment/hsa.ts';
import { COMPARE_MAX, COMPARE_MIN, PLAN_NAME_MAX, PLAN_PAGE_SIZE } from '../parameters/enrollment.ts';

/**
 * A band of dollar amounts, [minCents, maxCents) in cents; maxCents null means no upper end. The band of $200 to
 * $400 runs up to (not including) the next band's $401, so no amount falls between two bands.
 */
export type Band<Id extends string = string> = { id: Id; minCents: number; maxCents: number | null };

/**
 * Spec §9 Deductible bands: $1-$1000, $1001-$3500, $3501-$5000, $5001-$15000, $15001 or higher. A $0 deductible
 * counts in the lowest band (docs/ui-conventions.md, A $0 deductible counts in the lowest deductible band: a person asking for the lowest deductibles wants it too).
 */
export const DEDUCTIBLE_BANDS = [
  { id: '1-1000', minCents: 0, maxCents: 100_100 },
  { id: '1001-3500', minCents: 100_100, maxCents: 350_100 },
  { id: '3501-5000', minCents: 350_100, maxCents: 500_100 },
  { id: '5001-15000', minCents: 500_100, maxCents: 1_500_100 },
  { id: '15001-up', minCents: 1_500_100, maxCents: null },
] as const satisfies readonly Band[];

/** Spec §9 Price bands (monthly rate): below $200, $200-$400, $401-$600, $601-$800, $801-$1000, $1001 or higher. */
export const PRICE_BANDS = [
  { id: 'below-200', minCents: 0, maxCents: 20_000 },
  { id: '200-400', minCents: 20_000, maxCents: 40_100 },
  { id: '401-600', minCents: 40_100, maxCents: 60_100 },
  { id: '601-800', minCents: 60_100, maxCents: 80_100 },
  { id: '801-1000', minCents: 80_100, maxCents: 100_100 },
  { id: '1001-up', minCents: 100_100, maxCents: null },
] as const satisfies readonly Band[];

/**
 * What these rules read of a quoted health plan (spec §3 Health plan; the wire type HealthPlan of
 * src/contracts/entities.ts has these fields): money in cents, ishsaeligible 'Yes' or 'No'.
 */
export type HealthPlan = {
  planid: string;
  issuername: string;
  metallevel: string;
  rate: number;
  ishsaeligible: string;
  annualdeductibleindividual: number | null;
};

export type DeductibleBandId = (typeof DEDUCTIBLE_BANDS)[number]['id'];
export type PriceBandId = (typeof PRICE_BANDS)[number]['id'];

/** Spec §9 Metal tiers, in the order the filter lists them. */
export const METAL_TIERS: readonly string[] = ['Gold', 'Silver', 'Bronze', 'Expanded Bronze', 'Platinum', 'Catastrophic'];

/** The band an amount of cents falls in; null for no amount or a negative one. */
export function bandOf<B extends Band>(bands: readonly B[], cents: number | null | undefined): B | null {
  if (cents === null || cents === undefined || cents < 0) return null;
  return bands.find((band) => cents >= band.minCents && (band.maxCents === null || cents < band.maxCents)) ?? null;
}

export const deductibleBandOf = (plan: Pick<HealthPlan, 'annualdeductibleindividual'>) =>
  bandOf(DEDUCTIBLE_BANDS, plan.annualdeductibleindividual);
export const priceBandOf = (plan: Pick<HealthPlan, 'rate'>) => bandOf(PRICE_BANDS, plan.rate);

export type PriceSort = 'price-asc' | 'price-desc';

/** What the person filters by. An empty list does not filter; several entries in one list are alternatives. */
export type PlanFilters = {
  carriers: string[];
  metals: string[];
  deductibleBands: DeductibleBandId[];
  priceBands: PriceBandId[];
  hsaEligibleOnly: boolean;
  sort: PriceSort | null;
};

export const noFilters = (): PlanFilters => ({
  carriers: [],
  metals: [],
  deductibleBands: [],
  priceBands: [],
  hsaEligibleOnly: false,
  sort: null,
});

/** The plans that pass every filter, sorted by monthly rate when asked (ties keep the quote's order). */
export function filterPlans<P extends HealthPlan>(plans: readonly P[], filters: PlanFilters): P[] {
  const within = <T>(list: readonly T[], value: T | null | undefined) => list.length === 0 || (value != null && list.includes(value));
  const kept = plans.filter(
    (plan) =>
      within(filters.carriers, plan.issuername) &&
      within(filters.metals, plan.metallevel) &&
      within(filters.deductibleBands, deductibleBandOf(plan)?.id) &&
      within(filters.priceBands, priceBandOf(plan)?.id) &&
      (!filters.hsaEligibleOnly || isHsaEligible(plan)),
  );
  if (filters.sort === null) return kept;
  const direction = filters.sort === 'price-asc' ? 1 : -1;
  return kept
    .map((plan, index) => ({ plan, index, cents: plan.rate }))
    .sort((a, b) => (a.cents - b.cents) * direction || a.index - b.index)
    .map(({ plan }) => plan);
}

/**
 * The names of the address's search parameters that hold the filters and the sort (issue 20: a reload and Back keep
 * them), and how many cards show. A list filter repeats its parameter once per value (?metal=Gold&metal=Silver).
 */
export const FILTER_PARAMS = {
  carriers: 'carrier',
  metals: 'metal',
  deductibleBands: 'deductible',
  priceBands: 'price',
  hsaEligibleOnly: 'hsa',
  sort: 'sort',
  shown: 'shown',
} as const;

const SORTS: readonly PriceSort[] = ['price-asc', 'price-desc'];

/**
 * The filters an address asks for. Anything else is ignored, never an error: a value outside the choices (a metal
 * tier, a band or a sort not listed, a carrier not among `carriers`, the quote's), a repeated one, hsa other than
 * '1'. Values come out in the choices' order, so one set of filters has one address.
 */
export function filtersFromParams(params: URLSearchParams, carriers: readonly string[]): PlanFilters {
  const chosen = <T extends string>(name: string, choices: readonly T[]): T[] => {
    const asked = new Set(params.getAll(name));
    return choices.filter((choice) => asked.has(choice));
  };
  const sort = params.get(FILTER_PARAMS.sort);
  return {
    carriers: chosen(FILTER_PARAMS.carriers, carriers),
    metals: chosen(FILTER_PARAMS.metals, METAL_TIERS),
    deductibleBands: chosen(FILTER_PARAMS.deductibleBands, DEDUCTIBLE_BANDS.map((band) => band.id)),
    priceBands: chosen(FILTER_PARAMS.priceBands, PRICE_BANDS.map((band) => band.id)),
    hsaEligibleOnly: params.get(FILTER_PARAMS.hsaEligibleOnly) === '1',
    sort: SORTS.find((known) => known === sort) ?? null,
  };
}

/**
 * The address's search parameters with these filters in place of the ones it had (the others, such as an open
 * view's, kept). A filter left empty is not written, so the unfiltered list has the bare address. A change of
 * filters shows the first cards again: the count of cards shown is dropped.
 */
export function paramsWithFilters(params: URLSearchParams, filters: PlanFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of Object.values(FILTER_PARAMS)) next.delete(name);
  const lists = [
    [FILTER_PARAMS.carriers, filters.carriers],
    [FILTER_PARAMS.metals, filters.metals],
    [FILTER_PARAMS.deductibleBands, filters.deductibleBands],
    [FILTER_PARAMS.priceBands, filters.priceBands],
  ] as const;
  for (const [name, values] of lists) for (const value of values) next.append(name, value);
  if (filters.hsaEligibleOnly) next.set(FILTER_PARAMS.hsaEligibleOnly, '1');
  if (filters.sort) next.set(FILTER_PARAMS.sort, filters.sort);
  return next;
}

/** How many filter choices are ticked (the sort is an order, not a filter): the count the folded panel shows. */
export function activeFilterCount(filters: PlanFilters): number {
  const { carriers, metals, deductibleBands, priceBands, hsaEligibleOnly } = filters;
  return carriers.length + metals.length + deductibleBands.length + priceBands.length + (hsaEligibleOnly ? 1 : 0);
}

/**
 * How many of `total` plans show, from the address's count (Show more adds a page): a page at least, every plan at
 * most; a count that is not a whole number of up to four digits is ignored.
 */
export function shownCount(value: string | null, total: number): number {
  const asked = value !== null && /^\d{1,4}$/.test(value) ? Number(value) : PLAN_PAGE_SIZE.value;
  return Math.min(total, Math.max(PLAN_PAGE_SIZE.value, asked));
}

/** The carriers of the plans, each once, in alphabetical order: the carrier filter's choices. */
export function carriersOf(plans: readonly Pick<HealthPlan, 'issuername'>[]): string[] {
  return [...new Set(plans.map((plan) => plan.issuername).filter((name) => name.trim() !== ''))].sort((a, b) =>
    a.localeCompare(b, 'en'),
  );
}

/** A plan name cut at 80 characters (whole characters, never half a surrogate pair) plus an ellipsis. */
export function truncatePlanName(name: string, max = PLAN_NAME_MAX.value): string {
  const characters = Array.from(name);
  return characters.length > max ? `${characters.slice(0, max).join('')}...` : name;
}

/** Spec §5 Display rules: an empty benefit text shows as not applicable. Answers the text to show, or null when empty. */
export function benefitText(value: string | null | undefined): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Why a change to the compare list or the cart was refused: the screen shows the matching message. */
export type Refusal = 'compare-max' | 'compare-min' | 'plan-already-selected';

/** Ticks or unticks a plan for comparison; a fourth plan is refused. */
export function toggleCompare<P extends Pick<HealthPlan, 'planid'>>(
  list: readonly P[],
  plan: P,
): { list: P[]; refused: Refusal | null } {
  if (list.some((entry) => entry.planid === plan.planid)) {
    return { list: list.filter((entry) => entry.planid !== plan.planid), refused: null };
  }
  if (list.length >= COMPARE_MAX.value) return { list: [...list], refused: 'compare-max' };
  return { list: [...list, plan], refused: null };
}

/** Opening the comparison needs at least two plans: null when it may open. */
export function compareRefusal(list: readonly unknown[]): Refusal | null {
  return list.length < COMPARE_MIN.value ? 'compare-min' : null;
}

/** Puts a plan in the cart, which holds one plan: another plan already there is refused. */
export function addToCart<P extends Pick<HealthPlan, 'planid'>>(
  cart: P | null,
  plan: P,
): { cart: P | null; refused: Refusal | null } {
  if (cart && cart.planid !== plan.planid) return { cart, refused: 'plan-already-selected' };
  return { cart: plan, refused: null };
}

/**
 * Whether the member's full SSN is on file (spec §4 Cart: "A plan can be added only when the full SSN is
 * entered"): answers carry it masked to its last four digits, requests the nine digits.
 */
export function hasFullSsn(additionalid: string | null | undefined): boolean {
  return typeof additionalid === 'string' && /^(?:\*{3}-\*{2}-\d{4}|\d{3}-?\d{2}-?\d{4})$/.test(additionalid);
}

