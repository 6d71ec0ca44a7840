/** Request bodies of the spec's calls (§7), as the web app sends them. */
import type { MemberAccount, MemberUpdate, Order } from './entities.ts';

export type RegisterRequest = {
  /** terms: the Terms of Use and Privacy Policy accepted; the server refuses a registration without it. */
  memberdto: { firstname: string; lastname: string; personalemailaddress: string; accountid: string; terms: boolean };
  /** The employer's name as shown on the form (informational; the server reads its own). */
  company: string;
  /** Ignored by the server: the e-mailed link is built from PUBLIC_URL. Kept for the spec's wire shape. */
  url?: string;
  plan_year: number;
};

/**
 * Register's 409 for an e-mail with a pending registration: an opaque, short-lived handle (no member id) that
 * ResendInvitation and WithdrawRegistration accept.
 */
/** Register's 409: a pending registration's handle (with this employer), or that the address has an active account. */
export type RegisterFailureData = { handle?: string; registered?: boolean } | null;

export type LoginRequest = { email: string; password: string };
export type LoginAnswer = { tokenResponse: import('./entities.ts').TokenResponse };
/** Refresh and Logout read the refresh token from the HttpOnly cookie; a body token is accepted from non-browser clients. */
export type RefreshRequest = { refresh_token?: string };
export type ForgotPasswordRequest = { email: string };
export type ResetPasswordRequest = { token: string; password: string };

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
  /** A health insurance order: true, the member's ICHRA acknowledgment (as Authorize's). */
  ichraacknowledged?: boolean;
};

/**
 * POST /api/Enrollment/Authorize (contract 4): the cart's choices only; the server computes every amount from what
 * it stores and writes the orders in one transaction. Sent with an `Idempotency-Key` header (a UUID made once per
 * submission attempt and reused on a retry or a second click): a repeated key answers the first answer, the same
 * key with another body is refused (422). Any field not named here (dependents, prices) is refused.
 */
export type AuthorizeRequest = {
  /** YYYY-MM-DD, one the member is offered. */
  effectivedate: string;
  healthoption: 'buy' | 'waive';
  /** The plan in the cart (buy). */
  planid?: string;
  /** The location the plan was quoted for (buy: the profile's ZIP code and a county of it; ignored when waiving). */
  postalcode: string;
  countycode: string;
  /** One of the spec's waiver reasons (waive). */
  waivecoveragereason?: string;
  /** The person's own words when the reason is 'Other'. */
  waivecoveragereasonother?: string;
  /** The monthly HSA contribution in dollars (0 when none; buy with an HSA-eligible plan only). */
  hsamonthly: number;
  /** The additional service's price option in the cart, if any. */
  productoptionid?: string;
  /** Optional, dollars a month: what the cart showed. One that differs from the server's amount is refused. */
  rate?: number;
  servicecost?: number;
  contribution?: number;
  /** Accepted only when they name the caller (else 403), like the spec's other bodies. */
  memberid?: string;
  accountid?: string;
  /**
   * buy: true once the member ticked the ICHRA acknowledgment; a purchase without it is refused (400, the
   * acknowledgment document's text). The enrollment records when, with the ICHRA documents listed then.
   */
  ichraacknowledged?: boolean;
};

/** What an authorization wrote: its orders (HSA, additional service, main order) and the member account. */
export type AuthorizeAnswer = {
  orders: Order[];
  memberAccount: MemberAccount;
  enrollmentid: string;
  planyear: number;
  effectivedate: string;
};

/**
 * What the server knows of an authorization by its Idempotency-Key (GET /api/Enrollment/Authorize): confirmed (its
 * enrollment is written), pending (it is being written now) or unknown (never received, or refused: nothing
 * written, so sending the same cart with the same key again is safe).
 */
export type AuthorizationState = { state: 'confirmed' | 'pending' | 'unknown'; enrollmentid: string | null };

/** The header that makes an authorization safe to send again. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * GET /api/Hsa/Limit?effectivedate=YYYY-MM-DD: the caller's annual HSA limit for the plan year of the date, by
 * coverage tier (self-only without dependents, else family) with the catch-up from age 55 (cents inside, dollars on
 * the wire), and the most a month for the months left in the plan year (the monthly amount times monthsleft may not
 * exceed it); its answer is HsaLimit (entities.ts).
 */
export const hsaLimitPath = (effectivedate: string) => `/api/Hsa/Limit?effectivedate=${encodeURIComponent(effectivedate)}`;
