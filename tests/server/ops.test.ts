/**
 * Operations (docs/operations.md, docs/security.md V7): GET /healthz, error lines without personal data or SQL
 * values, the rate-limit table's windows, TRUST_PROXY, and a graceful shutdown that finishes the request in
 * flight before closing the database.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { logLines } from './helpers/log-lines.ts';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb } from '#db/create-db.ts';
import * as rateLimits from '#db/repositories/operations/rate-limit.repository.ts';
import { loadConfig } from '#server/config.ts';
import { ok } from '#server/http/route-schemas.ts';
import { readinessOf, STARTING_MESSAGE, STARTING_RETRY_AFTER_SECONDS } from '#server/infra/readiness.ts';
import { shutDown } from '#server/infra/shutdown.ts';
import { scrub, serializeError } from '#server/infra/log-redaction.ts';
import { createTestApp } from './helpers/app.ts';
import { databases } from './helpers/databases.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { createEmployer, registerMember } from './helpers/fixtures.ts';

const EMAIL = 'ada.lovelace@example.test';
const SSN = '123-45-6789';
const BIRTH_DATE = '1985-06-15';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
const REFRESH = 'Zk9x3vQ_LrT8mWc2Hs7pYb4nKd6eAj1uGf5iOl0qRz-';

describe('the operations settings', () => {
  const env = (extra: Record<string, string>) => ({ DATA_DIR: os.tmpdir(), TOKEN_SECRET: 'x'.repeat(40), SSN_KEY: Buffer.alloc(32, 7).toString('base64'), ...extra });

  it('defaults: no proxy trusted, 10 s to finish on SIGTERM, 10 connections', () => {
    expect(loadConfig(env({}))).toMatchObject({ TRUST_PROXY: false, SHUTDOWN_TIMEOUT: 10, DATABASE_POOL_SIZE: 10 });
  });

  it('reads TRUST_PROXY as true, a hop count or addresses and ranges', () => {
    expect(loadConfig(env({ TRUST_PROXY: 'true' })).TRUST_PROXY).toBe(true);
    expect(loadConfig(env({ TRUST_PROXY: '2' })).TRUST_PROXY).toBe(2);
    expect(loadConfig(env({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' })).TRUST_PROXY).toBe('10.0.0.0/8,192.168.1.1');
    expect(loadConfig(env({ SHUTDOWN_TIMEOUT: '30', DATABASE_POOL_SIZE: '4' }))).toMatchObject({ SHUTDOWN_TIMEOUT: 30, DATABASE_POOL_SIZE: 4 });
  });

  it('refuses what it cannot read', () => {
    expect(() => loadConfig(env({ TRUST_PROXY: 'everyone; rm -rf' }))).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig(env({ SHUTDOWN_TIMEOUT: '0' }))).toThrow(/SHUTDOWN_TIMEOUT/);
    expect(() => loadConfig(env({ DATABASE_POOL_SIZE: 'many' }))).toThrow(/DATABASE_POOL_SIZE/);
  });
});

describe('the log scrubber', () => {
  it('blanks e-mail addresses, SSNs, dates, JWTs, bearer and query tokens, and long opaque tokens', () => {
    const line = `user ${EMAIL} (ada%40example.test) ssn ${SSN} or 123456789 born ${BIRTH_DATE} or 06/15/1985 or 06%2F15%2F1985 `
      + `Bearer ${TOKEN} jwt ${TOKEN} ?token=abc&x=1 refresh ${REFRESH}`;
    const out = scrub(line);
    for (const secret of [EMAIL, 'ada%40example.test', SSN, '123456789', BIRTH_DATE, '06/15/1985', '06%2F15%2F1985', TOKEN, 'token=abc', REFRESH]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('?token=***&x=1');
  });

  it('keeps what an operator needs: ids, times, paths, status codes', () => {
    const id = randomUUID();
    const line = `{"level":50,"time":1767225600000,"pid":4242,"reqId":"req-1a","url":"/api/Dependent/${id}","statusCode":500,"responseTime":12.5}`;
    expect(scrub(line)).toBe(line);
  });

  it('writes an error without its cause\'s values: no params, query, detail or quoted values', () => {
    const error = Object.assign(new Error(`invalid input syntax for type uuid: "${EMAIL}"`), {
      severity: 'ERROR',
      code: '22P02',
      detail: `Key (emailaddress)=(${EMAIL}) already exists.`,
      where: `unnamed portal parameter $1 = '${SSN}'`,
      query: 'select $1::uuid',
      params: [EMAIL, SSN, BIRTH_DATE],
      table: 'member',
      routine: 'string_to_uuid',
    });
    const logged = serializeError(error);
    expect(logged).toMatchObject({ type: 'DatabaseError', code: '22P02', table: 'member', routine: 'string_to_uuid' });
    expect(logged.message).toBe('invalid input syntax for type uuid: "***"');
    expect(JSON.stringify(logged)).not.toMatch(/ada\.lovelace|123-45-6789|1985-06-15|select \$1/);
  });
});

describe.each(databases())('operations on $name', (database) => {
  const t = useTestApp(database);

  it('GET /healthz answers 200 with the database up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ success: true, data: { status: 'ok', database: 'up' }, message: '' });
  });

  it('GET /healthz answers 503 when the database does not answer', async () => {
    // A database that refuses: a closed one of the same kind.
    const handle = await database.create();
    const down = await createTestApp(handle.db);
    try {
      // (Kysely closes a driver only once it has been used.)
      await sql`select 1`.execute(handle.db);
      await handle.close();
      const res = await down.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        success: false,
        data: { status: 'unavailable', database: 'down' },
        code: 'UNAVAILABLE',
        message: 'The database does not answer.',
      });
    } finally {
      await down.close();
    }
  });

  it('GET /healthz answers 503 when no database server listens', async () => {
    const nowhere = await createDb({ databaseUrl: 'postgres://postgres@127.0.0.1:9/nothing', poolSize: 1 });
    const down = await createTestApp(nowhere);
    try {
      const res = await down.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(503);
    } finally {
      await down.close();
      await nowhere.destroy();
    }
  });

  it("serves the web app while the start's work runs: /healthz 503 with Retry-After, API calls answered once it is done", async () => {
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'benefit-portal-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Benefit Portal</title><div id="root"></div>');
    let finish!: () => void;
    const app = await createTestApp(t.db, { webRoot, readiness: readinessOf(new Promise<void>((resolve) => (finish = resolve))) });
    try {
      const page = await app.app.inject({ method: 'GET', url: '/' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      const health = await app.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe(String(STARTING_RETRY_AFTER_SECONDS));
      expect(health.json()).toEqual({
        success: false,
        data: { status: 'unavailable', database: 'starting' },
        code: 'UNAVAILABLE',
        message: STARTING_MESSAGE,
      });
      let answered = false;
      const version = app.app.inject({ method: 'GET', url: '/api/Version/test' }).then((res) => {
        answered = true;
        return res;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(answered).toBe(false);
      finish();
      expect((await version).statusCode).toBe(200);
      expect((await app.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      rmSync(webRoot, { recursive: true, force: true });
    }
  });

  it('writes error lines without SQL parameters, SSNs, birth dates, e-mail addresses or tokens', async () => {
    const log = logLines();
    const logged = await createTestApp(t.db, {
      logger: { level: 'info', stream: log.stream },
      beforeRoutes: (app) => {
        app.post<{ Body: Record<string, string> }>('/api/test/failing-query', async (request) => {
          const { email, ssn, birthdate, token } = request.body;
          // A statement that fails on its first parameter; the driver's error carries all four.
          await sql`select ${email}::uuid, ${ssn}::text, ${birthdate}::date, ${token}::text`.execute(app.db);
          return ok(null);
        });
        app.post<{ Body: Record<string, string> }>('/api/test/unique-violation', async (request) => {
          const id = randomUUID();
          await app.db.insertInto('log_fact').values({ id, title: request.body.email!, data: '{}' }).execute();
          await app.db.insertInto('log_fact').values({ id, title: request.body.email!, data: '{}' }).execute();
          return ok(null);
        });
        app.get('/api/test/careless', async () => {
          throw new Error(`no member ${EMAIL} born ${BIRTH_DATE} with SSN ${SSN} and token ${REFRESH}`);
        });
      },
    });
    try {
      const body = { email: EMAIL, ssn: SSN, birthdate: BIRTH_DATE, token: TOKEN };
      const answers = [
        await logged.app.inject({ method: 'POST', url: '/api/test/failing-query', payload: body }),
        await logged.app.inject({ method: 'POST', url: '/api/test/unique-violation', payload: body }),
        await logged.app.inject({ method: 'GET', url: '/api/test/careless' }),
        await logged.app.inject({ method: 'GET', url: `/api/Member/CheckEmail?email=${encodeURIComponent(EMAIL)}&dob=${BIRTH_DATE}`, headers: { authorization: `Bearer ${TOKEN}` } }),
      ];
      expect(answers.map((a) => a.statusCode).slice(0, 3)).toEqual([500, 500, 500]);
      const text = log.text();
      expect(text).toContain('request failed');
      expect(text).toContain('"code":"22P02"');
      expect(text).toContain('"code":"23505"');
      expect(text).toContain('"constraint":"log_fact_pkey"');
      for (const secret of [EMAIL, 'ada.lovelace%40', SSN, BIRTH_DATE, TOKEN, REFRESH, 'select $1']) expect(text).not.toContain(secret);
      for (const line of log.lines) expect(() => JSON.parse(line)).not.toThrow();
    } finally {
      await logged.close();
    }
  });

  it('logs refusals as security events with the member and the field names, never the values (V7.1.3, V7.2)', async () => {
    const log = logLines();
    const logged = await createTestApp(t.db, {
      logger: { level: 'info', stream: log.stream },
      beforeRoutes: (app) => {
        app.post('/api/test/log-injection', async (request) => {
          request.log.info({ note: (request.body as { note: string }).note }, 'a line with input in it');
          return ok(null);
        });
      },
    });
    try {
      const employer = await createEmployer(t.db);
      const member = await registerMember(logged.app, employer);
      const other = await createEmployer(t.db);
      await logged.app.inject({ method: 'POST', url: '/api/Login', payload: { email: member.email, password: 'Wrong!Pass1' } });
      await logged.app.inject({ method: 'GET', url: `/api/Employer/${other.accountid}`, headers: member.auth });
      await logged.app.inject({ method: 'PUT', url: '/api/Member', headers: member.auth, payload: { member: { firstname: '   ', birthdate: BIRTH_DATE } } });
      await logged.app.inject({ method: 'GET', url: '/api/Member/GetMember' });
      await logged.app.inject({ method: 'POST', url: '/api/test/log-injection', payload: { note: 'x"}\n{"level":60,"msg":"forged' } });
      const events = log.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const refused = events.filter((event) => event.msg === 'refused');
      expect(refused).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ code: 'LOGIN_FAILED', status: 401 }),
          expect.objectContaining({ code: 'FORBIDDEN', status: 403, memberId: member.memberId }),
          expect.objectContaining({ code: 'VALIDATION_FAILED', status: 400, memberId: member.memberId }),
          expect.objectContaining({ code: 'UNAUTHORIZED', status: 401 }),
        ]),
      );
      // Each event has what a timeline needs: a time, the request's id, and its completion has method, URL and status.
      for (const event of refused) expect(event).toEqual(expect.objectContaining({ time: expect.any(Number), reqId: expect.any(String) }));
      expect(events.some((event) => (event.res as { statusCode?: number } | undefined)?.statusCode === 403)).toBe(true);
      // Input can neither end a line nor forge another (V7.3.1).
      expect(events.some((event) => event.level === 60)).toBe(false);
      expect(events.find((event) => event.msg === 'a line with input in it')?.note).toBe('x"}\n{"level":60,"msg":"forged');
      const text = log.text();
      for (const secret of [member.email, BIRTH_DATE, 'Wrong!Pass1', member.tokens.access_token]) expect(text).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });

  it('in production, the file outbox announces a mail without its recipient or link', async () => {
    const secrets = { TOKEN_SECRET: 'x'.repeat(40), SSN_KEY: Buffer.alloc(32, 7).toString('base64') };
    const production = await createTestApp(t.db, { env: { NODE_ENV: 'production', ...secrets } });
    try {
      const employer = await createEmployer(t.db);
      const email = `prod.${randomUUID().slice(0, 8)}@example.test`;
      const registered = await production.app.inject({
        method: 'POST',
        url: '/api/Member/Register',
        payload: { memberdto: { firstname: 'Ada', lastname: 'Prod', personalemailaddress: email, accountid: employer.accountid, terms: true }, company: 'x', url: 'http://x.test', plan_year: 2026 },
      });
      expect(registered.statusCode).toBe(200);
      expect(production.announcements).toHaveLength(1);
      expect(production.announcements[0]).toMatch(/^Mail [0-9a-f-]{36} written to /);
      expect(production.announcements[0]).not.toContain(email);
      expect(production.announcements[0]).not.toContain('token=');
    } finally {
      await production.close();
    }
  });

  it("keeps a birth date in a route's path out of the request line", async () => {
    const log = logLines();
    const logged = await createTestApp(t.db, { logger: { level: 'info', stream: log.stream } });
    try {
      const employer = await createEmployer(t.db);
      const member = await registerMember(logged.app, employer);
      await logged.app.inject({
        method: 'GET',
        url: `/api/EmployerContribution/GetWaivedContribution/${employer.accountid}/2026-01-01/${BIRTH_DATE}/IL`,
        headers: member.auth,
      });
      const text = log.text();
      expect(text).toContain('/api/EmployerContribution/GetWaivedContribution/');
      expect(text).not.toContain(BIRTH_DATE);
      expect(text).not.toContain(member.email);
      expect(text).not.toContain(member.tokens.access_token);
    } finally {
      await logged.close();
    }
  });

  it('counts a rate-limit window by the database clock and starts a new one when it has passed', async () => {
    const key = `test-${randomUUID()}`;
    expect(await rateLimits.hit(t.db, key, 60_000)).toMatchObject({ hits: 1 });
    const second = await rateLimits.hit(t.db, key, 60_000);
    expect(second.hits).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(0);
    expect(second.ttlMs).toBeLessThanOrEqual(60_000);
    expect(await rateLimits.read(t.db, key)).toMatchObject({ hits: 2 });
    // The window passes (moved into the past rather than waited for).
    await t.db.updateTable('rate_limit').set({ resets_at: sql`now() - interval '1 second'` }).where('key', '=', key).execute();
    expect(await rateLimits.read(t.db, key)).toEqual({ hits: 0, ttlMs: 0 });
    expect(await rateLimits.hit(t.db, key, 60_000)).toMatchObject({ hits: 1 });
    await t.db.updateTable('rate_limit').set({ resets_at: sql`now() - interval '1 second'` }).where('key', '=', key).execute();
    expect(await rateLimits.deleteExpired(t.db)).toBeGreaterThanOrEqual(1);
    expect(await t.db.selectFrom('rate_limit').select('key').where('key', '=', key).execute()).toEqual([]);
  });

  it('stores no client address: the key is a hash', async () => {
    const limited = await createTestApp(t.db, { env: { AUTH_RATE_LIMIT: '5', TRUST_PROXY: 'true' } });
    try {
      await limited.app.inject({ method: 'POST', url: '/api/Login', headers: { 'x-forwarded-for': '203.0.113.77' }, payload: { email: 'x@example.test', password: 'x' } });
      const keys = (await t.db.selectFrom('rate_limit').select('key').execute()).map((row) => row.key);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) expect(key).toMatch(/^[0-9a-f]{64}$|^test-/);
    } finally {
      await limited.close();
    }
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says so: a client cannot escape the limit by naming another', async () => {
    for (const [trust, expected] of [['false', [401, 429]], ['true', [401, 401]]] as const) {
      const limited = await createTestApp(t.db, { env: { AUTH_RATE_LIMIT: '1', TRUST_PROXY: trust } });
      try {
        // A fresh client address per round (the loopback one is shared with other tests in this file).
        const statuses = [];
        for (const forwarded of [`192.0.2.${trust === 'true' ? 10 : 20}`, `192.0.2.${trust === 'true' ? 11 : 21}`]) {
          const res = await limited.app.inject({
            method: 'POST',
            url: '/api/Login',
            remoteAddress: `10.9.${trust === 'true' ? 1 : 2}.1`,
            headers: { 'x-forwarded-for': forwarded },
            payload: { email: 'x@example.test', password: 'x' },
          });
          statuses.push(res.statusCode);
        }
        expect(statuses).toEqual(expected);
      } finally {
        await limited.close();
      }
    }
  });

  it('SIGTERM\'s shutdown answers new requests 503 with Retry-After, lets the request in flight finish and commit, then closes the database', async () => {
    const handle = await database.create();
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let closingStarted!: () => void;
    const closing = new Promise<void>((resolve) => (closingStarted = resolve));
    const server = await createTestApp(handle.db, {
      beforeRoutes: (app) => {
        app.addHook('preClose', async () => closingStarted());
        app.post('/api/test/slow-save', async () => {
          entered();
          await gate;
          const id = randomUUID();
          await app.db.insertInto('log_fact').values({ id, title: 'in flight', data: '{}' }).execute();
          return ok({ id });
        });
      },
    });
    try {
      const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
      const pending = fetch(`${address}/api/test/slow-save`, { method: 'POST' });
      await inHandler;
      const stopped = shutDown(server.app, handle.db, 30);
      // Draining: a new request on a new connection is answered 503 with Retry-After, not reset.
      const meanwhile = await fetch(`${address}/api/Version/test`);
      expect(meanwhile.status).toBe(503);
      expect(meanwhile.headers.get('retry-after')).toBe('5');
      expect(await meanwhile.json()).toMatchObject({ success: false, code: 'UNAVAILABLE' });
      release();
      await closing;
      const answer = await pending;
      expect(answer.status).toBe(200);
      const saved = (await answer.json()) as { data: { id: string } };
      expect(saved.data.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await stopped).toBe('closed');
      await expect(sql`select 1`.execute(handle.db)).rejects.toThrow();
      await expect(fetch(`${address}/healthz`)).rejects.toThrow();
    } finally {
      await server.close().catch(() => {});
      await handle.close().catch(() => {});
    }
  });

  it('logs a drain in a handful of lines however many requests it refuses: none per refusal, their count at the end, nothing above info', async () => {
    const handle = await database.create();
    const log = logLines();
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const server = await createTestApp(handle.db, {
      logger: { level: 'info', stream: log.stream },
      beforeRoutes: (app) => {
        app.post('/api/test/slow-save', async () => {
          entered();
          await gate;
          return ok(null);
        });
      },
    });
    try {
      const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
      const pending = fetch(`${address}/api/test/slow-save`, { method: 'POST' });
      await inHandler;
      const before = log.lines.length;
      const stopped = shutDown(server.app, handle.db, 30);
      // A busy balancer's second of traffic while the request in flight holds the drain open.
      const statuses: number[] = [];
      for (let batch = 0; batch < 20; batch += 1) {
        statuses.push(...(await Promise.all(Array.from({ length: 10 }, () => fetch(`${address}/api/Version/test`).then((answer) => answer.status)))));
      }
      expect(new Set(statuses)).toEqual(new Set([503]));
      release();
      expect((await pending).status).toBe(200);
      expect(await stopped).toBe('closed');
      const lines = log.lines.slice(before).map((line) => JSON.parse(line) as { level: number; msg: string; refused?: number });
      expect(lines.length).toBeLessThanOrEqual(5);
      expect(lines.filter((line) => line.level > 30)).toEqual([]);
      expect(lines).toContainEqual(expect.objectContaining({ level: 30, refused: 200 }));
    } finally {
      await server.close().catch(() => {});
      await handle.close().catch(() => {});
    }
  });
});
