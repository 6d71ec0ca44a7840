/**
 * The cases a flow's preview walks, after the spec's step 3 sequence table: the employer's settings and the
 * employee's choice that decide which steps appear (the flow context of schemas/meta/flags.schema.json). A case
 * names the settings it is about in the console's plain words (hsaonly 1: HSA-eligible plans only, 0: every plan;
 * employeazecustomer 1: additional services offered, 2: not offered, 0: the profile's Next is disabled, so its
 * employees never get past the profile). The preview offers every case the publish proof walks (the table is the
 * domain's, src/domain/enrollment/enrollment-cases.ts), each walked with its own settings; those of the employer's
 * own settings come first.
 */
import { caseContext, type EmployerFlags, type EnrollmentCase } from '#domain/enrollment/enrollment-cases.ts';
import { evaluateFlow, type FlowDocument, type ResolvedStep } from '#engine/runtime/index.ts';

export { caseContext, casesFor, casesInOrder, FLOW_CASES, type EmployerFlags } from '#domain/enrollment/enrollment-cases.ts';
export type FlowCase = EnrollmentCase;

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
