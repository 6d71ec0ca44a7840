/**
 * The sample employee the preview shows the employee's screens with: the employee's screens read their member,
 * dependents and offered dates through the engine's load calls and SWR, and in the preview every such read is
 * answered here, from this made-up person, so the preview sends nothing and shows no real person's data.
 */
import type { Dependent, Employer, Member } from '#contracts/entities.ts';
import type { StaffEmployer } from '../api/types.ts';

/** The reads the employee's screens make that the preview answers; anything else is refused, never sent. */
const SAMPLE_PATHS = { member: '/api/Member/GetMember', dependents: '/api/Dependent', effectiveDates: '/api/EffectiveDates' } as const;

export const PREVIEW_SENDS_NOTHING = 'The preview sends nothing: this is what the employee sees.';

const STAMP = { createdon: '2026-01-01T00:00:00Z', createdby: 'preview', modifiedon: '2026-01-01T00:00:00Z', modifiedby: 'preview' };

export function sampleMember(accountid: string): Member {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    accountid,
    priormemberid: '',
    externalid: 'SAMPLE',
    firstname: 'Sam',
    lastname: 'Sample',
    address1: '100 Main Street',
    address2: null,
    city: 'Portland',
    stateorprovince: 'OR',
    postalcode: '97201',
    county: 'Multnomah',
    emailaddress: 'sam.sample@example.com',
    personalemailaddress: '',
    birthdate: '1985-04-12',
    hiredate: null,
    phonenumber: '503-555-0100',
    origination: 0,
    relationship: 0,
    primarymemberid: '',
    istobaccouser: 'No',
    isdisabled: null,
    gender: 'Female',
    // An SSN on file (as answers mask it) and a primary care physician: a profile complete as saved, so Next shows
    // only what the draft's rules say of what is typed in the preview.
    additionalid: '***-**-6789',
    pcpname: 'Dr. Pat Example',
    pcpid: 'PCP-1001',
    existingpatient: 'yes',
    status: 'Active',
    terminationdate: null,
    division: null,
    currentplanid: null,
    currentplanyear: null,
    contributionclass: '',
    irsdependent: null,
    ispasswordchanged: 'Yes',
    language: null,
    ...STAMP,
  };
}

export const sampleDependents: Dependent[] = [];

/** The employer as its employees' screens read it, from the console's record of it. */
export function employeeEmployer(employer: StaffEmployer): Employer {
  return {
    accountid: employer.accountid,
    accountname: employer.name,
    teamid: employer.teamid,
    mediadata: employer.mediadata,
    emailaddress: employer.email,
    employeazecustomer: employer.employeazecustomer,
    hsaonly: employer.hsaonly,
    edoc_period: employer.edoc_period,
    hsaadministrator: employer.hsaadministrator,
    planyearstart: employer.planyearstart,
    planyearend: employer.planyearend,
    businessyear: employer.planyear,
  };
}

/** The answer of a read of the employee's API for the sample employee; throws for any other read. */
export function sampleAnswer(path: string, member: Member, today: string): unknown {
  const route = path.split('?')[0];
  if (route === SAMPLE_PATHS.member) return member;
  if (route === SAMPLE_PATHS.dependents) return { dependents: sampleDependents };
  if (route === SAMPLE_PATHS.effectiveDates) return { effectivedates: [], today };
  throw new Error(PREVIEW_SENDS_NOTHING);
}

/** A plan of the sample employee's shop: the HSA-eligible one or the other, as the case has it. */
export type SamplePlan = { planname: string; issuername: string; plantype: string; metallevel: 'Bronze' | 'Silver'; premiumCents: number; hsaEligible: boolean };

/**
 * The made-up elections the preview's later steps show: a plan (HSA-eligible or not, as the case has it) with its
 * monthly premium, the employer's monthly contribution, the HSA deposit, an additional service and a waiver reason
 * (a value of the waiver form's own list). Amounts in cents, formatted where shown.
 */
export const SAMPLE_ELECTIONS = {
  plans: {
    hsa: { planname: 'Sample Bronze HSA', issuername: 'Sample Health', plantype: 'EPO', metallevel: 'Bronze', premiumCents: 41250, hsaEligible: true },
    other: { planname: 'Sample Silver PPO', issuername: 'Sample Health', plantype: 'PPO', metallevel: 'Silver', premiumCents: 52875, hsaEligible: false },
  } satisfies Record<string, SamplePlan>,
  contributionCents: 45000,
  hsaMonthlyCents: 20000,
  service: { productname: 'Sample Vision Care', option: 'Individual', costCents: 999 },
  waiverReason: 'Coverage through Spouse/Partner',
} as const;

/** The sample plan of a case: the HSA-eligible one when the employee buys one. */
export const samplePlan = (hsaEligible: boolean): SamplePlan => (hsaEligible ? SAMPLE_ELECTIONS.plans.hsa : SAMPLE_ELECTIONS.plans.other);

/** The first day of the month after `today` (an ISO date): the effective date the sample employee is offered. */
export function sampleEffectiveDate(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/**
 * The sample employee's family as a flow's preview fills the profile's dependents with (the profile form's shape).
 * The reads of the employee's screens answer no dependents (sampleDependents), so a form's preview checks the
 * profile's own fields on Next.
 */
export const SAMPLE_FAMILY = [
  { firstname: 'Alex', lastname: 'Sample', dateofbirth: '1986-09-30', gender: 'Male', relationship: 'spouse', istobaccouser: false },
  { firstname: 'Riley', lastname: 'Sample', dateofbirth: '2015-04-03', gender: 'Female', relationship: 'child', istobaccouser: false },
] as const;
