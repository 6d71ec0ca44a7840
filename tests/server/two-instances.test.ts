/**
 * Two instances of the app on one database behave as one (docs/operations.md): each is its own Fastify app with
 * its own memory (its own rate-limit plugin, its own token code), and on PostgreSQL its own connection pool on
 * the same schema; on PGlite both share the one embedded database, as only one process can open it. What one
 * instance counts or revokes, the other sees:
 * - the sign-in rate limit (today's lockout of a client) counted on both adds up;
 * - a sign-out (refresh-token revocation) on one holds on the other, and a refresh rotated on one is refused
 *   when reused on the other; the access token stops working on the other once the database's change notice of
 *   the ended session reached it (src/server/security/session-cache.ts);
 * - the ICHRA documents and the logo staff upload through one are served by the other (stored in the database,
 *   docs/operations.md), though each instance has a DATA_DIR of its own.
 */
import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { changeFeedOf } from '#db/change-feed.ts';
import { createDb } from '#db/create-db.ts';
import type { Database } from '#db/database.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { everyDatabase, urlOfTestDatabase } from './helpers/databases.ts';
import { useDatabase } from './helpers/lifecycle.ts';
import { LOCKOUT_AFTER } from '#server/security/sign-in-limits.ts';
import { readAccessToken } from '#server/security/tokens.ts';
import { sha256 } from '#server/security/crypto.ts';
import { createEmployer, racingRefreshes, refreshCookieOf, registerMember, TEST_PASSWORD } from './helpers/fixtures.ts';
import { conditionOfWrite, signInStaff } from './staff-fixtures.ts';

/** The second instance's own connection to the same database (PostgreSQL), or the same PGlite. */
async function secondConnection(db: Kysely<Database>, name: string): Promise<{ db: Kysely<Database>; close: () => Promise<void> }> {
  if (name !== 'postgresql') return { db, close: async () => {} };
  const other = await createDb({ databaseUrl: await urlOfTestDatabase(db), poolSize: 2 });
  return { db: other, close: () => other.destroy() };
}

/** Sign-in attempts a client may make a minute on instances a and b. */
const LIMIT = 3;

describe.each(everyDatabase())('two instances on one $name database', (database) => {
  const t = useDatabase(database, async (db) => {
    const env = { AUTH_RATE_LIMIT: String(LIMIT), TRUST_PROXY: 'true' };
    const a = await createTestApp(db, { env });
    const second = await secondConnection(db, database.name);
    const shared = { TOKEN_SECRET: a.config.TOKEN_SECRET, SSN_KEY: a.config.SSN_KEY };
    const b = await createTestApp(second.db, { env: { ...env, ...shared } });
    // Sign-ups go through a third instance without the low limit, so a test may add as many members as it needs.
    const signUps = await createTestApp(db, { env: shared });
    return {
      a,
      b,
      bDb: second.db,
      signUps,
      close: async () => {
        await a.close();
        await b.close();
        await signUps.close();
        await second.close();
      },
    };
  });
  const instances = (): [TestApp, TestApp] => [t.a, t.b];

  /** A client of its own (TRUST_PROXY: the balancer's X-Forwarded-For names it), so tests never share a count. */
  let clients = 0;
  const newClient = () => ({ 'x-forwarded-for': `198.51.100.${++clients}` });

  it('counts one client\'s sign-in attempts on both instances: the limit holds across them', async () => {
    const [a, b] = instances();
    const client = newClient();
    const attempt = (app: TestApp) =>
      app.app.inject({ method: 'POST', url: '/api/Login', headers: client, payload: { email: 'nobody@example.test', password: 'wrong-password' } });
    // Three attempts, spread over both: each instance alone has seen fewer than the limit.
    expect((await attempt(a)).statusCode).toBe(401);
    expect((await attempt(b)).statusCode).toBe(401);
    expect((await attempt(a)).statusCode).toBe(401);
    // The fourth is refused on either instance.
    const refusedOnB = await attempt(b);
    expect(refusedOnB.statusCode).toBe(429);
    expect(refusedOnB.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect((await attempt(a)).statusCode).toBe(429);
    // Another client is not locked out by it.
    const other = await a.app.inject({ method: 'POST', url: '/api/Login', headers: newClient(), payload: { email: 'nobody@example.test', password: 'x' } });
    expect(other.statusCode).toBe(401);
  });

  it('keeps a client locked out of sign-in on the other instance even with the right password', async () => {
    const [a, b] = instances();
    const employer = await createEmployer(t.db);
    const member = await registerMember(t.signUps.app, employer);
    const client = newClient();
    for (const app of [a, b, a]) {
      const wrong = await app.app.inject({ method: 'POST', url: '/api/Login', headers: client, payload: { email: member.email, password: 'Wrong!Pass1' } });
      expect(wrong.statusCode).toBe(401);
    }
    const right = await b.app.inject({ method: 'POST', url: '/api/Login', headers: client, payload: { email: member.email, password: TEST_PASSWORD } });
    expect(right.statusCode).toBe(429);
  });

  it('locks an account out on both instances after failures spread over them', async () => {
    const [a, b] = instances();
    const employer = await createEmployer(t.db);
    const member = await registerMember(t.signUps.app, employer);
    // Each attempt from another client address, so the per-address limit is not what stops them.
    for (let attempt = 0; attempt < LOCKOUT_AFTER; attempt += 1) {
      const app = attempt % 2 === 0 ? a : b;
      const wrong = await app.app.inject({ method: 'POST', url: '/api/Login', headers: newClient(), payload: { email: member.email, password: 'Wrong!Pass1' } });
      expect([401, 429]).toContain(wrong.statusCode);
    }
    for (const app of [a, b]) {
      const right = await app.app.inject({ method: 'POST', url: '/api/Login', headers: newClient(), payload: { email: member.email, password: TEST_PASSWORD } });
      expect(right.statusCode).toBe(429);
      expect(right.json()).toMatchObject({ success: false, code: 'ACCOUNT_LOCKED' });
    }
  });

  it('checks no more than five passwords of an address in a burst of 30 wrong ones at once across both instances', async () => {
    const [a, b] = instances();
    const employer = await createEmployer(t.db);
    const member = await registerMember(t.signUps.app, employer);
    // 30 at once, each from its own client address (the per-address limit is not what stops them), half on each.
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        (index % 2 === 0 ? a : b).app.inject({ method: 'POST', url: '/api/Login', headers: newClient(), payload: { email: member.email, password: `Wrong!Pass${index}` } }),
      ),
    );
    const codes = burst.map((answer) => answer.json().code as string);
    // A password is checked only after its attempt was counted; the fifth counted locks the address.
    expect(codes.filter((code) => code === 'LOGIN_FAILED').length).toBe(LOCKOUT_AFTER - 1);
    expect(codes.filter((code) => code === 'ACCOUNT_LOCKED').length).toBe(30 - (LOCKOUT_AFTER - 1));
    const counted = await t.db.selectFrom('signin_failure').select('failures').where('email_hash', '=', sha256(member.email.trim().toLowerCase())).executeTakeFirstOrThrow();
    expect(counted.failures).toBe(LOCKOUT_AFTER);
    // The right password afterwards is refused too, on either instance.
    for (const app of [a, b]) {
      const right = await app.app.inject({ method: 'POST', url: '/api/Login', headers: newClient(), payload: { email: member.email, password: TEST_PASSWORD } });
      expect(right.json()).toMatchObject({ success: false, code: 'ACCOUNT_LOCKED' });
    }
  });

  it('serves on one instance the ICHRA document and the logo staff uploaded through the other', async () => {
    const [a, b] = instances();
    const employer = await createEmployer(t.db, { accountname: 'Shared Files Employer' });
    const staff = await signInStaff(t.signUps.app, 'implementer');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
    const uploaded = await a.app.inject({
      method: 'POST',
      url: `/api/staff/employers/${employer.accountid}/ichra-documents`,
      headers: { ...staff.headers, ...(await conditionOfWrite(a.app, staff, 'POST', `/api/staff/employers/${employer.accountid}/ichra-documents`)) },
      payload: { filename: 'ICHRA Plan Document.pdf', contentBase64: pdf.toString('base64') },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const logo = await a.app.inject({ method: 'PUT', url: `/api/staff/employers/${employer.accountid}/logo`, headers: { ...staff.headers, 'if-none-match': '*' }, payload: { filename: 'logo.jpg', contentBase64: jpeg.toString('base64') } });
    expect(logo.statusCode, logo.body).toBe(200);

    const branding = await b.app.inject({ method: 'GET', url: `/api/Employer/Branding/${employer.accountid}` });
    expect(branding.json().data.mediadata).toBe(jpeg.toString('base64'));
    const member = await registerMember(t.signUps.app, employer);
    const listed = await b.app.inject({
      method: 'GET',
      url: `/api/media/getdocs?containerName=ichra-documents&folderName=${encodeURIComponent(employer.accountname)}`,
      headers: member.auth,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const documents: { filename: string; url: string }[] = listed.json().data.documents;
    expect(documents.map((document) => document.filename)).toEqual(['ICHRA Plan Document.pdf']);
    const file = await b.app.inject({ method: 'GET', url: documents[0]!.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });

  it('signs out on one instance and the other refuses both the access token and the refresh token', async () => {
    const [a, b] = instances();
    const employer = await createEmployer(t.db);
    const member = await registerMember(t.signUps.app, employer);
    const cookie = (token: string) => ({ cookie: `bp_refresh=${token}` });
    // Signed in; B refreshes (B sees the session), then A signs out with the token B issued.
    const refreshedOnB = await b.app.inject({ method: 'POST', url: '/api/Login/Refresh', headers: cookie(member.refreshToken) });
    expect(refreshedOnB.statusCode).toBe(200);
    const current = refreshCookieOf(refreshedOnB)!;
    const access = refreshedOnB.json().data.tokenResponse.access_token as string;
    expect((await b.app.inject({ method: 'GET', url: '/api/Member/GetMember', headers: { authorization: `Bearer ${access}` } })).statusCode).toBe(200);
    // B keeps the live session in memory; it drops it when the database's change notice reaches it (at once on
    // the shared PGlite; on PostgreSQL through B's own connections, an instant after A's commit).
    const { sessionId } = (await readAccessToken(b.config, access))!;
    const heardOnB = new Promise<void>((resolve) => {
      const stop = changeFeedOf(t.bDb)!.subscribe((notice) => {
        if (notice !== `session:${sessionId}` && notice !== '*') return;
        stop();
        resolve();
      });
    });
    const logout = await a.app.inject({ method: 'POST', url: '/api/Login/Logout', headers: cookie(current) });
    expect(logout.statusCode).toBe(200);
    await heardOnB;
    const afterLogout = await b.app.inject({ method: 'POST', url: '/api/Login/Refresh', headers: cookie(current) });
    expect(afterLogout.statusCode).toBe(401);
    expect(afterLogout.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect((await b.app.inject({ method: 'GET', url: '/api/Member/GetMember', headers: { authorization: `Bearer ${access}` } })).statusCode).toBe(401);
  });

  it('refuses on one instance a refresh token already rotated on the other (and ends its session)', async () => {
    const [a, b] = instances();
    const employer = await createEmployer(t.db);
    const member = await registerMember(t.signUps.app, employer);
    const cookie = (token: string) => ({ cookie: `bp_refresh=${token}` });
    const first = await a.app.inject({ method: 'POST', url: '/api/Login/Refresh', headers: cookie(member.refreshToken) });
    expect(first.statusCode).toBe(200);
    // The token that replaced it is used too, so the old one coming back is a copy, not a retry of a lost answer.
    const second = await a.app.inject({ method: 'POST', url: '/api/Login/Refresh', headers: cookie(refreshCookieOf(first)!) });
    expect(second.statusCode).toBe(200);
    const reused = await b.app.inject({ method: 'POST', url: '/api/Login/Refresh', headers: cookie(member.refreshToken) });
    expect(reused.statusCode).toBe(401);
    const familyRevoked = await a.app.inject({ method: 'POST', url: '/api/Login/Refresh', headers: cookie(refreshCookieOf(second)!) });
    expect(familyRevoked.statusCode).toBe(401);
  });

  it.each([10, 50])('%i refreshes of one cookie at once spread over both instances: each answers 200, and the cookie that arrives last refreshes', async (count) => {
    const employer = await createEmployer(t.db);
    const member = await registerMember(t.signUps.app, employer);
    const cookie = (token: string) => ({ cookie: `bp_refresh=${token}` });
    const answers = await racingRefreshes(count, (index) =>
      instances()[index % 2]!.app.inject({ method: 'POST', url: '/api/Login/Refresh', headers: cookie(member.refreshToken) }),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const last = refreshCookieOf(answers.at(-1)!)!;
    expect(new Set(answers.map((answer) => refreshCookieOf(answer)))).toEqual(new Set([last]));
    for (const instance of instances()) {
      const after = await instance.app.inject({ method: 'POST', url: '/api/Login/Refresh', headers: cookie(last) });
      expect(after.statusCode).toBe(200);
    }
  });
});
