/** The staff API's wire shapes the console reads and sends: the employer calls' from contracts, the rest here. */

export type StaffRole = 'admin' | 'implementer' | 'viewer';
export const STAFF_ROLES: StaffRole[] = ['viewer', 'implementer', 'admin'];
/** `allEmployers`: whether they see every employer (an admin, or a user assigned all); from GET /api/staff/me. */
export type StaffMe = { id: string; email: string; role: StaffRole; allEmployers?: boolean };
/** The employers an implementer or viewer may see: all (those created later too), or those listed. */
export type EmployerAccess = { all: boolean; accountids: string[] };
/** A staff user as listed; `etag`: the version of their role and access, which a change of them names (If-Match). */
export type StaffUser = StaffMe & { disabled: boolean; secondFactor: boolean; employers: EmployerAccess; createdon?: string; etag?: string };

/** Setting up two-step verification: the QR code (an SVG data URL), the secret to type in, the otpauth URI. */
export type TotpEnrollment = { otpauthUri: string; qrSvg: string; secret: string };
export type TotpStatus = { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number; required: boolean };
export type ConsoleSettings = { secondFactorRequired: boolean };
/** What the sign-in answers: a session (staff), or the second factor still due (a code, or its set-up). */
/** The staff identity provider as the sign-in page names it (GET /api/staff/oidc). */
export type StaffIdentityProviderName = { displayName: string };
/** Where Sign Out goes next: the staff identity provider's sign-out page (POST /api/staff/logout). */
export type StaffSignOut = { url: string } | null;
export type StaffSignIn = { staff?: StaffMe; secondFactor?: 'required' | 'enroll' };

export type {
  CensusImport,
  CensusRowProblem,
  ContributionChange,
  ContributionPreview,
  ContributionRulesDiff,
  ContributionRulesPreview,
  ContributionRuleVersion,
  EmployeeStatusName,
  StaffBroker,
  StaffContact,
  StaffContributionRule,
  StaffEmployee,
  StaffEmployer,
  StaffEmployerField,
  StaffEmployerInput,
  StaffEmployerSummary,
  StaffEvent,
  StaffProduct,
  StaffProductOption,
} from '#contracts/staff-employers.ts';
export type { EmployeePage, EnrollmentReportPage } from '#contracts/staff/employee-pages.ts';

export { FAMILY_TIERS, FAMILY_TIER_NAMES } from '#domain/enrollment/contribution.ts';

/** An ICHRA document in the employer's storage; `name_es`: its name for employees reading Spanish (null: none). */
export type IchraDocument = { filename: string; size: number; name_es: string | null };

export type ContentSummary = { id: string; kind: 'form' | 'flow'; title: string; own?: boolean };
/** A stored version; `etag` changes whenever it is saved (a save's If-Match and a publish name it). */
export type DocumentVersion = { version: number; document: Record<string, unknown>; patch: unknown; etag: string };
export type EmployerContent = {
  /** null for a form of the employer's own. */
  base: Record<string, unknown> | null;
  published: DocumentVersion | null;
  draft: DocumentVersion | null;
  /** What employees get now; null for a form of the employer's own that is not published. */
  resolved: Record<string, unknown> | null;
  /** The tag of what is published now: what a roll back names. */
  publishedEtag: string;
};
/** The data of a 412 DRAFT_CHANGED or a 409 PUBLISHED_CHANGED: who changed what was read (e-mail address), and when. */
export type DocumentChange = { changedBy: string | null; changedAt: string };

/** The data of a 412 RESOURCE_CHANGED: who changed what was loaded (e-mail address; null: unknown), and when (ISO). */
export type StaleChange = { changedBy: string | null; changedAt: string };
export type VersionRow = {
  version: number;
  status: 'draft' | 'published' | 'retired';
  createdon: string;
  publishedon: string | null;
  staffEmail: string | null;
  publishedByEmail: string | null;
  /** The version a roll back copied (0: the base document). */
  copiedFrom: number | null;
};
export type DiffLine = { op: ' ' | '+' | '-'; text: string };
export type VersionDiff = { from: number; to: number; lines: DiffLine[] };
