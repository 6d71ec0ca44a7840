/**
 * The sample employee the preview shows the employee's screens with: the employee's screens read their member,
 * dependents, offered dates, plans, HSA limit and services through the engine's load calls and SWR, and in the
 * preview every such read is answered here, from this made-up person and what the server figures for them
 * (previewSamplePath), so the preview sends nothing of the employee's and shows no real person's data.
 */
import type { Dependent, Employer, Member } from '#contracts/entities.ts';
import type { Language } from '#contracts/language.ts';
import type { PreviewSample } from '#contracts/staff/staff-preview.ts';
import { fittingOption } from '#domain/enrollment/additional-services.ts';
import { isHsaEligible } from '#domain/enrollment/hsa.ts';
import { WAIVER_REASON_FIELD } from '#portal/wizard/form-fields.ts';
import {
  EFFECTIVE_DATE_FIELD,
  emptyChoices,
  HEALTH_OPTION_FIELD,
  ICHRA_CERTIFIED_FIELD,
  type WizardChoices,
} from '#portal/wizard/wizard-context.tsx';
import type { StaffEmployer } from '../../api/types.ts';

/** The reads the employee's screens make that the preview answers; anything else is refused, never sent. */
const SAMPLE_PATHS = {
  member: '/api/Member/GetMember',
  dependents: '/api/Dependent',
  effectiveDates: '/api/EffectiveDates',
  hsaLimit: '/api/Hsa/Limit',
  products: '/api/Product',
} as const;

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

/**
 * What the server figures for the sample employee (GET /api/staff/employers/{accountid}/preview-sample): the plans
 * at their ZIP priced for them, their HSA limit, the employer's services and contribution. Asked for in the
 * language the preview shows, for the effective date the sample is offered.
 */
export function previewSamplePath(member: Member, effectiveDate: string, language: Language): string {
  const query = new URLSearchParams({
    zip: member.postalcode ?? '',
    county: member.county ?? '',
    birthdate: member.birthdate ?? '',
    effectivedate: effectiveDate,
    language,
  });
  return `/api/staff/employers/${member.accountid}/preview-sample?${query}`;
}

/**
 * The answer of a read of the employee's API for the sample employee (the server's sample, when read, for the
 * HSA limit and the services); throws for any other read.
 */
export function sampleAnswer(path: string, member: Member, today: string, sample: PreviewSample | null): unknown {
  const route = path.split('?')[0];
  if (route === SAMPLE_PATHS.member) return member;
  if (route === SAMPLE_PATHS.dependents) return { dependents: sampleDependents };
  if (route === SAMPLE_PATHS.effectiveDates) return { effectivedates: [], today };
  if (sample && route === SAMPLE_PATHS.hsaLimit) return sample.hsalimit;
  if (sample && route === SAMPLE_PATHS.products) return { productlist: sample.productlist };
  throw new Error(PREVIEW_SENDS_NOTHING);
}

/**
 * The made-up elections the preview's later steps start from, besides what the server figures: the monthly HSA
 * deposit (at most the sample's limit a month) and a waiver reason (a value of the waiver form's own list).
 */
export const SAMPLE_ELECTIONS = { hsaMonthlyCents: 20000, waiverReason: 'Coverage through Spouse/Partner' } as const;

/** The case a preview walks: the employee's choice, and whether the HSA and the services steps are among its steps. */
export type CaseChoices = { option: 'buy' | 'waive'; planHsaEligible: boolean; walksHsa: boolean; walksServices: boolean };

/**
 * The wizard's choices of the sample employee in a case, as the member's own would stand on reaching the cart:
 * the effective date and the option of step 2 (the waiver's reason when waiving), the ICHRA certification, the
 * employer's contribution, the cheapest plan of the case's kind in the cart at the quote's location, the HSA
 * deposit and the employer's first service (its option for one person) where the case walks their steps.
 */
export function sampleChoices(choice: CaseChoices, effectiveDate: string, sample: PreviewSample | null): WizardChoices {
  const waiving = choice.option === 'waive';
  const plan = waiving ? null : (sample?.quote.healthplans.find((offered) => isHsaEligible(offered) === choice.planHsaEligible) ?? null);
  const product = choice.walksServices ? sample?.productlist[0] : undefined;
  const maxMonthlyCents = sample ? sample.hsalimit.maxmonthly : 0;
  return {
    ...emptyChoices(),
    contributions: { [EFFECTIVE_DATE_FIELD]: effectiveDate, [HEALTH_OPTION_FIELD]: choice.option },
    waiver: waiving ? { [WAIVER_REASON_FIELD]: SAMPLE_ELECTIONS.waiverReason } : {},
    ichra: waiving ? {} : { [ICHRA_CERTIFIED_FIELD]: true },
    contributionCents: sample?.contribution ?? null,
    plan,
    hsaMonthlyCents: choice.walksHsa ? Math.min(SAMPLE_ELECTIONS.hsaMonthlyCents, maxMonthlyCents) : 0,
    service: product ? { product, optionId: fittingOption(product.options, 1 + sampleDependents.length)?.id ?? null, added: true } : null,
    location: sample?.quote.location ?? null,
  };
}

/** The first day of the month after `today` (an ISO date): the effective date the sample employee is offered. */
export function sampleEffectiveDate(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/**
 * The sample employee's family as a flow's preview fills the profile's dependents with (the profile form's shape):
 * the family the publish proof walks the sample employee with. The reads of the employee's screens answer no
 * dependents (sampleDependents), so a form's preview checks the profile's own fields on Next.
 */
export { SAMPLE_FAMILY } from '#domain/enrollment/sample-employee.ts';
