/**
 * Why a sign-in through an employer's identity provider was refused, as the server's callback sends the sign-in
 * page back (?sso_error=) and the page words it (web/screens/provider-sign-in.tsx, one text for each). Imports nothing.
 */
export type SignInRefusal = 'failed' | 'email-unverified' | 'domain-not-allowed' | 'not-an-employee' | 'register-first';

/**
 * Why a staff sign-in through the staff identity provider was refused (?sso_error= on the console's sign-in page,
 * worded by staff/screens/sign-in-screen.tsx, one text for each).
 */
export type StaffSignInRefusal = 'failed' | 'email-unverified' | 'not-staff' | 'disabled';
