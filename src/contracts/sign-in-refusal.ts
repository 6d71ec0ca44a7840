/**
 * Why a sign-in through an employer's identity provider was refused, as the server's callback sends the sign-in
 * page back (?sso_error=) and the page words it (web/screens/provider-sign-in.tsx, one text for each). Imports nothing.
 */
export type SignInRefusal = 'failed' | 'email-unverified' | 'domain-not-allowed' | 'not-an-employee' | 'register-first';
