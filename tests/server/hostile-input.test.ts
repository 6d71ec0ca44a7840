/**
 * The hostile inputs the fuzz (fuzz.test.ts) found, one by one (OWASP ASVS 4.0 V5): each gets a 400 in the
 * envelope with a message naming the field, and nothing is written. Plus the answers' headers: no-store on the
 * API, X-Frame-Options agreeing with the CSP, and a JSON 404 for any spelling of an unknown /api path.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { databases } from './helpers/databases.ts';
import { registerBody, TEST_PROFILE } from './helpers/fixtures.ts';
import { countRows, useEnrollmentWorld } from './enrollment.fixtures.ts';
import { GONE_CLIENT, rateLimitKey } from '#server/http/rate-limit-store.ts';

describe.each(databases())('hostile input on $name', (database) => {
  const world = useEnrollmentWorld(database);

  const putMember = (member: Record<string, unknown>) =>
    world.app.inject({ method: 'PUT', url: '/api/Member', headers: world.alice.auth, payload: { member: { ...TEST_PROFILE, ...member } } });
  const stored = () => world.db.selectFrom('member').selectAll().where('id', '=', world.alice.memberId).executeTakeFirstOrThrow();

  it.each([
    ['currentplanyear 2^31', { currentplanyear: 2147483648 }, '/member/currentplanyear', 'Must be <= 2147483647.'],
    ['currentplanyear -2^31 - 1', { currentplanyear: -2147483649 }, '/member/currentplanyear', 'Must be >= -2147483648.'],
    ['currentplanyear as the string 0x10', { currentplanyear: '0x10' }, '/member/currentplanyear', 'Must be a whole number.'],
    ['currentplanyear as the string 2026', { currentplanyear: '2026' }, '/member/currentplanyear', 'Must be a whole number.'],
    ['currentplanyear 2026.5', { currentplanyear: 2026.5 }, '/member/currentplanyear', 'Must be a whole number.'],
    ['a NUL in the first name', { firstname: 'Ada\u0000' }, '/member/firstname', 'Contains a character that is not allowed (a NUL or an unpaired surrogate).'],
    ['a lone surrogate in the city', { city: 'Spring\ud800field' }, '/member/city', 'Contains a character that is not allowed (a NUL or an unpaired surrogate).'],
    // The route's default limit stops it before the document is read...
    ['an address of 900 KB', { address1: 'a'.repeat(900_000) }, '/member/address1', 'Must be at most 1000 characters.'],
    // ...and the profile document's own limit, the one the browser shows too.
    ['an address of 101 characters', { address1: 'a'.repeat(101) }, '/member/address1', 'Please enter at most 100 characters.'],
    ['a PCP id of 51 characters', { pcpid: 'a'.repeat(51) }, '/member/pcpid', 'Please enter at most 50 characters.'],
  ])('refuses %s with a 400 naming the field, writing nothing', async (_label, member, pointer, text) => {
    const before = await stored();
    const response = await putMember(member);
    expect(response.statusCode).toBe(400);
    const answer = response.json();
    expect(answer).toMatchObject({ success: false, data: null, code: 'VALIDATION_FAILED' });
    expect(answer.fieldErrors[pointer]).toContain(text);
    // The route's check names the field; the document's check says its own message (as the browser does).
    expect(answer.message === text || answer.message.includes(pointer.replace(/^\//, ''))).toBe(true);
    expect(await stored()).toEqual(before);
  });

  it('refuses a body nested deeper than 32 levels, and an unknown field holding a NUL', async () => {
    const deep = await world.app.inject({
      method: 'POST',
      url: '/api/LogFact/v2',
      headers: { ...world.alice.auth, 'content-type': 'application/json' },
      payload: `{"title":"x","data":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe('The request body is nested too deeply (at most 32 levels).');
    const key = await world.app.inject({ method: 'POST', url: '/api/LogFact/v2', headers: world.alice.auth, payload: { title: 'x', data: { 'a\u0000': 1 } } });
    expect(key.statusCode).toBe(400);
    expect(key.json().fieldErrors).toHaveProperty(['/data/a\u0000']);
    expect(await countRows(world.db, 'log_fact')).toBe(0);
  });

  it('answers a NUL in a query and broken URL encodings with the envelope', async () => {
    const query = await world.app.inject({ method: 'GET', url: `/api/Hsa/Limit?effectivedate=2026-01-01%00`, headers: world.alice.auth });
    expect(query.statusCode).toBe(400);
    expect(query.json().fieldErrors).toHaveProperty(['querystring/effectivedate']);
    for (const url of ['/api/Dependent/%ED%A0%80', '/api/Dependent/%', '/api/Dependent/%C0%AF', `/api/Dependent/${'a'.repeat(200)}`]) {
      const response = await world.app.inject({ method: 'DELETE', url, headers: world.alice.auth });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ success: false, data: null, code: 'VALIDATION_FAILED' });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('registers only with the terms accepted (false or missing: the form\'s message, no member)', async () => {
    const before = await countRows(world.db, 'member');
    for (const terms of [false, undefined, 'true']) {
      const body = registerBody(world.demo, { terms });
      const response = await world.app.inject({ method: 'POST', url: '/api/Member/Register', payload: body });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors['/memberdto/terms']).toEqual([typeof terms === 'string' ? 'Must be true or false.' : 'Please accept the terms and conditions.']);
    }
    expect(await countRows(world.db, 'member')).toBe(before);
    const accepted = await world.app.inject({ method: 'POST', url: '/api/Member/Register', payload: registerBody(world.demo) });
    expect(accepted.statusCode).toBe(200);
  });

  it('still reads numbers in paths and queries as numbers, within int4', async () => {
    const limit = await world.app.inject({ method: 'GET', url: '/docs/json' });
    const schema = limit.json().paths['/api/Member'].put.requestBody.content['application/json'].schema;
    expect(schema.properties.member.properties.currentplanyear).toMatchObject({ minimum: -2147483648, maximum: 2147483647 });
    expect(schema.properties.member.properties.address1.maxLength).toBe(1000);
  });

  it('marks every API answer no-store (the public documents keep their ETag policy) and denies framing', async () => {
    const member = await world.app.inject({ method: 'GET', url: '/api/Member/GetMember', headers: world.alice.auth });
    expect(member.headers['cache-control']).toBe('no-store');
    expect(member.headers['x-frame-options']).toBe('DENY');
    expect(String(member.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    const refused = await world.app.inject({ method: 'GET', url: '/api/Member/GetMember' });
    expect(refused.headers['cache-control']).toBe('no-store');
    const form = await world.app.inject({ method: 'GET', url: '/api/content/forms/registration' });
    expect(form.headers['cache-control']).toBe('no-cache');
  });
});

describe('unknown /api paths with the web app built', () => {
  let dir: string;
  let t: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'benefit-portal-web-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
    const handle = await databases()[0]!.create();
    t = await createTestApp(handle.db, { webRoot: dir });
    close = async () => {
      await t.close();
      await handle.close();
    };
  });
  afterAll(async () => {
    await close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/api/NoSuchThing', '/api', '/api/', '/API/NoSuchThing', '/Api/x', '/api;x', '/api%2Fx', '/api/x?y=1'])('%s is a JSON 404, not the page', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, data: null, code: 'NOT_FOUND', message: 'Not found.' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('serves the page for a screen outside /api', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/apiary' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe.each(databases())('requests the HTTP parser refuses, and connections gone mid-request, on $name', (database) => {
  let t: TestApp;
  let close: () => Promise<void>;
  let port: number;
  const logged: string[] = [];
  beforeAll(async () => {
    const handle = await database.create();
    const stream = { write: (line: string) => void logged.push(line) };
    t = await createTestApp(handle.db, { logger: { level: 'info', stream } });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(address).port);
    close = async () => {
      await t.close();
      await handle.close();
    };
  });
  afterAll(async () => close());

  /** Writes `request` on a new connection and answers everything the server sent back before closing it. */
  const raw = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  const envelopeOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

  it('answers headers over 16 KB with 431 in the envelope', async () => {
    const answer = await raw(`GET /api/Version/test HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toContain('application/json');
    expect(envelopeOf(answer)).toEqual({ success: false, data: null, code: 'VALIDATION_FAILED', message: 'The request headers are too large.' });
  });

  it('answers a malformed request with 400 in the envelope', async () => {
    const answer = await raw('THIS IS NOT HTTP\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(envelopeOf(answer)).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: 'The request is not valid HTTP.' });
  });

  it('counts a request without an address (its connection reset) under one key instead of failing', () => {
    expect(rateLimitKey({ ip: undefined })).toBe(GONE_CLIENT);
    expect(rateLimitKey({ ip: '::ffff:10.0.0.1' })).toBe('10.0.0.1');
  });

  it('logs no error when a client resets its connection in the middle of a sign-in', async () => {
    const before = logged.length;
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write('POST /api/Login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":"a@');
        setImmediate(() => socket.resetAndDestroy());
      });
      socket.on('close', () => resolve());
      socket.on('error', () => {});
    });
    await t.app.inFlight.settled();
    const lines = logged.slice(before).map((line) => JSON.parse(line) as { level: number; res?: { statusCode?: number } });
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    // Nor is it counted as a failure of the server: no answer of 500 or more is logged for it.
    expect(lines.filter((line) => (line.res?.statusCode ?? 0) >= 500)).toEqual([]);
  });
});
