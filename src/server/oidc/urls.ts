/** The portal's addresses an identity provider sends the browser back to (registered for the client at the provider). */

/** What the sign-in page says after a refusal (its messages 'sso-<reason>'). */
export type SignInRefusal = 'failed' | 'email-unverified' | 'domain-not-allowed' | 'not-an-employee' | 'register-first';

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
