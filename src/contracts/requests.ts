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

/**
 * POST /api/Enrollment/Authorize (contract 4), with the header Idempotency-Key: the cart's choices only. Every
 * amount is computed on the server from what it stores; the optional amounts are what the cart showed, and one
 * that differs from the server's is refused (nothing is written) so the person never authorizes a price they did
 * not see. Dollars on the wire.
 */
export type AuthorizeRequest = {
  /** One of the effective dates offered to the member (YYYY-MM-DD). */
  effectivedate: string;
  healthoption: 'healthinsurance' | 'waive';
  /** The plan in the cart (healthinsurance): its id and the ZIP code and county it was quoted for. */
  plan?: { planid: string; postalcode: string; countycode: string; rate?: number } | null;
  /** The waiver reason (waive); waivecoveragereasonother holds the person's words for 'Other'. */
  waiver?: { waivecoveragereason?: string | null; waivecoveragereasonother?: string } | null;
  /** The monthly HSA contribution in dollars (healthinsurance with an HSA-eligible plan only); 0 or absent: none. */
  hsamonthly?: number;
  /** The additional service in the cart: the product and its price option. */
  service?: { productid: string; productfeeid: string; cost?: number } | null;
  /** The employer contribution the cart showed (dollars a month). */
  contribution?: number;
  /** Accepted only when they name the caller (else 403), like the spec's other bodies. */
  memberid?: string;
  accountid?: string;
};

/** What an authorization wrote: its orders (HSA, additional service, main order) and the member account. */
export type AuthorizeAnswer = {
  enrollmentid: string;
  planyear: number;
  effectivedate: string;
  orders: import('./entities.ts').Order[];
  memberAccount: MemberAccount;
};
