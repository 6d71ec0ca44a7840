/** The staff API's wire shapes the console reads and sends (docs/api.md, Staff). */

export type StaffRole = 'admin' | 'implementer' | 'viewer';
export const STAFF_ROLES: StaffRole[] = ['viewer', 'implementer', 'admin'];
export type StaffMe = { id: string; email: string; role: StaffRole };
export type StaffUser = StaffMe & { disabled: boolean; createdon?: string };

export type Broker = { firstName: string; lastName: string; emailAddress: string | null; phoneNumber: string | null };

export type EmployerSummary = {
  accountid: string;
  name: string;
  email: string | null;
  planyear: number;
  employees?: Record<string, number> | number;
};

/** What the console sends to create or change an employer, and reads back. */
export type EmployerInput = {
  name: string;
  email: string;
  planyear: number;
  employeazecustomer: number;
  hsaonly: number;
  edoc_period: number | null;
  team: string;
  broker: Broker;
};
export type EmployerDetail = EmployerInput & { accountid: string; mediadata?: string | null };

export type EmployerContact = {
  contacttype: 1 | 2 | 3 | 4 | 5;
  displaytoemployee: boolean;
  firstname: string;
  lastname: string;
  emailaddress: string | null;
  phonenumber: string | null;
};

export type IchraDocument = { name: string; size?: number };

export type ProductOption = { option: string; cost: number };
export type StaffProduct = {
  id?: string;
  productname: string;
  vendorname: string;
  description: string;
  category: string;
  options: ProductOption[];
};

export const FAMILY_TIERS = ['employee', 'employee-spouse', 'employee-children', 'family'] as const;
export type FamilyTier = (typeof FAMILY_TIERS)[number];
export type ContributionRuleWire = {
  contributionclass: string;
  ageMin: number;
  ageMax: number;
  tier: FamilyTier;
  state: string | null;
  ratingArea: number | null;
  /** Monthly, in dollars. */
  amount: number;
};
export type ContributionPreview = { amount: number; text: string };

export type CensusReport = { rows: { line: number; reason: string }[] };
export type EmployeeStatus = 'invited' | 'registered' | 'enrolled' | 'waived';
export type StaffEmployee = {
  memberid: string;
  firstname: string;
  lastname: string;
  email: string;
  status: EmployeeStatus;
  statusdate: string | null;
  plan: string | null;
};
export type EnrollmentReport = { counts: Record<string, number>; employees: StaffEmployee[] };
export type StaffEvent = { id?: string; memberid?: string | null; accountid?: string | null; action: string; createdon: string; detail?: unknown };

export type ContentSummary = { id: string; kind: 'form' | 'flow'; title: string };
export type DocumentVersion = { version: number; document: Record<string, unknown>; patch: unknown };
export type EmployerContent = {
  base: Record<string, unknown>;
  published: DocumentVersion | null;
  draft: DocumentVersion | null;
  resolved: Record<string, unknown>;
};
export type VersionRow = { version: number; status: 'draft' | 'published' | 'retired'; createdon: string; publishedon: string | null; email?: string | null };
export type DiffLine = { op: ' ' | '+' | '-'; text: string };
export type VersionDiff = { from: number; to: number; lines: DiffLine[] };
