/**
 * Dated, cited constants of enrollment. Each names the place that sets it; change one here, with its new source,
 * never inline in a rule. Values as of the specification of 2025 (enrollment-portal-spec.md).
 */

/**
 * From this day of the month (UTC) on, the effective-date choices shift one month later. Spec §9 Effective date
 * choices: "if the day of month is 20 or later (UTC) both shift one month later".
 */
export const EFFECTIVE_DATE_CUTOFF_DAY = 20;

/**
 * With an employer's edoc_period set, the cut-off day is this number minus the period. Spec §9: "when the
 * account's edoc_period is set the cut-off is day 30 minus that period".
 */
export const EDOC_CUTOFF_BASE_DAY = 30;

/**
 * The birthdate that pads the contribution call's dependent list to five; it counts as no dependent.
 * Spec §7 Employer contribution and §9 Welcome: "up to 5 family birthdates padded with 1920-01-01".
 */
export const DEPENDENT_BIRTHDATE_PAD = '1920-01-01';

/** How many dependent birthdates the contribution call carries. Spec §7 and §9: up to five. */
export const CONTRIBUTION_DEPENDENT_SLOTS = 5;

/**
 * An ICHRA allowance may vary by age only so far that the oldest participant's amount is at most three times the
 * youngest's. 26 CFR 54.9802-4(c)(3) (84 FR 28888, 2019).
 */
export const ICHRA_MAX_AGE_RATIO = 3;

/**
 * The ages every class and tier of an employer's contribution rules must pay (both included): an employee of any
 * age the portal accepts, with any family, gets a contribution; a set that leaves out, say, the 65-and-over is
 * refused rather than silently paying them nothing.
 */
export const CONTRIBUTION_AGES = { min: 0, max: 120 } as const;

/** The /welcome screen shows at most this many contact cards. Spec §2 /welcome and §9 Welcome. */
export const WELCOME_MAX_CONTACTS = 3;

/** The business year /welcome names when an order carries none. Spec §2 /welcome and §9 Welcome: 2025. */
export const DEFAULT_BUSINESS_YEAR = 2025;

/** At most this many plans can be compared side by side. Spec §5 Cart and compare and §9: "Compare maximum: 3". */
export const COMPARE_MAX = 3;

/** Opening the comparison needs at least this many plans. Spec §5: "opening compare needs at least 2". */
export const COMPARE_MIN = 2;

/** A plan name longer than this is cut and an ellipsis added. Spec §2 Shop Health Plans and §9: 80 characters. */
export const PLAN_NAME_MAX = 80;

/**
 * The shop shows this many plan cards at first and this many more at each Show more (issue 20: a phone's page of
 * 78 cards was 26,700 px long). Twelve fill whole rows of one, two or three columns.
 */
export const PLAN_PAGE_SIZE = 12;

/**
 * The health-plan search log entry's fixed values. Spec §9 Search log: "logtype 1 titled SHOP HEALTH PLANS, quote
 * source NFOR1, dependentcount and totalplans sent as 0".
 */
export const SEARCH_LOG = { logtype: 1, logtypetitle: 'SHOP HEALTH PLANS', quotesource: 'NFOR1', dependentcount: 0, totalplans: 0 } as const;

/** The container the employer's ICHRA documents are kept in. Spec §7 ICHRA documents and §9: 'ichra-documents'. */
export const ICHRA_DOCUMENTS_CONTAINER = 'ichra-documents';
