/**
 * Money: integer cents inside the product, dollars with two decimals on the wire, one rounding at display.
 * Spec §5 Display rules and §9 Money.
 */

/** An integer number of cents. */
export type Cents = number;

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Exact dollars to cents from a decimal string or number with at most two decimals ('9.99', 19.9, '-5', 12).
 * Throws a RangeError for more decimals, exponents, empty or non-numeric input: a wrong amount must not be
 * silently rounded.
 */
export function dollarsToCents(value: string | number): Cents {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`Not an amount of dollars with at most two decimals: ${String(value)}`);
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount too large: ${String(value)}`);
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/**
 * Dollars that may be absent (a plan without a deductible, a contribution not answered yet) as exact cents, or
 * null when there is no number: dollarsToCents for the rest, so an amount is parsed one way everywhere.
 */
export function dollarsToCentsOrNull(value: unknown): Cents | null {
  return typeof value === 'number' && Number.isFinite(value) ? dollarsToCents(value) : null;
}

/** Cents to a number of dollars with two decimals (999 -> 9.99), the wire form. */
export function centsToDollars(cents: Cents): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  return cents / 100;
}

const currencyFormats = new Map<string, Intl.NumberFormat>();

/** US dollars in a locale's way (Intl), made once per locale. */
function currencyFormat(locale: string): Intl.NumberFormat {
  let format = currencyFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    currencyFormats.set(locale, format);
  }
  return format;
}

/**
 * The spec's currency display rule: a string that already contains '$' is shown as is; a number (or a numeric
 * string) is shown as dollars with thousands separators and two decimals, in the reader's locale (an Intl tag,
 * LANGUAGE_LOCALES; 'en-US': 1234.5 -> '$1,234.50', -3 -> '-$3.00'); anything else is returned unchanged
 * ('Included' stays 'Included'). Rounded once, here, half away from zero.
 */
export function formatCurrency(value: string | number, locale = 'en-US'): string {
  if (typeof value === 'string' && (value.includes('$') || value.trim() === '')) return value;
  const amount = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isFinite(amount)) return String(value);
  const cents = Math.round(Math.abs(amount) * 100);
  // No '-' on an amount that rounds to zero cents.
  return currencyFormat(locale).format(((amount < 0 && cents !== 0 ? -1 : 1) * cents) / 100);
}

/** Cents shown the spec's way ($1,234.50), in the reader's locale. */
export function formatCents(cents: Cents, locale = 'en-US'): string {
  return formatCurrency(centsToDollars(cents), locale);
}

export type EnrollmentAmounts = {
  /** The plan's monthly premium for the family (0 when waiving). */
  premiumCents: Cents;
  /** The additional service's monthly price (0 when none). */
  serviceCents: Cents;
  /** The monthly HSA contribution (0 when none). */
  hsaCents: Cents;
  /** The employer's monthly contribution (the waived amount when waiving). */
  contributionCents: Cents;
};

export type EnrollmentTotals = {
  /** Total monthly cost: the plan's premium, the additional service and the HSA deposit. */
  spentCents: Cents;
  /** What the employer's contribution may pay for: the premium and the additional service. */
  coverageCents: Cents;
  /** The contribution left after the coverage, when positive; the HSA deposit never draws on it (MemberAccount currentbalance). */
  currentBalanceCents: Cents;
  /** The coverage above the contribution, deducted from pay pre-tax (spec §9 employee cost; MemberAccount currentpayrolldeduction). */
  premiumDeductionCents: Cents;
  /** The HSA deposit, a pre-tax payroll deduction of its own (MemberAccount currenthsadeduction). */
  hsaDeductionCents: Cents;
  /** Everything that comes out of pay each month: the premium's deduction and the HSA deposit. */
  payrollDeductionCents: Cents;
  /** The main order's amount: the health choice's part of the amount spent minus the HSA contribution, the premium. */
  mainOrderCents: Cents;
};

/**
 * The money of one enrollment (spec §9 Money and Main order buy), for the cart, the stored member account and the
 * payroll file alike. The employer's ICHRA contribution pays for the plan and the additional service only: an HRA
 * may reimburse medical care (26 U.S.C. 105(b), 213(d)), which a deposit into an HSA is not, and the HRA-to-HSA
 * rollover of 26 U.S.C. 106(e) ended with 2011. So the HSA deposit is its own pre-tax payroll deduction, whatever
 * the contribution leaves unspent: employee cost = plan + service - contribution, remaining contribution =
 * contribution - plan - service, each when positive (docs/decisions/010-money-of-an-enrollment.md).
 */
export function enrollmentTotals(amounts: EnrollmentAmounts): EnrollmentTotals {
  for (const [name, value] of Object.entries(amounts)) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole, non-negative number of cents.`);
  }
  const coverageCents = amounts.premiumCents + amounts.serviceCents;
  const premiumDeductionCents = Math.max(0, coverageCents - amounts.contributionCents);
  return {
    spentCents: coverageCents + amounts.hsaCents,
    coverageCents,
    currentBalanceCents: Math.max(0, amounts.contributionCents - coverageCents),
    premiumDeductionCents,
    hsaDeductionCents: amounts.hsaCents,
    payrollDeductionCents: premiumDeductionCents + amounts.hsaCents,
    mainOrderCents: amounts.premiumCents,
  };
}
