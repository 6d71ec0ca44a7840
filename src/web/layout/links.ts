/**
 * Addresses outside the portal's routes. The model notice is the U.S. Department of Labor's individual coverage
 * HRA model notice (spec §2: 'View Plan Documents' links to an external model notice PDF). The support address
 * differs per deployment, so it can be set at build time (VITE_* variables in .env). The Terms of Use and the
 * Privacy Policy are the portal's own pages (legalPath), content documents an employer's override may replace.
 */
type Env = string | undefined;

export const MODEL_NOTICE_URL =
  (import.meta.env.VITE_MODEL_NOTICE_URL as Env) ??
  'https://www.dol.gov/sites/dolgov/files/EBSA/laws-and-regulations/rules-and-regulations/completed-rulemaking/1210-AB87/individual-coverage-HRA-model-notice.pdf';
/** 'Need Help?' shows this when the employer has no e-mail address of its own (spec §2 Register). */
export const DEFAULT_SUPPORT_EMAIL = (import.meta.env.VITE_SUPPORT_EMAIL as Env) ?? 'support@benefitportal.example';
/** The front-end version date the footer shows (spec §2 Footer: 04 Feb. 2025), written for the page's language. */
export const FRONT_END_VERSION_DATE = '2025-02-04';
/** The front-end version, injected from package.json by vite.config.ts (`define`). */
export const APP_VERSION = String(import.meta.env.VITE_APP_VERSION ?? '');
/**
 * 'Forgot Password?' (spec §2 Login) goes to the portal's own /forgot-password (a reset link by e-mail); set this
 * only to send people to an external identity provider's reset flow instead.
 */
export const PASSWORD_RESET_URL = import.meta.env.VITE_PASSWORD_RESET_URL as string | undefined;

/** The portal's Terms of Use ('terms') or Privacy Policy ('privacy') page, as the employer sees it when known. */
export function legalPath(page: 'terms' | 'privacy', employerId: string | null | undefined): string {
  return employerId ? `/${page}?employer_id=${encodeURIComponent(employerId)}` : `/${page}`;
}
