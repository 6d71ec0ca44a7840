/**
 * The cases a flow's preview walks, after the spec's step 3 sequence table: the employer's settings and the
 * employee's choice that decide which steps appear (the flow context of schemas/meta/flags.schema.json). A case
 * names the settings it is about in the console's plain words (hsaonly 1: HSA-eligible plans only, 0: every plan;
 * employeazecustomer 1: additional services offered, 2: not offered, 0: the profile's Next is disabled, so its
 * employees never get past the profile). The preview offers every case the publish proof walks, each walked with
 * its own settings; those of the employer's own settings come first.
 */
import { evaluateFlow, type FlowDocument, type ResolvedStep } from '#engine/runtime/index.ts';

/** The employer's settings the flow reads. */
export type EmployerFlags = { hsaonly: number; employeazecustomer: number };

export type FlowCase = {
  name: string;
  /** The settings an employer must have for the case to be one of its employees' (absent: any value). */
  employer: Partial<EmployerFlags>;
  choice: { option: 'buy' | 'waive'; planHsaEligible: boolean };
};

/** The employer settings the publish proof walks: HSA-eligible plans only or every plan, additional services or not. */
const SETTINGS: EmployerFlags[] = [
  { hsaonly: 1, employeazecustomer: 1 },
  { hsaonly: 1, employeazecustomer: 2 },
  { hsaonly: 0, employeazecustomer: 1 },
  { hsaonly: 0, employeazecustomer: 2 },
];

/** The employee's choices of step 2 and the shop, each in plain words. */
const CHOICES: Array<{ words: string; choice: FlowCase['choice'] }> = [
  { words: 'buys an HSA-eligible plan', choice: { option: 'buy', planHsaEligible: true } },
  { words: 'buys a plan not HSA-eligible', choice: { option: 'buy', planHsaEligible: false } },
  { words: 'waives', choice: { option: 'waive', planHsaEligible: false } },
];

const settingsWords = ({ hsaonly, employeazecustomer }: EmployerFlags) =>
  `${hsaonly === 1 ? 'HSA-eligible plans only' : 'every plan offered'}, ${employeazecustomer === 1 ? 'additional services offered' : 'no additional services'}`;

/**
 * Every case the publish proof walks (tests/content/cases/enrollment.cases.json, forms:check): each setting of the
 * employer with each choice of the employee, and the employer whose enrollment closes at the profile.
 */
export const FLOW_CASES: FlowCase[] = [
  ...SETTINGS.flatMap((employer) => CHOICES.map(({ words, choice }) => ({ name: `${words}; ${settingsWords(employer)}`, employer, choice }))),
  { name: 'stops at the profile (Next disabled); enrollment closed at the profile', employer: { employeazecustomer: 0 }, choice: { option: 'buy', planHsaEligible: false } },
];

/** The cases of the table an employer's settings allow, in the table's order. */
export function casesFor(employer: EmployerFlags): FlowCase[] {
  return FLOW_CASES.filter((flowCase) =>
    (Object.entries(flowCase.employer) as [keyof EmployerFlags, number][]).every(([flag, value]) => employer[flag] === value),
  );
}

/** Every case, this employer's own first (in the table's order), then the others. */
export function casesInOrder(employer: EmployerFlags): FlowCase[] {
  const own = casesFor(employer);
  return [...own, ...FLOW_CASES.filter((flowCase) => !own.includes(flowCase))];
}

/** The flow context of a case: the case's settings, the employer's own where the case leaves one open; the case's choice. */
export function caseContext(employer: EmployerFlags, flowCase: FlowCase, today: string) {
  const settings = { hsaonly: employer.hsaonly, employeazecustomer: employer.employeazecustomer, ...flowCase.employer };
  return { today, employer: settings, choice: flowCase.choice };
}

/** The steps a case walks for an employer, as the employee's wizard evaluates them. */
export function caseSteps(flow: FlowDocument, employer: EmployerFlags, flowCase: FlowCase, today: string): ResolvedStep[] {
  return evaluateFlow(flow, caseContext(employer, flowCase, today));
}

/** Whether steps (as a case walks them) include a step or sub-step. */
export const walksStep = (steps: ResolvedStep[], id: string) => steps.some((step) => step.id === id || step.substeps.some((sub) => sub.id === id));

/**
 * The titles of the steps and sub-steps a case walks, in order, a sub-step named with its step ("Step › sub-step"):
 * the base flow's step Contributions and its sub-step share a title.
 */
export function stepTitles(flow: FlowDocument, employer: EmployerFlags, flowCase: FlowCase, today: string): string[] {
  return caseSteps(flow, employer, flowCase, today).flatMap((step) => [step.title, ...step.substeps.map((sub) => `${step.title} › ${sub.title}`)]);
}

/**
 * Where a form is a step of the flow in a case: a sub-step's form on that sub-step; a major step's form on the
 * major step, on its first sub-step when it has some (their screen shows it, as step 2's health option does).
 */
export function stepOfForm(steps: ResolvedStep[], formId: string): { step: string; substep?: string } | null {
  for (const major of steps) {
    const first = major.substeps[0];
    if (major.form === formId) return first ? { step: major.id, substep: first.id } : { step: major.id };
    const sub = major.substeps.find((substep) => substep.form === formId);
    if (sub) return { step: major.id, substep: sub.id };
  }
  return null;
}
