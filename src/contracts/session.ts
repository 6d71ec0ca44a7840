/**
 * The session's time limits (OWASP ASVS 4.0 V3.3), shared by the server that enforces them and the web app that
 * warns before the idle end. docs/security.md, V3.
 */
/** A session ends after this long without a call. */
export const SESSION_IDLE_SECONDS = 30 * 60;
/** A session ends this long after sign-in, used or not. */
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
/** The web app asks "stay signed in?" this long before the idle end. */
export const IDLE_WARNING_SECONDS = 60;
/** The server notes a session's use at most this often (one write a minute, not one per call). */
export const SESSION_TOUCH_SECONDS = 60;
