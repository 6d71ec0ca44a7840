/**
 * Dated, cited parameters of enrollment. Each names the place that sets it; change one here, with its new date and
 * source, never inline in a rule. The spec's values hold from its edition of 2025.
 */
import { parameter, type Reference } from './parameter.ts';

const SPEC_EDITION = '2025-01-01';
const spec = (...sections: string[]): Reference[] => sections.map((section) => ({ title: `Enrollment portal specification §${section}` }));

/**
 * From this day of the month (UTC) on, the effective-date choices shift one month later. Spec §9 Effective date
 * choices: "if the day of month is 20 or later (UTC) both shift one month later".
 */
export const EFFECTIVE_DATE_CUTOFF_DAY = parameter({ value: 20, from: SPEC_EDITION, reference: spec('9 Effective date choices') });

/**
 * With an employer's edoc_period set, the cut-off day is this number minus the period. Spec §9: "when the
 * account's edoc_period is set the cut-off is day 30 minus that period".
 */
export const EDOC_CUTOFF_BASE_DAY = parameter({ value: 30, from: SPEC_EDITION, reference: spec('9 Effective date choices') });

/** The birthdate that pads the contribution call's dependent list to five; it counts as no dependent. */
export const DEPENDENT_BIRTHDATE_PAD = parameter({ value: '1920-01-01', from: SPEC_EDITION, reference: spec('7, the employer contribution call', '9 Welcome') });

/** How many dependent birthdates the contribution call carries: up to five. */
export const CONTRIBUTION_DEPENDENT_SLOTS = parameter({ value: 5, from: SPEC_EDITION, reference: spec('7, the employer contribution call', '9 Welcome') });

/**
 * An ICHRA allowance may vary by age only so far that the oldest participant's amount is at most three times the
 * youngest's; the rule applies to plan years beginning on or after January 1, 2020.
 */
export const ICHRA_MAX_AGE_RATIO = parameter({
  value: 3,
  from: '2020-01-01',
  reference: [
    { title: '26 CFR 54.9802-4(c)(3), Special rule for health reimbursement arrangements', href: 'https://www.ecfr.gov/current/title-26/section-54.9802-4' },
    { title: 'Health Reimbursement Arrangements and Other Account-Based Group Health Plans, 84 FR 28888 (June 20, 2019)', href: 'https://www.federalregister.gov/documents/2019/06/20/2019-12571/health-reimbursement-arrangements-and-other-account-based-group-health-plans' },
  ],
});

/**
 * The ages every class and tier of an employer's contribution rules must pay (both included): an employee of any
 * age the portal accepts, with any family, gets a contribution; a set that leaves out, say, the 65-and-over is
 * refused rather than silently paying them nothing.
 */
export const CONTRIBUTION_AGES = parameter({
  value: { min: 0, max: 120 } as const,
  from: SPEC_EDITION,
  reference: { title: 'Decision record 008, Contribution rules (docs/decisions/008-contribution-rules.md)' },
});

/** The /welcome screen shows at most this many contact cards. */
export const WELCOME_MAX_CONTACTS = parameter({ value: 3, from: SPEC_EDITION, reference: spec('2 /welcome', '9 Welcome') });

/** The business year /welcome names when an order carries none. */
export const DEFAULT_BUSINESS_YEAR = parameter({ value: 2025, from: SPEC_EDITION, reference: spec('2 /welcome', '9 Welcome') });

/** At most this many plans can be compared side by side: "Compare maximum: 3". */
export const COMPARE_MAX = parameter({ value: 3, from: SPEC_EDITION, reference: spec('5 Cart and compare', '9') });

/** Opening the comparison needs at least this many plans: "opening compare needs at least 2". */
export const COMPARE_MIN = parameter({ value: 2, from: SPEC_EDITION, reference: spec('5 Cart and compare') });

/** A plan name longer than this is cut and an ellipsis added: 80 characters. */
export const PLAN_NAME_MAX = parameter({ value: 80, from: SPEC_EDITION, reference: spec('2, the shop screen', '9') });

/**
 * The shop shows this many plan cards at first and this many more at each Show more (a phone's page of 78 cards
 * was 26,700 px long). Twelve fill whole rows of one, two or three columns.
 */
export const PLAN_PAGE_SIZE = parameter({ value: 12, from: '2026-11-27', reference: { title: 'Project issue 20, the shop page shows plans a page at a time' } });

/**
 * The health-plan search log entry's fixed values: "logtype 1 titled SHOP HEALTH PLANS, quote source NFOR1,
 * dependentcount and totalplans sent as 0".
 */
export const SEARCH_LOG = parameter({
  value: { logtype: 1, logtypetitle: 'SHOP HEALTH PLANS', quotesource: 'NFOR1', dependentcount: 0, totalplans: 0 } as const,
  from: SPEC_EDITION,
  reference: spec('9 Search log'),
});

/** The container the employer's ICHRA documents are kept in: 'ichra-documents'. */
export const ICHRA_DOCUMENTS_CONTAINER = parameter({ value: 'ichra-documents', from: SPEC_EDITION, reference: spec('7 ICHRA documents', '9') });

/**
 * A draft of contribution rules that lowers an employee's contribution by more than this share (percent) lists them
 * in its preview, so a cut is seen before it is published.
 */
export const CONTRIBUTION_CUT_NOTICE_PERCENT = parameter({
  value: 10,
  from: '2026-01-01',
  reference: { title: 'Decision record 048, Contribution rules are published versions (docs/decisions/048-contribution-rules-are-published-versions.md)' },
});
