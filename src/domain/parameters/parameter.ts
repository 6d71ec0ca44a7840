/**
 * A rule's number as PolicyEngine keeps its parameters: the value, the date from which it holds and the reference
 * that sets it. Rules read `.value`; a rule that starts on a date reads `.from`. A figure that changes each year
 * (HSA limits, required contribution percentage, poverty guidelines) is data, not a parameter here: it lives in
 * data/reference/constants.json with its source per year.
 */

/** Where a parameter comes from: a title a person can look up, and its public address where one exists. */
export type Reference = { readonly title: string; readonly href?: string };

export type Parameter<T> = {
  readonly value: T;
  /** The ISO date (YYYY-MM-DD) from which the value holds. */
  readonly from: string;
  readonly reference: readonly Reference[];
};

export function parameter<T>(definition: { value: T; from: string; reference: Reference | readonly Reference[] }): Parameter<T> {
  const reference = Array.isArray(definition.reference) ? definition.reference : [definition.reference as Reference];
  return Object.freeze({ value: definition.value, from: definition.from, reference: Object.freeze([...reference]) });
}

/** The year of a parameter's start date, for rules that apply from a plan year on. */
export const yearFrom = (parameter: Parameter<unknown>): number => Number(parameter.from.slice(0, 4));
