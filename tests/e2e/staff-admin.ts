/**
 * The staff admin the browser tests start from: created by the staff:create script (password on standard input)
 * in the fresh data directory before the product starts (playwright.config.ts), as an operator creates the first
 * admin. Everything else a test needs of staff it creates through the console as that admin.
 */
export const STAFF_ADMIN_EMAIL = 'e2e-admin@staff.test';
export const STAFF_PASSWORD = 'Staff!Passw0rd#2';
