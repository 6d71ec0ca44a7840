/**
 * The cases a flow's preview walks: the employer's settings and the employee's choice that decide which steps
 * appear (the flow context of schemas/meta/flags.schema.json), after the spec's step 3 sequence table. Each case
 * lists the titles of the steps and sub-steps a person in it walks, from the draft flow.
 */
import { evaluateFlow, type FlowDocument } from '#engine/core/index.ts';

export type FlowCase = {
  name: string;
  employer: { hsaonly: number; employeazecustomer: number };
  choice: { option: 'buy' | 'waive'; planHsaEligible: boolean };
};

export const FLOW_CASES: FlowCase[] = [
  { name: 'buys an HSA-eligible plan; employer hsaonly 1, employeazecustomer 1', employer: { hsaonly: 1, employeazecustomer: 1 }, choice: { option: 'buy', planHsaEligible: true } },
  { name: 'buys an HSA-eligible plan; employer hsaonly 1, employeazecustomer 2', employer: { hsaonly: 1, employeazecustomer: 2 }, choice: { option: 'buy', planHsaEligible: true } },
  { name: 'buys a plan not HSA-eligible; employer hsaonly 0, employeazecustomer 1', employer: { hsaonly: 0, employeazecustomer: 1 }, choice: { option: 'buy', planHsaEligible: false } },
  { name: 'waives; employer employeazecustomer 1', employer: { hsaonly: 0, employeazecustomer: 1 }, choice: { option: 'waive', planHsaEligible: false } },
  { name: 'waives; employer employeazecustomer 2', employer: { hsaonly: 0, employeazecustomer: 2 }, choice: { option: 'waive', planHsaEligible: false } },
];

/**
 * The titles of the steps and sub-steps a case walks, in order, a sub-step named with its step ("Step › sub-step"):
 * the base flow's step Contributions and its sub-step share a title.
 */
export function stepTitles(flow: FlowDocument, flowCase: FlowCase, today: string): string[] {
  const steps = evaluateFlow(flow, { today, employer: flowCase.employer, choice: flowCase.choice });
  return steps.flatMap((step) => [step.title, ...step.substeps.map((sub) => `${step.title} › ${sub.title}`)]);
}
