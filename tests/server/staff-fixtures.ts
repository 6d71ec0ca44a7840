/**
 * Staff for API tests: signInStaff(app, role) creates a staff user of that role directly in the database and signs
 * in through POST /api/staff/login. `headers` carry the cookie and the CSRF header every staff change needs. They
 * see every employer unless `employers` says which.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { StaffRole } from '#db/database.ts';
import * as staffUsers from '#db/repositories/staff/staff-user.repository.ts';
import type { EmployerAccess } from '#db/repositories/staff/staff-user.repository.ts';
import { hashPassword } from '#server/security/crypto.ts';

export const STAFF_PASSWORD = 'Staff-Passw0rd!';
const ALL_EMPLOYERS: EmployerAccess = { all: true, accountids: [] };

export type SignedInStaff = { id: string; email: string; cookie: string; headers: Record<string, string> };

/** A staff user of that role in the database (not signed in). */
export async function createStaffUser(app: FastifyInstance, role: StaffRole, password = STAFF_PASSWORD, employers = ALL_EMPLOYERS) {
  const email = `${role}-${randomUUID()}@staff.test`;
  const row = await staffUsers.insert(app.db, { email, role, passwordHash: await hashPassword(password), employers });
  if (!row) throw new Error('The staff user could not be created.');
  return row;
}

/** The bp_staff cookie a response set, as a Cookie header value. */
export function staffCookieOf(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const line = [header].flat().find((value) => typeof value === 'string' && value.startsWith('bp_staff='));
  if (typeof line !== 'string') throw new Error('No staff cookie was set.');
  return line.split(';')[0]!;
}

export async function signInStaff(app: FastifyInstance, role: StaffRole, employers = ALL_EMPLOYERS): Promise<SignedInStaff> {
  const user = await createStaffUser(app, role, STAFF_PASSWORD, employers);
  const response = await app.inject({
    method: 'POST',
    url: '/api/staff/login',
    headers: { 'x-staff-request': '1' },
    payload: { email: user.email, password: STAFF_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`Staff sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = staffCookieOf(response);
  return { id: user.id, email: user.email, cookie, headers: { cookie, 'x-staff-request': '1' } };
}

/**
 * The condition a whole-resource write carries when made on what `readUrl` answers now, as the console sends it:
 * If-Match with the ETag read, or If-None-Match: * when the read answered none (no draft, no provider, no form of
 * the employer's own yet).
 */
export async function conditionAsRead(app: FastifyInstance, who: SignedInStaff, readUrl: string): Promise<Record<string, string>> {
  const read = await app.inject({ method: 'GET', url: readUrl, headers: who.headers });
  if (read.statusCode === 404) return { 'if-none-match': '*' };
  if (read.statusCode !== 200) return {};
  const etag = read.headers.etag;
  return typeof etag === 'string' ? { 'if-match': etag } : { 'if-none-match': '*' };
}

/**
 * The condition of a staff write made on what it changes as read now: a PUT on its own URL's read, an upload or
 * deletion of an ICHRA document or its Spanish name on the documents' list, a draft of contribution rules and its
 * publish on the draft, a rollback on the rules in force; other writes carry none.
 */
export async function conditionOfWrite(app: FastifyInstance, who: SignedInStaff, method: string, url: string): Promise<Record<string, string>> {
  const documents = /^(.*\/ichra-documents)(\/[^/]+)?(\/name-es)?$/.exec(url);
  if (documents && (method === 'POST' || method === 'DELETE' || documents[3])) return conditionAsRead(app, who, documents[1]!);
  const rules = /^(.*\/contribution-rules)(\/publish|\/rollback)?$/.exec(url);
  if (rules && (method === 'PUT' || rules[2] === '/publish')) return conditionAsRead(app, who, `${rules[1]!}/draft`);
  if (rules && rules[2] === '/rollback') return conditionAsRead(app, who, rules[1]!);
  return method === 'PUT' ? conditionAsRead(app, who, url) : {};
}

/**
 * Saves contribution rules as the draft and publishes it, each made on what it read (as a specialist would): the
 * answer of the publish. Tests that set an employer's rules use it; the rules are in force after it.
 */
export async function publishRules(app: FastifyInstance, who: SignedInStaff, accountid: string, rules: readonly object[]) {
  const url = `/api/staff/employers/${accountid}/contribution-rules`;
  const saved = await app.inject({ method: 'PUT', url, headers: { ...who.headers, ...(await conditionAsRead(app, who, `${url}/draft`)) }, payload: { rules } });
  if (saved.statusCode !== 200) return saved;
  return app.inject({ method: 'POST', url: `${url}/publish`, headers: { ...who.headers, 'if-match': String(saved.headers.etag) } });
}

/** A PUT of a whole resource made on its current version (read just before, as a person's edit would be). */
export async function putAsRead(app: FastifyInstance, who: SignedInStaff, url: string, payload: object, readUrl = url) {
  return app.inject({ method: 'PUT', url, headers: { ...who.headers, ...(await conditionAsRead(app, who, readUrl)) }, payload });
}
