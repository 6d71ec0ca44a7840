/**
 * The numbers of Your Cart, computed once from the wizard's choices with the money rules of src/domain/values/money.ts
 * (spec §9 Money) and shared by everything that shows them: the table, the mobile cards, the Summary Information
 * modal with its chart, and the print view, so they can never disagree.
 *
 * - amount spent: the plan's monthly rate, the additional service and the HSA contribution;
 * - contribution: the employer's for the family on file when buying; none for a waiver (an ICHRA pays only toward
 *   individual coverage, docs/decisions/035-a-waiver-receives-no-contribution.md), so a waiver's service comes from pay;
 * - remaining contribution: contribution minus plan and service, when positive (the HSA never draws on it);
 * - pre-tax payroll deduction: plan and service above the contribution, plus the HSA deposit, each its own part.
 */
import type { Dependent, HealthPlan } from '#contracts/entities.ts';
import type { Language } from '#contracts/language.ts';
import { enrollmentTotals, formatCents, type Cents } from '#domain/values/money.ts';
import { isHsaEligible } from '#domain/enrollment/hsa.ts';
import { storedWaiverReason, type AdditionalServiceChoice } from '#domain/enrollment/orders.ts';
import { formatLongDate } from '#domain/values/dates.ts';
import { formatMessage } from '#engine/runtime/messages.ts';
import { metalLabel } from '#portal/value-labels.ts';
import { langOf, locale, messages } from '#portal/messages.ts';
import { WAIVER_OTHER_FIELD, WAIVER_REASON_FIELD } from '../form-fields.ts';
import { healthOption, type WizardChoices } from '../wizard-context.tsx';


/**
 * One line of the cart: what it is, its details (carrier, plan type, plan name, metal tier) and its monthly cost.
 * A waiver's line has no plan: its `note` (the waiver reason, labelled as one) stands in place of the details.
 */
export type CartLine = {
  key: 'plan' | 'hsa' | 'waive' | 'service';
  label: string;
  carrier: string;
  plantype: string;
  name: string;
  /** The language of `name` where it is not the page's (an employer's option written in English only): its lang attribute. */
  nameLang?: Language;
  metal: string;
  note?: string;
  cents: Cents;
};

export type CartTotals = {
  contributionCents: Cents;
  spentCents: Cents;
  remainingCents: Cents;
  /** The plan and service above the contribution, deducted from pay pre-tax. */
  premiumDeductionCents: Cents;
  /** The HSA deposit, deducted from pay pre-tax on its own. */
  hsaDeductionCents: Cents;
  /** All that comes out of pay: the two deductions above. */
  payrollDeductionCents: Cents;
};

export type CartSummary = {
  waiving: boolean;
  plan: HealthPlan | null;
  service: AdditionalServiceChoice | null;
  lines: CartLine[];
  totals: CartTotals;
  /** A plan is in the cart or coverage is waived (else 'Cart is empty !'). */
  coverageChosen: boolean;
  /** The covered family, a line each as the cart and the print view say it ('Sam Doe (child, born April 3, 2015)'); none for a waiver. */
  family: Array<{ id: string; text: string }>;
};

/** A stored option's label as its form shows it (the waiver reason, a dependent's relationship); the value by default. */
export type OptionLabels = { waiverReason?: (value: string) => string; relationship?: (value: string) => string };

const asStored = (value: string) => value;

function familyLine(dependent: Dependent, relationship: (value: string) => string): string {
  const birthdate = dependent.dateofbirth?.slice(0, 10);
  return formatMessage(messages['cart-family-member'], {
    name: `${dependent.firstname} ${dependent.lastname}`,
    relationship: relationship(dependent.relationship),
    birthdate: birthdate ? formatLongDate(birthdate, locale) : '',
  });
}

/**
 * The monthly HSA amount the elections carry: only beside an HSA-eligible plan in the cart (spec §2: Flexible
 * Spending shows only then). An amount set for an HSA plan that was then swapped for another stays in the choices,
 * for a later HSA plan, but counts for nothing, so the cart never shows or sends it.
 */
export function electedHsaCents(choices: WizardChoices): Cents {
  return healthOption(choices) !== 'waive' && choices.plan && isHsaEligible(choices.plan) ? choices.hsaMonthlyCents : 0;
}

/** The chosen additional service as the order builders take it, or null when none is in the cart. */
export function chosenService(choices: WizardChoices): AdditionalServiceChoice | null {
  const service = choices.service;
  const option = service?.added ? service.product.options.find((o) => o.id === service.optionId) : undefined;
  if (!service || !option) return null;
  return {
    product: { id: service.product.id, productname: service.product.productname, vendorname: service.product.vendorname, taxstatus: service.product.taxstatus },
    option: { id: option.id, option: option.option, costCents: option.cost },
  };
}

/** The lang attribute of the chosen service option's name (undefined: the page's language, or none chosen). */
function serviceOptionLang(choices: WizardChoices): Language | undefined {
  const option = choices.service?.product.options.find((o) => o.id === choices.service?.optionId);
  return option ? langOf(option.optionlang) : undefined;
}

/** The waiver reason as stored and shown: the person's own words for 'Other'. */
export function waiverReason(choices: WizardChoices): string | null {
  return storedWaiverReason(
    choices.waiver[WAIVER_REASON_FIELD] as string | undefined,
    choices.waiver[WAIVER_OTHER_FIELD] as string | undefined,
  );
}

/** `labels` name the stored options (the forms' English values) as their forms show them in the page's language. */
export function cartSummary(choices: WizardChoices, dependents: Dependent[] = [], labels: OptionLabels = {}): CartSummary {
  const waiving = healthOption(choices) === 'waive';
  const plan = waiving ? null : choices.plan;
  const service = chosenService(choices);
  const planCents = plan ? plan.rate : 0;
  const hsaCents = electedHsaCents(choices);
  const serviceCents = service?.option.costCents ?? 0;
  const contributionCents = waiving ? 0 : (choices.contributionCents ?? 0);
  const totals = enrollmentTotals({ premiumCents: planCents, serviceCents, hsaCents, contributionCents });

  const lines: CartLine[] = [];
  const blank = { carrier: '', plantype: '', name: '', metal: '' };
  if (plan) {
    lines.push({
      key: 'plan',
      label: messages['cart-line-plan'],
      carrier: plan.issuername,
      plantype: plan.plantype,
      name: plan.planname,
      metal: metalLabel(plan.metallevel),
      cents: planCents,
    });
  }
  if (hsaCents > 0) lines.push({ ...blank, key: 'hsa', label: messages['cart-line-hsa'], cents: hsaCents });
  if (waiving) {
    const reason = (labels.waiverReason ?? asStored)(waiverReason(choices) ?? '');
    lines.push({ ...blank, key: 'waive', label: messages['cart-line-waive'], note: formatMessage(messages['cart-waiver-reason'], { reason }), cents: 0 });
  }
  if (service) {
    lines.push({
      ...blank,
      key: 'service',
      label: messages['cart-line-service'],
      name: `${service.product.productname} (${service.option.option})`,
      nameLang: serviceOptionLang(choices),
      cents: serviceCents,
    });
  }
  return {
    waiving,
    plan,
    service,
    lines,
    coverageChosen: waiving || plan !== null,
    family: waiving ? [] : dependents.map((dependent) => ({ id: dependent.id, text: familyLine(dependent, labels.relationship ?? asStored) })),
    totals: {
      contributionCents,
      spentCents: totals.spentCents,
      remainingCents: totals.currentBalanceCents,
      premiumDeductionCents: totals.premiumDeductionCents,
      hsaDeductionCents: totals.hsaDeductionCents,
      payrollDeductionCents: totals.payrollDeductionCents,
    },
  };
}

/** The table's columns before the monthly cost, as the screen and the print view show them. */
export function cartColumns(): string[] {
  return [
    messages['cart-column-item'],
    messages['carrier'],
    messages['plan-type'],
    messages['row-plan-name'],
    messages['metal-tier'],
  ];
}

/**
 * The totals rows as every view shows them, in this order, with two decimals: what the elections cost, the
 * employer's contribution, and what comes out of pay each month (the lines above are its parts). With an HSA
 * deposit the deduction shows its two parts first, the coverage's and the HSA's, since the contribution pays for
 * the coverage only (src/domain/values/money.ts enrollmentTotals). The remaining contribution shows only when a purchase
 * leaves some of the contribution unspent; a waiver's contribution reads $0.00, since a waiver receives none
 * (cart-waive-meaning says so).
 */
export function totalRows({ totals }: Pick<CartSummary, 'totals'>): Array<{ key: keyof CartTotals; label: string; amount: string }> {
  const row = (key: keyof CartTotals, label: string) => ({ key, label, amount: formatCents(totals[key], locale) });
  const deduction =
    totals.hsaDeductionCents > 0
      ? [
          row('premiumDeductionCents', messages['cart-total-payroll-coverage']),
          row('hsaDeductionCents', messages['cart-total-payroll-hsa']),
          row('payrollDeductionCents', messages['cart-total-payroll']),
        ]
      : [row('payrollDeductionCents', messages['cart-total-payroll'])];
  return [
    row('spentCents', messages['cart-total-spent']),
    row('contributionCents', messages['cart-total-contribution']),
    ...(totals.remainingCents > 0 ? [row('remainingCents', messages['cart-total-remaining'])] : []),
    ...deduction,
  ];
}
