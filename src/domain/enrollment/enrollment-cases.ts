/**
 * The cases of the enrollment wizard, after the spec's step 3 sequence table: the employer's settings and the
 * employee's choice that decide which steps appear (the flow context of schemas/meta/flags.schema.json). A case
 * names the settings it is about in the console's plain words (hsaonly 1: HSA-eligible plans only, 0: every plan;
 * employeazecustomer 1: additional services offered, 2: not offered, 0: the profile's Next is disabled, so its
 * employees never get past the profile). One table for the publish proof (src/server/content/publish-proof.ts),
 * `npm run forms:check` and the staff console's preview, so what staff preview is what the proof walked.
 */

/** The employer's settings the flow reads. */
export type EmployerFlags = { hsaonly: number; employeazecustomer: number };

export type EnrollmentCase = {
  name: string;
  /** The settings an employer must have for the case to be one of its employees' (absent: any value). */
  employer: Partial<EmployerFlags>;
  choice: { option: 'buy' | 'waive'; planHsaEligible: boolean };
};

/** The employer settings with which employees enroll: HSA-eligible plans only or every plan, additional services or not. */
const SETTINGS: EmployerFlags[] = [
  { hsaonly: 1, employeazecustomer: 1 },
  { hsaonly: 1, employeazecustomer: 2 },
  { hsaonly: 0, employeazecustomer: 1 },
  { hsaonly: 0, employeazecustomer: 2 },
];

/** The employee's choices of step 2 and the shop, each in plain words. */
const CHOICES: Array<{ words: string; choice: EnrollmentCase['choice'] }> = [
  { words: 'buys an HSA-eligible plan', choice: { option: 'buy', planHsaEligible: true } },
  { words: 'buys a plan not HSA-eligible', choice: { option: 'buy', planHsaEligible: false } },
  { words: 'waives', choice: { option: 'waive', planHsaEligible: false } },
];

const settingsWords = ({ hsaonly, employeazecustomer }: EmployerFlags) =>
  `${hsaonly === 1 ? 'HSA-eligible plans only' : 'every plan offered'}, ${employeazecustomer === 1 ? 'additional services offered' : 'no additional services'}`;

/**
 * The cases in which employees enroll, each setting of the employer with each choice of the employee: the publish
 * proof walks every one of them to Authorize.
 */
export const ENROLLING_CASES: EnrollmentCase[] = SETTINGS.flatMap((employer) =>
  CHOICES.map(({ words, choice }) => ({ name: `${words}; ${settingsWords(employer)}`, employer, choice })),
);

/** The employer whose enrollment closes at the profile: its employees never get past step 1, on purpose. */
export const CLOSED_CASE: EnrollmentCase = {
  name: 'stops at the profile (Next disabled); enrollment closed at the profile',
  employer: { employeazecustomer: 0 },
  choice: { option: 'buy', planHsaEligible: false },
};

/** Every case: those in which employees enroll, then the employer whose enrollment closes at the profile. */
export const FLOW_CASES: EnrollmentCase[] = [...ENROLLING_CASES, CLOSED_CASE];

/** The cases of the table an employer's settings allow, in the table's order. */
export function casesFor(employer: EmployerFlags): EnrollmentCase[] {
  return FLOW_CASES.filter((flowCase) =>
    (Object.entries(flowCase.employer) as [keyof EmployerFlags, number][]).every(([flag, value]) => employer[flag] === value),
  );
}

/** Every case, this employer's own first (in the table's order), then the others. */
export function casesInOrder(employer: EmployerFlags): EnrollmentCase[] {
  const own = casesFor(employer);
  return [...own, ...FLOW_CASES.filter((flowCase) => !own.includes(flowCase))];
}

/** The flow context of a case: the case's settings, the employer's own where the case leaves one open; the case's choice. */
export function caseContext(employer: EmployerFlags, flowCase: EnrollmentCase, today: string) {
  const settings = { hsaonly: employer.hsaonly, employeazecustomer: employer.employeazecustomer, ...flowCase.employer };
  return { today, employer: settings, choice: flowCase.choice };
}
