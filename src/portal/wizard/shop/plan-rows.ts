/**
 * How a plan's facts are shown (spec §2 Plan comparison screen, Plan Summary Document screen, Plan Details; §5
 * Display rules): the rows in the spec's order with their catalogue labels, money with a dollar sign and two
 * decimals (a text that has one kept as is), empty texts the catalogue's not-applicable text.
 */
import type { HealthPlan } from '#contracts/entities.ts';
import { formatCents, type Cents } from '#domain/values/money.ts';
import { benefitText, truncatePlanName } from '#domain/plans/plan-filters.ts';
import { locale, messages, type MessageKey } from '#portal/messages.ts';
import { benefitInLanguage } from '#portal/benefit-texts.ts';
import { metalLabel, yesNoLabel } from '#portal/value-labels.ts';

export type PlanRow = { key: string; label: string; value: (plan: HealthPlan) => string };

/** An amount (cents) as shown: '$' and two decimals, not applicable when there is none. */
export function money(cents: Cents | null | undefined): string {
  if (cents === null || cents === undefined) return messages['not-applicable'];
  return formatCents(cents, locale);
}

/** A benefit text as shown: not applicable when empty. */
export function text(value: string | null | undefined): string {
  return benefitText(value) ?? messages['not-applicable'];
}

/** A plan's cost-sharing text as shown: in the page's language, not applicable when empty. */
function benefit(value: string | null | undefined): string {
  const shown = benefitText(value);
  return shown === null ? messages['not-applicable'] : benefitInLanguage(shown);
}

// The label is read when shown, not when the module is evaluated (before the catalogue is loaded).
const row = (key: string, label: MessageKey, value: (plan: HealthPlan) => string): PlanRow => ({
  key,
  get label() {
    return messages[label];
  },
  value,
});

const ROWS = {
  planName: row('planname', 'row-plan-name', (plan) => truncatePlanName(plan.planname)),
  premium: row('rate', 'row-monthly-premium', (plan) => money(plan.rate)),
  deductibleIndividual: row('annualdeductibleindividual', 'row-deductible-individual', (plan) => money(plan.annualdeductibleindividual)),
  deductibleFamily: row('annualdeductiblefamily', 'row-deductible-family', (plan) => money(plan.annualdeductiblefamily)),
  // The spec: "Combined Medical and Drug Deductible (Individual, which reuses the individual deductible value)".
  combined: row('combineddeductible', 'row-combined-deductible', (plan) => money(plan.annualdeductibleindividual)),
  oopIndividual: row('annualoopmaxindividual', 'row-oop-individual', (plan) => money(plan.annualoopmaxindividual)),
  oopFamily: row('annualoopmaxfamily', 'row-oop-family', (plan) => money(plan.annualoopmaxfamily)),
  primaryCare: row('primarycarevisit', 'row-primary-care', (plan) => benefit(plan.primarycarevisit)),
  urgentCare: row('urgentcare', 'row-urgent-care', (plan) => benefit(plan.urgentcare)),
  emergency: row('emergencyroomservices', 'row-emergency-room', (plan) => benefit(plan.emergencyroomservices)),
  inpatient: row('inpatienthospitalservices', 'row-inpatient', (plan) => benefit(plan.inpatienthospitalservices)),
  genericDrugs: row('genericdrugs', 'row-generic-drugs', (plan) => benefit(plan.genericdrugs)),
};

/** The comparison screen's rows, in the spec's order. */
export const COMPARISON_ROWS: PlanRow[] = [
  ROWS.planName,
  ROWS.premium,
  ROWS.deductibleIndividual,
  ROWS.deductibleFamily,
  ROWS.combined,
  ROWS.oopIndividual,
  ROWS.oopFamily,
  ROWS.primaryCare,
  ROWS.urgentCare,
  ROWS.emergency,
  ROWS.inpatient,
  ROWS.genericDrugs,
];

/** The Plan Summary Document screen's rows. */
export const SUMMARY_ROWS: PlanRow[] = [
  ROWS.planName,
  ROWS.premium,
  ROWS.deductibleIndividual,
  ROWS.deductibleFamily,
  ROWS.oopIndividual,
  ROWS.primaryCare,
  ROWS.urgentCare,
  ROWS.emergency,
  ROWS.inpatient,
];

/** The further benefit texts of spec §3, with their labels, as Plan Details lists them. */
const BENEFIT_LABELS: Array<[string, MessageKey]> = [
  ['specialistvisit', 'benefit-specialistvisit'],
  ['preventivecare', 'benefit-preventivecare'],
  ['preferredbranddrugs', 'benefit-preferredbranddrugs'],
  ['nonpreferreddrugs', 'benefit-nonpreferreddrugs'],
  ['specialtydrugs', 'benefit-specialtydrugs'],
  ['imagingctpetscansmris', 'benefit-imagingctpetscansmris'],
  ['xraysanddiagnosticimaging', 'benefit-xraysanddiagnosticimaging'],
  ['emergencytransportation', 'benefit-emergencytransportation'],
  ['outpatientrehab', 'benefit-outpatientrehab'],
  ['habilitationservices', 'benefit-habilitationservices'],
  ['skillednursingfacility', 'benefit-skillednursingfacility'],
  ['substanceobusedisorderoutpatient', 'benefit-substanceobusedisorderoutpatient'],
  ['substanceobusedisorderinpatient', 'benefit-substanceobusedisorderinpatient'],
  ['prepostnatalcare', 'benefit-prepostnatalcare'],
  ['homehealthcareservices', 'benefit-homehealthcareservices'],
  ['inpatientbehavioralservices', 'benefit-inpatientbehavioralservices'],
  ['outpatientbehavioralservices', 'benefit-outpatientbehavioralservices'],
  ['durabelmedicalequipment', 'benefit-durabelmedicalequipment'],
  ['hospiceservices', 'benefit-hospiceservices'],
  ['childroutineeyeexam', 'benefit-childroutineeyeexam'],
  ['eyeglassesforchildren', 'benefit-eyeglassesforchildren'],
];

/** Plan Details' rows: carrier, type, tier, the comparison's rows, then every further benefit text. */
export const DETAIL_ROWS: PlanRow[] = [
  row('issuername', 'carrier', (plan) => text(plan.issuername)),
  row('plantype', 'plan-type', (plan) => text(plan.plantype)),
  row('metallevel', 'metal-tier', (plan) => text(metalLabel(plan.metallevel))),
  ...COMPARISON_ROWS.slice(1),
  ...BENEFIT_LABELS.map(([field, label]) => row(field, label, (plan) => benefit(plan.benefits?.[field]))),
];

/** The CSV export's columns: the carrier, the comparison's rows (the full plan name) and HSA eligibility. */
export const EXPORT_ROWS: PlanRow[] = [
  row('issuername', 'carrier', (plan) => plan.issuername),
  row('planname', 'row-plan-name', (plan) => plan.planname),
  row('metallevel', 'metal-tier', (plan) => metalLabel(plan.metallevel)),
  ...COMPARISON_ROWS.slice(1),
  row('ishsaeligible', 'hsa-eligible', (plan) => yesNoLabel(plan.ishsaeligible)),
];
