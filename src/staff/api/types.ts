/**
 * The staff API's wire shapes the console reads and sends: each call's from src/contracts/staff (the types of the
 * schemas its route declares), a refusal's data here.
 */

export { STAFF_ROLES, type StaffRole } from '#contracts/staff/staff-roles.ts';
export type { StaffMe, StaffSignIn, StaffSignOut } from '#contracts/staff/staff-auth.ts';
export type { StaffIdentityProviderName } from '#contracts/staff/staff-oidc.ts';
export type { EmployerAccess, StaffUser } from '#contracts/staff/staff-users.ts';
export type { ConsoleSettings, TotpEnrollment, TotpStatus } from '#contracts/staff/staff-totp.ts';
export type { DiffLine, DocumentVersion, EmployerContent, EmployerContentSummary as ContentSummary, VersionDiff, VersionRow } from '#contracts/staff/staff-content.ts';
export type { CensusImport, CensusRowProblem, StaffEmployee, StaffEmployerField, StaffEvent } from '#contracts/staff/staff-employees.ts';
export type {
  ContributionChange,
  ContributionPreview,
  ContributionRulesDiff,
  ContributionRulesPreview,
  ContributionRuleVersion,
  EmployeeStatusName,
  StaffBroker,
  StaffContact,
  StaffContributionRule,
  StaffDocument as IchraDocument,
  StaffEmployer,
  StaffEmployerInput,
  StaffEmployerSummary,
  StaffProduct,
  StaffProductOption,
} from '#contracts/staff/staff-employers.ts';
export type { EmployeePage, EnrollmentReportPage } from '#contracts/staff/employee-pages.ts';

export { FAMILY_TIERS, FAMILY_TIER_NAMES } from '#domain/enrollment/contribution.ts';

/** The data of a 412 DRAFT_CHANGED or a 409 PUBLISHED_CHANGED: who changed what was read (e-mail address), and when. */
export type DocumentChange = { changedBy: string | null; changedAt: string };

/** The data of a 412 RESOURCE_CHANGED: who changed what was loaded (e-mail address; null: unknown), and when (ISO). */
export type StaleChange = { changedBy: string | null; changedAt: string };
