/**
 * ASVS V4.1.3 / V4.1.5 (deny by default): every route the app registers is either public by name in the list
 * below, or declares a security scheme and carries the check for it. A new route without `app.authenticate`
 * (bearer) or app.requireStaff (the staff cookie) fails here before it can serve anyone's data; a route that drops its
 * `security` entry without being listed as public fails too. Who is calling is checked before what they sent: a
 * refused caller gets its 401 or 403 whatever the body. The per-resource tests show who is refused (403). Every
 * staff route that names an employer refuses a staff user of another employer (403): a new one without the check,
 * or naming an employer by a parameter the check does not know, fails here.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { databases } from './helpers/databases.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { createEmployer, registerMember, type RegisteredMember, type TestEmployer } from './helpers/fixtures.ts';
import { writtenRows } from './helpers/written-rows.ts';
import { readAccessToken, signAccessToken } from '#server/security/tokens.ts';
import { EMPLOYER_PARAMS } from '#server/plugins/staff-auth.plugin.ts';
import { signInStaff, type SignedInStaff } from './staff-fixtures.ts';

/** The routes anyone may call, each with the reason (the spec's pre-sign-in pages, links that carry their own proof). */
const PUBLIC_ROUTES: Record<string, string> = {
  'GET /healthz': 'liveness for the platform, no data',
  'GET /api/Version/test': 'the build version',
  'GET /api/Employer/Branding/:accountid': "the employer link's name, logo and help address (register page)",
  'GET /api/content/forms/:id': 'form documents for the pre-sign-in pages',
  'GET /api/content/flows/:id': 'flow documents for the pre-sign-in pages',
  'GET /api/content/validators/:file': "a form's validators compiled ahead (content-addressed, no personal data)",
  'POST /api/Member/Register': 'registration through the employer link',
  'POST /api/Member/ResendInvitation': "proof: Register's encrypted handle",
  'POST /api/Member/WithdrawRegistration': "proof: Register's encrypted handle",
  'GET /api/Member/:id': 'proof: the set-password token, or the bearer of that member (checked in the handler)',
  'POST /api/changepassword': 'proof: the set-password token',
  'POST /api/Member/ForgotPassword': 'answers alike for every address',
  'POST /api/Member/ResetPassword': "proof: the reset link's token",
  'POST /api/Login': 'sign-in',
  'POST /api/Login/Refresh': 'proof: the refresh cookie',
  'POST /api/Login/Logout': 'proof: the refresh cookie',
  'GET /api/media/file/:container/:accountid/:filename': 'proof: the HMAC-signed link of a member of that employer',
  'POST /api/staff/login': 'staff sign-in',
  'POST /api/staff/logout': 'proof: the staff cookie',
  'POST /api/staff/login/second-factor': 'proof: the pending sign-in cookie (a right password)',
  'POST /api/staff/login/totp/start': 'proof: the pending sign-in cookie (a right password, set-up required)',
  'POST /api/staff/login/totp/confirm': 'proof: the pending sign-in cookie (a right password, set-up required)',
  'GET /api/oidc/employers/:accountid': "whether the employer's sign-in page shows 'Sign in with <provider>', and its name",
  'GET /api/oidc/start': "sends the browser to the employer's identity provider (state, nonce and PKCE kept server-side)",
  'GET /api/oidc/callback': "proof: the state cookie and state of this browser's sign-in, and the provider's signed ID token",
  'GET /api/staff/oidc': "whether the console's sign-in page shows 'Sign in with <staff provider>', and its name (set by the operator, no data)",
  'GET /api/staff/oidc/start': 'sends the browser to the staff identity provider (state, nonce and PKCE kept server-side)',
  'GET /api/staff/oidc/callback': "proof: the state cookie and state of this browser's sign-in, and the staff provider's signed ID token",
};

/**
 * The staff calls by POST, PUT, PATCH or DELETE a viewer may make, each with the reason. Every other one is a change
 * that needs a higher role.
 */
const VIEWER_CALLS: Record<string, string> = {
  'POST /api/staff/me/totp/start': 'their own two-step verification',
  'POST /api/staff/me/totp/confirm': 'their own two-step verification',
  'POST /api/staff/me/totp/disable': 'their own two-step verification',
  'POST /api/staff/employers/:accountid/contribution-preview': 'a read: what the rules would pay (the draft rules in the body), nothing written',
};

/**
 * The path parameters of staff routes, each with what it names. A parameter naming an employer is one the central
 * check reads (EMPLOYER_PARAMS); the others name something of the employer of the same path, or nothing of one.
 */
const STAFF_PATH_PARAMS: Record<string, string> = {
  accountid: "an employer: checked against the staff user's employers (EMPLOYER_PARAMS)",
  documentid: 'a document of the employer in the same path',
  name: 'an ICHRA document of the employer in the same path',
  memberid: 'an employee of the employer in the same path',
  id: 'a staff user (admin routes; admins see every employer)',
  file: "a draft's compiled validators (content-addressed, no employer's data)",
};

/** What a caller sends that no route can serve: a body that is not JSON, and JSON of the wrong shape. */
const MALFORMED_BODIES = [
  { what: 'not JSON', payload: '{"member": ' },
  { what: 'JSON of the wrong shape', payload: '[null, 1]' },
];
const json = { 'content-type': 'application/json' };

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Paths outside the API that the app may register (documentation, the web app). */
const outsideApi = (url: string) => !url.startsWith('/api') && url !== '/healthz';

/** A registered route: its onRequest hooks are the ones that run before the body is read. */
type Seen = { key: string; security: string[]; onRequest: unknown[]; body: boolean };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const onRequestHooks = (route: RouteOptions): unknown[] => (route.onRequest === undefined ? [] : [route.onRequest].flat());

describe.each(databases())('deny by default on $name', (database) => {
  const seen: Seen[] = [];
  let authenticate: unknown;
  const t = useTestApp(database, {
    beforeRoutes: (app: FastifyInstance) => {
      authenticate = app.authenticate;
      app.addHook('onRoute', (route) => {
        const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
        const security = ((route.schema as { security?: Record<string, unknown>[] } | undefined)?.security ?? []).flatMap((s) => Object.keys(s));
        // A trailing slash is the same route (GET /api/USZipCounty/:zip/).
        const url = route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url;
        const body = Boolean((route.schema as { body?: unknown } | undefined)?.body);
        for (const method of methods) seen.push({ key: `${method} ${url}`, security, onRequest: onRequestHooks(route), body });
      });
    },
  });
  let employer: TestEmployer;
  let member: RegisteredMember;
  beforeAll(async () => {
    employer = await createEmployer(t.db);
    member = await registerMember(t.app, employer);
  });

  const apiRoutes = () => seen.filter((route) => !outsideApi(route.key.split(' ')[1]!));
  const withSecurity = (scheme: string) => apiRoutes().filter((route) => route.security.includes(scheme));
  /** A route's method and a URL with its path parameters filled in with ids that exist. */
  const request = (route: Seen) => {
    const [method, path] = route.key.split(' ') as [Method, string];
    return { method, url: path.replace(/:\w+/g, (name) => (name === ':documentid' ? 'waiver' : employer.accountid)) };
  };

  it('sees the API routes', () => {
    expect(apiRoutes().length).toBeGreaterThan(40);
  });

  it('names every route without a security scheme as public, and lists no public route that is gone', () => {
    const open = [...new Set(apiRoutes().filter((route) => route.security.length === 0).map((route) => route.key))].sort();
    expect(open).toEqual(Object.keys(PUBLIC_ROUTES).sort());
  });

  it('checks the bearer token before the body is read (onRequest) on every route that declares it', () => {
    const bearer = withSecurity('bearer');
    expect(bearer.length).toBeGreaterThan(20);
    const unchecked = bearer.filter((route) => !route.onRequest.includes(authenticate)).map((route) => route.key);
    expect(unchecked).toEqual([]);
  });

  it('checks the staff session on every staff route before anything else; a member token is no staff session (401)', async () => {
    const staff = withSecurity('staffCookie');
    expect(staff.length).toBeGreaterThan(10);
    expect(apiRoutes().filter((route) => route.key.includes(' /api/staff') && !route.security.includes('staffCookie')).map((route) => route.key).sort()).toEqual([
      'GET /api/staff/oidc',
      'GET /api/staff/oidc/callback',
      'GET /api/staff/oidc/start',
      'POST /api/staff/login',
      'POST /api/staff/login/second-factor',
      'POST /api/staff/login/totp/confirm',
      'POST /api/staff/login/totp/start',
      'POST /api/staff/logout',
    ]);
    // The role check (app.requireStaff) runs before the body is read too.
    for (const route of staff) expect(route.onRequest.length, route.key).toBeGreaterThan(0);
    for (const route of staff) {
      // No body: the session is checked before the body is read, so the refusal is the session's.
      for (const headers of [{ ...member.auth, 'x-staff-request': '1' }, { cookie: `bp_refresh=${member.refreshToken}`, 'x-staff-request': '1' }]) {
        const response = await t.app.inject({ ...request(route), headers });
        expect(response.statusCode, route.key).toBe(401);
        expect(response.json(), route.key).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      }
    }
  });

  describe('who is calling is checked before what they sent', () => {
    /** Each answer to a malformed body that differs from the expected one, as `<route> <caller>, <body>: <status> <code>`. */
    const answers = async (
      routes: Seen[],
      callers: Record<string, Record<string, string>>,
      expected: { status: number; code: string; message?: RegExp },
    ): Promise<string[]> => {
      const wrong: string[] = [];
      for (const route of routes) {
        for (const [caller, headers] of Object.entries(callers)) {
          for (const body of MALFORMED_BODIES) {
            const response = await t.app.inject({ ...request(route), headers: { ...headers, ...json }, payload: body.payload });
            const answer = response.json() as { code?: string; message?: string };
            const right = response.statusCode === expected.status && answer.code === expected.code && (!expected.message || expected.message.test(answer.message ?? ''));
            if (!right) wrong.push(`${route.key} ${caller}, ${body.what}: ${response.statusCode} ${answer.code}`);
          }
        }
      }
      return wrong;
    };

    it('refuses a member route 401 without a usable bearer, whatever the body: none, an unknown one, an expired one, one of an ended session', async () => {
      const ended = await registerMember(t.app, employer);
      expect((await t.app.inject({ method: 'POST', url: '/api/Login/Logout', headers: ended.auth })).statusCode).toBe(200);
      const session = (await readAccessToken(t.config, member.tokens.access_token))!;
      const expired = await signAccessToken(t.config, session, new Date(Date.now() - 16 * 60 * 1000));
      const callers = {
        'no bearer': {},
        'an unknown bearer': { authorization: 'Bearer not-a-token' },
        'an expired bearer': { authorization: `Bearer ${expired}` },
        "an ended session's bearer": ended.auth,
      };
      const before = await writtenRows(t.db);
      expect(await answers(withSecurity('bearer'), callers, { status: 401, code: 'UNAUTHORIZED' })).toEqual([]);
      expect(await writtenRows(t.db)).toBe(before);
    });

    it("refuses a staff route 401 without a staff session and a viewer's change 403, whatever the body", async () => {
      const staff = withSecurity('staffCookie');
      const viewer = await signInStaff(t.app, 'viewer');
      const before = await writtenRows(t.db);
      const withoutSession = { 'no credential': { 'x-staff-request': '1' }, "a member's bearer": { ...member.auth, 'x-staff-request': '1' } };
      expect(await answers(staff, withoutSession, { status: 401, code: 'UNAUTHORIZED' })).toEqual([]);
      expect(Object.keys(VIEWER_CALLS).filter((key) => !staff.some((route) => route.key === key))).toEqual([]);
      const viewerRefused = staff.filter((route) => UNSAFE_METHODS.has(route.key.split(' ')[0]!) && !(route.key in VIEWER_CALLS));
      expect(viewerRefused.length).toBeGreaterThan(10);
      const forbidden = { status: 403, code: 'FORBIDDEN', message: /^This needs the (implementer|admin) role; you are a viewer\.$/ };
      expect(await answers(viewerRefused, { 'a viewer': viewer.headers }, forbidden)).toEqual([]);
      expect(await writtenRows(t.db)).toBe(before);
    });

    it("refuses a staff user of another employer 403 on every staff route that names an employer, whatever the body, and writes nothing", async () => {
      const staff = withSecurity('staffCookie');
      const named = [...new Set(staff.flatMap((route) => [...route.key.matchAll(/:(\w+)/g)].map((match) => match[1]!)))].sort();
      expect(named).toEqual(Object.keys(STAFF_PATH_PARAMS).sort());
      expect(EMPLOYER_PARAMS.every((name) => name in STAFF_PATH_PARAMS)).toBe(true);
      const ofEmployer = staff.filter((route) => EMPLOYER_PARAMS.some((name) => route.key.includes(`/:${name}`)));
      expect(ofEmployer.length).toBeGreaterThan(25);
      const other = await createEmployer(t.db);
      const onlyOther = { all: false, accountids: [other.accountid] };
      const [implementer, viewer] = await Promise.all([signInStaff(t.app, 'implementer', onlyOther), signInStaff(t.app, 'viewer', onlyOther)]);
      const notTheirs = { status: 403, code: 'FORBIDDEN', message: /^This employer is not among yours; an admin can assign it to you on the Staff Users screen\.$/ };
      const viewerMay = (route: Seen) => !UNSAFE_METHODS.has(route.key.split(' ')[0]!) || route.key in VIEWER_CALLS;
      const before = await writtenRows(t.db);
      expect(await answers(ofEmployer, { 'an implementer of another employer': implementer.headers }, notTheirs)).toEqual([]);
      expect(await answers(ofEmployer.filter(viewerMay), { 'a viewer of another employer': viewer.headers }, notTheirs)).toEqual([]);
      // An employer named in the query (the event log's filter) is checked alike.
      const events = await t.app.inject({ method: 'GET', url: `/api/staff/events?accountid=${employer.accountid}`, headers: implementer.headers });
      expect([events.statusCode, events.json().code]).toEqual([403, 'FORBIDDEN']);
      expect(await writtenRows(t.db)).toBe(before);
    });

    it('still answers a signed-in caller 400 for a malformed body, and writes nothing', async () => {
      const [admin, viewer] = await Promise.all([signInStaff(t.app, 'admin'), signInStaff(t.app, 'viewer')]);
      const withBody = (scheme: string) => withSecurity(scheme).filter((route) => route.body);
      const invalid = { status: 400, code: 'VALIDATION_FAILED' };
      const before = await writtenRows(t.db);
      expect(await answers(withBody('bearer'), { 'a member': member.auth }, invalid)).toEqual([]);
      expect(await answers(withBody('staffCookie'), { 'an admin': admin.headers }, invalid)).toEqual([]);
      // The calls open to a viewer: there the body is what is refused.
      const viewerCalls = withBody('staffCookie').filter((route) => route.key in VIEWER_CALLS);
      expect(viewerCalls.length).toBeGreaterThan(0);
      expect(await answers(viewerCalls, { 'a viewer': viewer.headers }, invalid)).toEqual([]);
      expect(await writtenRows(t.db)).toBe(before);
    });
  });

  describe('the web root (V4.3.2)', () => {
    let webRoot: string;
    let web: TestApp;
    beforeAll(async () => {
      webRoot = mkdtempSync(path.join(os.tmpdir(), 'benefit-portal-web-'));
      mkdirSync(path.join(webRoot, 'assets'));
      mkdirSync(path.join(webRoot, '.git'));
      writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Benefit Portal</title>');
      writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
      writeFileSync(path.join(webRoot, '.git', 'config'), '[core] secret-metadata');
      writeFileSync(path.join(webRoot, '.env'), 'TOKEN_SECRET=secret-metadata');
      web = await createTestApp(t.db, { webRoot });
    });
    afterAll(async () => {
      await web.close();
      rmSync(webRoot, { recursive: true, force: true });
    });

    it('lists no directory and serves no dot file: the screen page or a 404 instead', async () => {
      for (const url of ['/assets/', '/assets', '/.git/config', '/.git/', '/.env', '/%2egit/config', '/assets/../.env']) {
        const response = await web.app.inject({ method: 'GET', url });
        expect(response.body, url).not.toContain('secret-metadata');
        expect(response.body, url).not.toContain('app-abc123.js');
      }
    });
  });
});
