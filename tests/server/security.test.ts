import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { logLines } from './helpers/log-lines.ts';
import type { FastifyInstance } from 'fastify';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './helpers/app.ts';
import { databases } from './helpers/databases.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { createEmployer, latestLink, parseLink, registerBody, registerMember, TEST_PASSWORD, TEST_PROFILE, type TestEmployer } from './helpers/fixtures.ts';
import { startSmtpCatcher } from './helpers/smtp-catcher.ts';
import { mailText } from '../fixtures/mail-text.ts';


/** Both SSNs below, written with or without dashes. */
const SSN_DIGITS = /123-?45-?6789|587-?65-?4321/;
const SSN_DEPENDENT = { firstname: 'Grace', lastname: 'Byron', dateofbirth: '2015-04-01', gender: 'Female', relationship: 'child', istobaccouser: false, additionalid: '587654321' };

/**
 * Every header of the security policy (app.ts), name and value, as @fastify/helmet sent them on every answer
 * before the policy was built once per start; HSTS besides when the public address is https.
 */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;font-src 'self' data:;connect-src 'self';" +
    "object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const HSTS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };
const POLICY_HEADER_NAMES = new Set([...Object.keys(SECURITY_HEADERS), ...Object.keys(HSTS), 'x-powered-by']);
const policyHeadersOf = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => POLICY_HEADER_NAMES.has(name)));

describe.each(databases())('security and plumbing on $name', (database) => {
  const t = useTestApp(database, {
    beforeRoutes: (app) => {
      app.get('/api/test/throw', async () => {
        throw new Error('secret internals: password=hunter2');
      });
    },
  });
  let employer: TestEmployer;
  beforeAll(async () => {
    employer = await createEmployer(t.db);
  });

  it('answers an unexpected failure with 500 INTERNAL and no stack trace or internal message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/throw' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, data: null, code: 'INTERNAL', message: 'Something went wrong.' });
    expect(res.body).not.toMatch(/hunter2|secret|at .*\.ts/);
  });

  it('answers unknown API paths and bad JSON with the envelope', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/NoSuchThing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, data: null, code: 'NOT_FOUND', message: 'Not found.' });
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/Login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ success: false, data: null, code: 'VALIDATION_FAILED', message: 'The request body is not valid JSON.' });
  });

  it('sends security headers with a CSP that allows the built app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Version/test' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document with the routes and their schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ['/api/Member/Register', '/api/Member/{id}', '/api/Member/GetMember', '/api/Login', '/api/Login/Refresh', '/api/LogFact/v2', '/api/Version/test', '/api/changepassword']) {
      expect(doc.paths).toHaveProperty([p]);
    }
    expect(doc.paths['/api/Member/Register'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/Member/GetMember'].get.security).toEqual([{ bearer: [] }]);
    const ui = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('never logs the set-password token of a link', async () => {
    const { lines, stream } = logLines();
    const logged = await createTestApp(t.db, { logger: { level: 'info', stream } });
    try {
      await logged.app.inject({ method: 'GET', url: `/api/Member/${employer.accountid}?token=SECRET-TOKEN-VALUE` });
      expect(lines.join('')).toContain('token=***');
      expect(lines.join('')).not.toContain('SECRET-TOKEN-VALUE');
    } finally {
      await logged.close();
    }
  });

  it('keeps SSNs encrypted at rest, masked in every answer and out of every log line', async () => {
    const { lines, stream } = logLines();
    const logged = await createTestApp(t.db, {
      logger: { level: 'trace', stream },
      beforeRoutes: (app) => {
        app.post('/api/test/log-body', async (request) => {
          request.log.info({ body: request.body }, 'a careless debug line');
          throw new Error('failed after logging the body');
        });
      },
    });
    try {
      const member = await registerMember(logged.app, employer);
      const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
        logged.app.inject({ method, url, headers: member.auth, ...(payload ? { payload } : {}) });
      const answers = [
        await call('PUT', '/api/Member', { member: { ...TEST_PROFILE, additionalid: '123456789' } }),
        await call('PUT', '/api/Member', { member: { ...TEST_PROFILE, birthdate: '1900-01-01', additionalid: '123456789' } }),
        await call('POST', '/api/Dependent', SSN_DEPENDENT),
        await call('POST', '/api/Dependent', { ...SSN_DEPENDENT, firstname: '' }),
        await call('GET', '/api/Member/GetMember'),
        await call('GET', `/api/Member/${member.memberId}`),
        await call('GET', '/api/Dependent'),
        await call('POST', '/api/test/log-body', { member: { additionalid: '123456789' }, dependents: [{ additionalid: '587654321' }], password: TEST_PASSWORD }),
      ];
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 400, 200, 400, 200, 200, 200, 500]);
      expect(answers[0]!.json().data.additionalid).toBe('***-**-6789');
      expect(answers[2]!.json().data.additionalid).toBe('***-**-4321');
      expect(answers[4]!.json().data.additionalid).toBe('***-**-6789');
      expect(answers[5]!.json().data.additionalid).toBe('***-**-6789');
      expect(answers[6]!.json().data.dependents.map((d: { additionalid: string }) => d.additionalid)).toEqual(['***-**-4321']);
      for (const answer of answers) expect(answer.body).not.toMatch(SSN_DIGITS);

      const memberRow = await t.db.selectFrom('member').selectAll().where('id', '=', member.memberId).executeTakeFirstOrThrow();
      const dependentRows = await t.db.selectFrom('dependent').selectAll().where('memberid', '=', member.memberId).execute();
      expect(memberRow.ssn_ciphertext).toEqual(expect.any(String));
      expect(dependentRows).toHaveLength(1);
      expect(JSON.stringify([memberRow, dependentRows])).not.toMatch(SSN_DIGITS);

      const log = lines.join('');
      expect(log).toContain('a careless debug line');
      expect(log).not.toMatch(SSN_DIGITS);
      expect(log).not.toContain(TEST_PASSWORD);
    } finally {
      await logged.close();
    }
  });

  it('limits sign-in attempts per client', async () => {
    const limited = await createTestApp(t.db, { env: { AUTH_RATE_LIMIT: '3' } });
    try {
      // A client of its own: the counts live in the database, which the other apps of this file share.
      const attempt = () =>
        limited.app.inject({ method: 'POST', url: '/api/Login', remoteAddress: '192.0.2.31', payload: { email: 'x@example.test', password: 'Wr0ng!Pass' } });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a minute and try again.' });
      // Other routes are not limited by it.
      expect((await limited.app.inject({ method: 'GET', url: '/api/Version/test' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits attempts to withdraw pending registrations per client', async () => {
    const limited = await createTestApp(t.db, { env: { AUTH_RATE_LIMIT: '2' } });
    try {
      const attempt = () => limited.app.inject({ method: 'POST', url: '/api/Member/WithdrawRegistration', payload: { handle: randomUUID() }, remoteAddress: '192.0.2.32' });
      for (let i = 0; i < 2; i += 1) expect((await attempt()).statusCode).toBe(404);
      expect((await attempt()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('delivers the invitation by SMTP with a link built from PUBLIC_URL, not from the body', async () => {
    const smtp = await startSmtpCatcher();
    const mailing = await createTestApp(t.db, { env: { SMTP_URL: smtp.url } });
    try {
      const body = registerBody(employer);
      const res = await mailing.app.inject({ method: 'POST', url: '/api/Member/Register', payload: body });
      expect(res.statusCode).toBe(200);
      expect(smtp.messages).toHaveLength(1);
      const [mail] = smtp.messages;
      expect(mail!.to).toEqual([body.memberdto.personalemailaddress]);
      expect(mail!.from).toBe('no-reply@portal.test');
      const link = parseLink(await mailText(mail!.raw));
      expect(link.url.origin).toBe(TEST_PUBLIC_URL);
      expect(mail!.raw).not.toContain('evil.test');
      expect(link.memberId).toBe(res.json().data.memberid);
      const row = await t.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', body.memberdto.personalemailaddress).executeTakeFirstOrThrow();
      expect(row.senton).toBeInstanceOf(Date);
      expect(row.last_error).toBeNull();
      expect(mailing.announcements).toEqual([]);
      // The link works.
      const set = await mailing.app.inject({ method: 'POST', url: '/api/changepassword', payload: { id: link.memberId, password: TEST_PASSWORD, token: link.token } });
      expect(set.statusCode).toBe(200);
    } finally {
      await mailing.close();
      await smtp.close();
    }
  });

  it('records a delivery failure without failing the registration', async () => {
    const smtp = await startSmtpCatcher();
    await smtp.close();
    const failing = await createTestApp(t.db, { env: { SMTP_URL: smtp.url } });
    try {
      const body = registerBody(employer);
      const res = await failing.app.inject({ method: 'POST', url: '/api/Member/Register', payload: body });
      expect(res.statusCode).toBe(200);
      const row = await t.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', body.memberdto.personalemailaddress).executeTakeFirstOrThrow();
      expect(row.senton).toBeNull();
      expect(row.attempts).toBe(1);
      expect(row.last_error).toEqual(expect.any(String));
      // The link is still in the outbox (encrypted) for a later resend.
      expect(row.text_body).not.toContain('set-password');
      expect((await latestLink(failing.app, body.memberdto.personalemailaddress)).memberId).toBe(res.json().data.memberid);
    } finally {
      await failing.close();
    }
  });

  it('writes the file outbox as an .eml under DATA_DIR/mail', async () => {
    const body = registerBody(employer);
    await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: body });
    const row = await t.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', body.memberdto.personalemailaddress).executeTakeFirstOrThrow();
    const { readFileSync } = await import('node:fs');
    const eml = readFileSync(path.join(t.config.DATA_DIR, 'mail', `${row.id}.eml`), 'utf8');
    expect(eml).toContain(`To: ${body.memberdto.personalemailaddress}`);
    expect(eml).toMatch(/^Subject: Welcome to /m);
    expect(row.senton).toBeInstanceOf(Date);
  });

  describe('the web app', () => {
    let webRoot: string;
    let web: TestApp;
    beforeAll(async () => {
      webRoot = mkdtempSync(path.join(os.tmpdir(), 'benefit-portal-web-'));
      mkdirSync(path.join(webRoot, 'assets'));
      writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Benefit Portal</title>');
      writeFileSync(path.join(webRoot, 'staff.html'), '<!doctype html><title>Benefit Portal Staff</title>');
      writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
      const big = `export const text = '${'compressible '.repeat(200)}';`;
      writeFileSync(path.join(webRoot, 'assets', 'big-def456.js'), big);
      writeFileSync(path.join(webRoot, 'assets', 'big-def456.js.br'), brotliCompressSync(big));
      writeFileSync(path.join(webRoot, 'assets', 'big-def456.js.gz'), gzipSync(big));
      web = await createTestApp(t.db, { webRoot });
    });
    afterAll(async () => {
      await web.close();
      rmSync(webRoot, { recursive: true, force: true });
    });

    it('sends the whole security policy on every kind of answer, HSTS only when the public address is https', async () => {
      const throwing = (app: FastifyInstance) => {
        app.get('/api/test/throw', async () => {
          throw new Error('secret internals');
        });
      };
      const answers = [
        { method: 'GET', url: '/api/Version/test', status: 200 },
        { method: 'GET', url: '/assets/app-abc123.js', status: 200 },
        { method: 'GET', url: '/welcome', status: 200 },
        { method: 'GET', url: '/api/Nope', status: 404 },
        { method: 'POST', url: '/welcome', status: 404 },
        { method: 'POST', url: '/api/Login', status: 400 },
        { method: 'GET', url: '/api/test/throw', status: 500 },
      ] as const;
      for (const [env, expected] of [
        [{}, SECURITY_HEADERS],
        [{ PUBLIC_URL: 'https://portal.test' }, { ...SECURITY_HEADERS, ...HSTS }],
      ] as const) {
        const app = await createTestApp(t.db, { webRoot, env, beforeRoutes: throwing });
        try {
          for (const { method, url, status } of answers) {
            const res = await app.app.inject({ method, url });
            expect(res.statusCode, url).toBe(status);
            expect(policyHeadersOf(res.headers), `${method} ${url} ${JSON.stringify(env)}`).toEqual(expected);
          }
        } finally {
          await app.close();
        }
      }
    });

    it('serves index.html for screen paths, hashed assets as immutable, and JSON 404 under /api', async () => {
      const screen = await web.app.inject({ method: 'GET', url: '/set-password?employer_id=x&member_id=y&token=z' });
      expect(screen.statusCode).toBe(200);
      expect(screen.body).toContain('<title>Benefit Portal</title>');
      expect(screen.headers['cache-control']).toBe('no-cache');
      const root = await web.app.inject({ method: 'GET', url: '/' });
      expect(root.body).toContain('<title>Benefit Portal</title>');
      const asset = await web.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const api = await web.app.inject({ method: 'GET', url: '/api/Nope' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe('NOT_FOUND');
      const post = await web.app.inject({ method: 'POST', url: '/welcome' });
      expect(post.statusCode).toBe(404);
    });

    it('serves staff.html for the staff console under /staff, but not for /staff/docs or look-alikes', async () => {
      for (const url of ['/staff', '/staff/', '/staff/sign-in', '/staff/employers/abc/documents/profile?x=1']) {
        const page = await web.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body, url).toContain('<title>Benefit Portal Staff</title>');
        expect(page.headers['cache-control'], url).toBe('no-cache');
      }
      for (const url of ['/staffing', '/staff/docs', '/staff/docs/json', '/profile']) {
        const page = await web.app.inject({ method: 'GET', url });
        expect(page.body, url).not.toContain('Benefit Portal Staff');
      }
    });

    it('sends the precompressed copy the browser accepts, with Content-Encoding and Vary', async () => {
      const url = '/assets/big-def456.js';
      const br = await web.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toContain('compressible compressible');
      const gz = await web.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toContain('compressible compressible');
      const plain = await web.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toContain('compressible compressible');
    });
  });
});
