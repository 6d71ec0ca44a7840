/**
 * The made-up employee the publish proof walks the wizard with when an employer has no census, and whose answers
 * it gives wherever a census employee's record holds nothing (what a person types: an address, a phone, an SSN, a
 * doctor): a profile the base documents accept. No real person: the name, the number and the doctor are samples.
 */

/** What the employee's record holds (the profile's names), as a census would give it: name, birthdate, where they live. */
export const SAMPLE_EMPLOYEE = {
  firstname: 'Sam',
  lastname: 'Sample',
  birthdate: '1985-04-12',
  postalcode: '97201',
  city: 'Portland',
  county: 'Multnomah County',
  stateorprovince: 'OR',
} as const;

/** What the employee types where their record holds nothing (the profile's names; the SSN as its nine digits). */
export const SAMPLE_ANSWERS: Readonly<Record<string, unknown>> = {
  address1: '100 Main Street',
  phonenumber: '503-555-0100',
  gender: 'Female',
  istobaccouser: 'No',
  additionalid: '123456789',
  pcpname: 'Dr. Pat Example',
  pcpid: 'PCP-1001',
  existingpatient: 'yes',
};

/** What the employee types for each dependent besides what the family below gives (the SSN as its nine digits). */
export const SAMPLE_DEPENDENT_ANSWERS: Readonly<Record<string, unknown>> = { additionalid: '123456780' };

/** The sample employee's family (the profile's dependent names): a spouse and a child younger than the employee. */
export const SAMPLE_FAMILY = [
  { firstname: 'Alex', lastname: 'Sample', dateofbirth: '1986-09-30', gender: 'Male', relationship: 'spouse', istobaccouser: false },
  { firstname: 'Riley', lastname: 'Sample', dateofbirth: '2015-04-03', gender: 'Female', relationship: 'child', istobaccouser: false },
] as const;
