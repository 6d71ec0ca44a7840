/** Request bodies of the spec's calls (§7), as the web app sends them. */
import type { MemberAccount, MemberUpdate, Order } from './entities.ts';

export type RegisterRequest = {
  memberdto: { firstname: string; lastname: string; personalemailaddress: string; accountid: string };
  /** The employer's name as shown on the form (informational; the server reads its own). */
  company: string;
  /** Ignored by the server: the e-mailed link is built from PUBLIC_URL. Kept for the spec's wire shape. */
  url?: string;
  plan_year: number;
};

export type RegisterFailureData = { memberid: string };

export type LoginRequest = { email: string; password: string };
export type LoginAnswer = { tokenResponse: import('./entities.ts').TokenResponse };
export type RefreshRequest = { refresh_token: string };

/** The set-password link carries employer_id, member_id and a signed single-use token. */
export type ChangePasswordRequest = { id: string; password: string; token: string };
export type MemberPasswordInfo = { id: string; accountid: string; ispasswordchanged: string | null };

export type UpdateMemberRequest = { member: MemberUpdate };

export type DependentRequest = {
  id?: string;
  firstname: string;
  lastname: string;
  dateofbirth: string;
  gender: 'Male' | 'Female';
  relationship: 'spouse' | 'child';
  istobaccouser: boolean;
  additionalid: string;
  isdisabled?: boolean | null;
  pcpname?: string | null;
  pcpid?: string | null;
  existingpatient?: string | null;
};

export type CreateOrderRequest = {
  order: Partial<Order> & Pick<Order, 'category'>;
  /** When waiving with reason Other, waivecoveragereasonother carries the person's own words. */
  memberAccount: Partial<MemberAccount> & { waivecoveragereasonother?: string };
};
