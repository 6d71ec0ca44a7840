/**
 * The limits every sign-in keeps, members' and staff's alike (docs/security.md, V2.2): every LOCKOUT_AFTER-th
 * consecutive failure locks the address, for LOCKOUT_MINUTES the first time and twice as long each further time
 * (at most a day), each counted under its own key; and a sign-in started at an identity provider expires after
 * LOGIN_STATE_MINUTES.
 */

export const LOCKOUT_AFTER = 5;
export const LOCKOUT_MINUTES = 15;
const LOCKOUT_MAX_MINUTES = 24 * 60;

/** Minutes a lockout lasts after `failures` consecutive failures (a multiple of LOCKOUT_AFTER). */
export function lockoutMinutes(failures: number): number {
  const round = Math.max(1, Math.floor(failures / LOCKOUT_AFTER));
  return Math.min(LOCKOUT_MAX_MINUTES, LOCKOUT_MINUTES * 2 ** (round - 1));
}

/** Sign-in lockout, shared by members' and staff's sign-in (each counted under its own key). */
export const LOCKOUT_POLICY = { after: LOCKOUT_AFTER, minutes: lockoutMinutes };

/** Minutes a person has at the provider before the sign-in started here expires. */
export const LOGIN_STATE_MINUTES = 10;
