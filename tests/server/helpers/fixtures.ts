/** Data the tests start from: an employer, and a member who registered, set a password and signed in. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { TokenResponse } from '#contracts/entities.ts';
import type { Database, EmployerTable } from '#db/database.ts';
import type { Insertable } from 'kysely';
import type { Config } from '#server/config.ts';
import { openMailBody } from '#server/security/crypto.ts';

export const TEST_PASSWORD = 'Str0ng!Pass';

/** A profile the profile document accepts (PUT /api/Member body.member). */
export const TEST_PROFILE = {
  firstname: 'Ada',
  lastname: 'Byron',
  address1: '1 Main St',
  address2: '',
  phonenumber: '5555551234',
  city: 'Springfield',
  county: 'Sangamon County',
  stateorprovince: 'IL',
  birthdate: '1985-06-15',
  postalcode: '62701',
  gender: 'Female',
  istobaccouser: 'No',
  pcpname: 'Dr. Who',
  pcpid: 'PCP-1',
  existingpatient: 'yes',
};

export type TestEmployer = { accountid: string; accountname: string; teamid: string };

export async function createEmployer(
  db: Kysely<Database>,
  overrides: Partial<Insertable<EmployerTable>> = {},
): Promise<TestEmployer> {
  const year = new Date().getUTCFullYear();
  const row = await db
    .insertInto('employer')
    .values({
      accountid: randomUUID(),
      accountname: 'Test Employer',
      teamid: randomUUID(),
      emailaddress: 'help@employer.test',
      employeazecustomer: 1,
      hsaonly: 0,
      planyearstart: `${year}-01-01`,
      planyearend: `${year}-12-31`,
      businessyear: year,
      ...overrides,
    })
    .returning(['accountid', 'accountname', 'teamid'])
    .executeTakeFirstOrThrow();
  return row;
}

export function registerBody(employer: TestEmployer, overrides: Record<string, unknown> = {}) {
  return {
    memberdto: {
      firstname: 'Ada',
      lastname: 'Lovelace',
      personalemailaddress: `ada.${randomUUID().slice(0, 8)}@example.test`,
      accountid: employer.accountid,
      terms: true,
      ...overrides,
    },
    company: employer.accountname,
    url: 'http://evil.test/set-password',
    plan_year: new Date().getUTCFullYear(),
  };
}

export type SetPasswordLink = { url: URL; memberId: string; token: string; employerId: string };

/** What can read the outbox: the database and the configuration (its key); a test app or `t` both are one. */
export type OutboxReader = { db: Kysely<Database>; config: Config };

/** The newest mail's text to this address (the outbox keeps bodies encrypted). */
export async function latestMailText({ db, config }: OutboxReader, email: string): Promise<string> {
  const mail = await db
    .selectFrom('mail_outbox')
    .select(['text_body'])
    .where('recipient', '=', email)
    .orderBy('createdon', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return openMailBody(mail.text_body, config.SSN_KEY);
}

/** The newest set-password link e-mailed to this address (read from the outbox). */
export async function latestLink(reader: OutboxReader, email: string): Promise<SetPasswordLink> {
  return parseLink(await latestMailText(reader, email));
}

/** The token of the newest reset link e-mailed to this address. */
export async function latestResetToken(reader: OutboxReader, email: string): Promise<string> {
  const found = /https?:\/\/\S+\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(await latestMailText(reader, email));
  if (!found) throw new Error('No reset link in the newest mail');
  return found[1]!;
}

/** The refresh token a sign-in or refresh answer set in its cookie (null when it cleared it). */
export function refreshCookieOf(response: { headers: Record<string, unknown> }): string | null {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [String(header)] : [];
  for (const cookie of cookies) {
    const match = /^bp_refresh=([^;]*)/.exec(String(cookie));
    if (match) return match[1] ? match[1] : null;
  }
  return null;
}

/**
 * Sends `count` refreshes of one session at once (`send(i)` sends the i-th) and answers them in the order they
 * arrived, as a browser's cookie jar keeps the Set-Cookie that arrives last.
 */
export async function racingRefreshes<R extends { statusCode: number; headers: Record<string, unknown> }>(
  count: number,
  send: (index: number) => Promise<R>,
): Promise<R[]> {
  const arrived: R[] = [];
  await Promise.all(Array.from({ length: count }, (_, index) => send(index).then((answer) => void arrived.push(answer))));
  return arrived;
}

export function parseLink(text: string): SetPasswordLink {
  const found = /https?:\/\/\S+\/set-password\?\S+/.exec(text);
  if (!found) throw new Error(`No set-password link in: ${text}`);
  const url = new URL(found[0]);
  return {
    url,
    memberId: url.searchParams.get('member_id') ?? '',
    token: url.searchParams.get('token') ?? '',
    employerId: url.searchParams.get('employer_id') ?? '',
  };
}

export type RegisteredMember = {
  memberId: string;
  email: string;
  password: string;
  tokens: TokenResponse;
  /** The refresh token of the sign-in's cookie. */
  refreshToken: string;
  auth: { authorization: string };
};

/** Registers through the API, sets the password with the e-mailed link and signs in. */
export async function registerMember(
  app: FastifyInstance,
  employer: TestEmployer,
  options: { password?: string; email?: string; firstname?: string; lastname?: string } = {},
): Promise<RegisteredMember> {
  const password = options.password ?? TEST_PASSWORD;
  const body = registerBody(employer, {
    ...(options.email ? { personalemailaddress: options.email } : {}),
    ...(options.firstname ? { firstname: options.firstname } : {}),
    ...(options.lastname ? { lastname: options.lastname } : {}),
  });
  const email = body.memberdto.personalemailaddress;
  const registered = await app.inject({ method: 'POST', url: '/api/Member/Register', payload: body });
  if (registered.statusCode !== 200) throw new Error(`Register failed: ${registered.body}`);
  const link = await latestLink(app, email);
  const set = await app.inject({
    method: 'POST',
    url: '/api/changepassword',
    payload: { id: link.memberId, password, token: link.token },
  });
  if (set.statusCode !== 200) throw new Error(`Set password failed: ${set.body}`);
  const login = await app.inject({ method: 'POST', url: '/api/Login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`Login failed: ${login.body}`);
  const tokens = login.json().data.tokenResponse as TokenResponse;
  const refreshToken = refreshCookieOf(login);
  if (!refreshToken) throw new Error('Login set no refresh cookie');
  return { memberId: link.memberId, email, password, tokens, refreshToken, auth: { authorization: `Bearer ${tokens.access_token}` } };
}
