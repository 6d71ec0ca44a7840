/**
 * One case of a rule test, as PolicyEngine writes its tests: a name, the period the rule is read for (a day, a
 * plan year, or '' when the rule holds whatever the date), the input and the expected output.
 */
export type RuleCase<Input, Output> = { name: string; period: string; input: Input; output: Output };
