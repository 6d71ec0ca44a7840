/**
 * A flow's places as addresses: each step and sub-step has its own path segments under the address the flow is
 * run at ([] for the flow's first step, else [step] or [step, sub-step]), so a reload and the browser's Back and
 * Forward return to a step. The runner is told the position; these helpers turn an address into the position a
 * person may see: one the flow shows for their context and no further than the furthest step they reached by
 * Next (`reached`). Anything else (a step the flow hides, a step not reached yet, an unknown address) lands on the
 * furthest shown step at or before both the one asked for and the one reached. Steps are ranked in the flow
 * document's order, hidden ones included, so a rank outlives a change of what is shown.
 */
import type { FlowDocument, ResolvedStep } from '#engine/runtime/types.ts';
import { flowPositions, type FlowPosition } from './flow-runner.tsx';

const keyOf = (position: FlowPosition) => (position.substep ? `${position.step}/${position.substep}` : position.step);

export function samePosition(a: FlowPosition | undefined, b: FlowPosition | undefined): boolean {
  return a !== undefined && b !== undefined && keyOf(a) === keyOf(b);
}

/** Every place of the flow document in its order, hidden steps included: each major step, then its sub-steps. */
function documentOrder(flow: FlowDocument): string[] {
  const entries = Object.entries(flow.steps).sort(([idA, a], [idB, b]) => a.order - b.order || idA.localeCompare(idB));
  return entries
    .filter(([, step]) => step.parent === undefined)
    .flatMap(([id]) => [id, ...entries.filter(([, step]) => step.parent === id).map(([sub]) => `${id}/${sub}`)]);
}

/** A position's rank in the flow document (-1 when the document has no such step). */
export function positionRank(flow: FlowDocument, position: FlowPosition): number {
  return documentOrder(flow).indexOf(keyOf(position));
}

/** The later of two positions in the document's order (either may be absent). */
export function furtherPosition(flow: FlowDocument, a: FlowPosition | undefined, b: FlowPosition | undefined): FlowPosition | undefined {
  if (!a) return b;
  if (!b) return a;
  return positionRank(flow, b) > positionRank(flow, a) ? b : a;
}

/**
 * The position as the evaluated steps show it: a major step with sub-steps means its first one; undefined when
 * the step or sub-step is not shown.
 */
export function shownPosition(steps: ResolvedStep[], position: FlowPosition): FlowPosition | undefined {
  const major = steps.find((step) => step.id === position.step);
  if (!major) return undefined;
  if (major.substeps.length === 0) return position.substep === undefined ? { step: major.id } : undefined;
  const sub = position.substep === undefined ? major.substeps[0] : major.substeps.find((step) => step.id === position.substep);
  return sub ? { step: major.id, substep: sub.id } : undefined;
}

/** The path segments of a position: none for the flow's first shown place. */
export function addressOf(steps: ResolvedStep[], position: FlowPosition): string[] {
  const shown = shownPosition(steps, position) ?? position;
  if (samePosition(flowPositions(steps)[0], shown)) return [];
  return shown.substep ? [shown.step, shown.substep] : [shown.step];
}

/** The position an address names (undefined for the flow's own address, or one with too many segments). */
export function positionAt(segments: readonly string[]): FlowPosition | undefined {
  const [step, substep, ...more] = segments.filter((segment) => segment !== '');
  if (!step || more.length > 0) return undefined;
  return substep ? { step, substep } : { step };
}

/**
 * Where a person asking for `requested` (undefined: the flow's start) is shown, given the furthest place they
 * reached: the place itself when the flow shows it and it is not beyond the reached one; else the furthest shown
 * place at or before both (the first place when none is).
 */
export function allowedPosition(
  flow: FlowDocument,
  steps: ResolvedStep[],
  requested: FlowPosition | undefined,
  reached: FlowPosition | undefined,
): FlowPosition | undefined {
  const places = flowPositions(steps);
  const first = places[0];
  if (!first) return undefined;
  const reachedRank = Math.max(positionRank(flow, first), reached ? positionRank(flow, reached) : -1);
  if (requested === undefined) return first;
  const shown = shownPosition(steps, requested);
  if (shown && positionRank(flow, shown) <= reachedRank) return shown;
  const requestedRank = positionRank(flow, requested);
  const limit = requestedRank < 0 ? reachedRank : Math.min(requestedRank, reachedRank);
  return places.filter((place) => positionRank(flow, place) <= limit).at(-1) ?? first;
}
