/** Which steps a person walks: the flow document's steps whose `when` holds for their context, in order. */
import { rules as defaultRules, type RuleEvaluator } from './rules.ts';
import type { FlowDocument, FlowStep, ResolvedStep } from './types.ts';

const byOrder = ([idA, a]: [string, FlowStep], [idB, b]: [string, FlowStep]) => a.order - b.order || idA.localeCompare(idB);

/** What the wizard shows, and the publish proof quotes, for a step it has no screen for. */
export const STEP_NOT_AVAILABLE = 'This step is not available yet.';

/**
 * The visible major steps sorted by `order`, each with its visible sub-steps (also sorted) and its row of tabs:
 * the sub-steps of the run of consecutive major steps that share its `tabRow` (its own sub-steps without one).
 * `canProceed` is evaluated (true when absent); a step whose `formWhen` is falsy carries no form.
 */
export function evaluateFlow(
  flow: FlowDocument,
  context: Record<string, unknown>,
  evaluator: RuleEvaluator = defaultRules,
): ResolvedStep[] {
  const holds = (logic: unknown) => logic === undefined || evaluator.truthy(evaluator.apply(logic, context));
  const entries = Object.entries(flow.steps).sort(byOrder);
  const resolve = ([id, step]: [string, FlowStep]): ResolvedStep => {
    const resolved: ResolvedStep = {
      id,
      title: step.title,
      canProceed: holds(step.canProceed),
      substeps: entries.filter(([, s]) => s.parent === id && holds(s.when)).map(resolve),
    };
    if (step.parent !== undefined) resolved.parent = step.parent;
    if (step.form !== undefined && holds(step.formWhen)) resolved.form = step.form;
    if (step.screen !== undefined) resolved.screen = step.screen;
    if (step.calls !== undefined) resolved.calls = step.calls;
    return resolved;
  };
  const majors = entries.filter(([, step]) => step.parent === undefined && holds(step.when));
  const steps = majors.map(resolve);
  const row = (index: number) => flow.steps[majors[index]![0]]!.tabRow;
  return steps.map((step, index) => {
    const name = row(index);
    if (name === undefined) return { ...step, tabs: step.substeps };
    let first = index;
    while (first > 0 && row(first - 1) === name) first -= 1;
    let last = index;
    while (last < steps.length - 1 && row(last + 1) === name) last += 1;
    return { ...step, tabs: steps.slice(first, last + 1).flatMap((major) => major.substeps) };
  });
}
