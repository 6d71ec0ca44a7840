/** The portal's addresses an identity provider sends the browser back to (registered for the client at the provider). */
import type { SignInRefusal, StaffSignInRefusal } from '#contracts/sign-in-refusal.ts';

/**
 * The query a provider sends the browser back with, to the employees' and the staff callback alike: the code or an
 * error, the state, and the issuer (RFC 9207), each of bounded length.
 */
export const providerCallbackQuery = {
  type: 'object',
  properties: {
    code: { type: 'string', maxLength: 2000 },
    state: { type: 'string', maxLength: 200 },
    iss: { type: 'string', maxLength: 2000 },
    error: { type: 'string', maxLength: 200 },
    error_description: { type: 'string', maxLength: 2000 },
  },
} as const;

export const callbackPath = '/api/oidc/callback';
export const redirectUriOf = (publicUrl: string) => `${publicUrl}${callbackPath}`;
/** The employer's sign-in page (the product's, when the employer is not known), with what it should say. */
export function signInPageOf(publicUrl: string, accountid: string | null, refusal?: SignInRefusal): string {
  const query = new URLSearchParams();
  if (accountid) query.set('employer_id', accountid);
  if (refusal) query.set('sso_error', refusal);
  const search = query.toString();
  return `${publicUrl}/login${search ? `?${search}` : ''}`;
}

/** What the staff sign-in page says after a refusal through the staff provider (its words in sign-in-screen.tsx). */

export const staffCallbackPath = '/api/staff/oidc/callback';
export const staffRedirectUriOf = (publicUrl: string) => `${publicUrl}${staffCallbackPath}`;
/** The console's sign-in page (also where the provider's sign-out sends the browser back), with what it should say. */
export const staffSignInPageOf = (publicUrl: string, refusal?: StaffSignInRefusal) =>
  `${publicUrl}/staff/sign-in${refusal ? `?sso_error=${refusal}` : ''}`;
