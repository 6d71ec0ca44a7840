/**
 * Which of an additional service's price options fits the people on file. The options are the staff's own names
 * ('Individual', 'Family', in their order, the smallest coverage first) with no coverage size of their own, so a
 * lone employee gets the first option, and an employee with dependents the option named for a family, else the last
 * one (the widest coverage). The person may still choose another.
 */
const FAMILY = /famil/i;

export function fittingOption<T extends { option: string }>(options: readonly T[], people: number): T | undefined {
  if (people <= 1) return options[0];
  return options.find((option) => FAMILY.test(option.option)) ?? options.at(-1);
}
