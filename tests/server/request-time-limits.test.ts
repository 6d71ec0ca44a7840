/**
 * The server's time limits on a request's arrival (docs/operations.md, "Slow clients"): a body that stops arriving
 * is answered 408 after BODY_IDLE_TIMEOUT seconds without a byte, a request that is still arriving after
 * REQUEST_TIMEOUT seconds (a body trickled a byte at a time) is answered 408, and the connection closes. The limits
 * are configured to a second or two here, so nothing waits long; the defaults are checked by arithmetic.
 */
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '#db/database.ts';
import { BODY_LIMIT } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { TIME_LIMITS_CHECKED_EVERY_MS } from '#server/http/request-time-limits.ts';
import { DOCUMENT_MAX_BYTES } from '#server/services/staff-employers/staff-employer-files.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './helpers/app.ts';
import { databases } from './helpers/databases.ts';
import { createEmployer } from './helpers/fixtures.ts';
import { conditionOfWrite, signInStaff } from './staff-fixtures.ts';

/**
 * A sign-in that announces 100 000 bytes of body and sends 14 of them. A public call: a call that needs a session is
 * answered 401 from its headers, before any of its body is read.
 */
const STALLED_SIGN_IN = 'POST /api/Login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"a@b"';

describe('the request time limits as configured', () => {
  const env = (extra: Record<string, string>) => ({ DATA_DIR: os.tmpdir(), TOKEN_SECRET: 'x'.repeat(40), SSN_KEY: Buffer.alloc(32, 7).toString('base64'), ...extra });
  const defaults = loadConfig(env({}));

  it('default to 30 s for a whole request and 10 s without a byte of a body; closed within 60 s either way', () => {
    expect(defaults).toMatchObject({ REQUEST_TIMEOUT: 30, BODY_IDLE_TIMEOUT: 10 });
    // The whole-request limit is checked every TIME_LIMITS_CHECKED_EVERY_MS; the idle limit has its own timer.
    expect(defaults.REQUEST_TIMEOUT * 1000 + TIME_LIMITS_CHECKED_EVERY_MS).toBeLessThanOrEqual(60_000);
    expect(defaults.BODY_IDLE_TIMEOUT * 1000).toBeLessThanOrEqual(60_000);
  });

  it('refuses what is not a positive whole number of seconds', () => {
    expect(() => loadConfig(env({ REQUEST_TIMEOUT: '0' }))).toThrow(/REQUEST_TIMEOUT/);
    expect(() => loadConfig(env({ REQUEST_TIMEOUT: '1.5' }))).toThrow(/REQUEST_TIMEOUT/);
    expect(() => loadConfig(env({ BODY_IDLE_TIMEOUT: 'soon' }))).toThrow(/BODY_IDLE_TIMEOUT/);
  });
});

describe.each(databases())('a request that arrives slowly, on $name', (database) => {
  let db: Kysely<Database>;
  let closeDb: () => Promise<void>;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    const handle = await database.create();
    db = handle.db;
    closeDb = handle.close;
  });
  afterAll(async () => {
    for (const made of apps) await made.close();
    await closeDb();
  });

  /** The app listening on a port of its own (socket-level tests need a real server), with these settings. */
  async function listening(options: TestAppOptions = {}) {
    const logged: Array<{ level: number }> = [];
    const stream = { write: (line: string) => void logged.push(JSON.parse(line)) };
    const made = await createTestApp(db, { logger: { level: 'info', stream }, ...options });
    apps.push(made);
    const address = await made.app.listen({ port: 0, host: '127.0.0.1' });
    /** The lines above info, once the requests are done: a client's slowness is not a failure of the server. */
    const failures = async () => {
      await made.app.inFlight.settled();
      return logged.filter((line) => line.level > 30);
    };
    return { ...made, address, port: Number(new URL(address).port), failures };
  }

  /**
   * Sends `head` on a new connection, then `trickle` (if given) one byte at a time every 100 ms until the server
   * closes the connection; answers all the server sent before closing it.
   */
  const slowRequest = (port: number, head: string, trickle?: string) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let timer: NodeJS.Timeout | undefined;
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(head);
        if (trickle === undefined) return;
        let sent = 0;
        timer = setInterval(() => {
          if (socket.writable) socket.write(trickle[sent++ % trickle.length]!);
        }, 100);
      });
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        clearInterval(timer);
        resolve(Buffer.concat(chunks).toString('utf8'));
      });
    });
  const envelopeOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

  it('answers 408 and closes the connection when a body stops arriving for BODY_IDLE_TIMEOUT', { timeout: 20_000 }, async () => {
    const { port, failures } = await listening({ env: { BODY_IDLE_TIMEOUT: '1', REQUEST_TIMEOUT: '600' } });
    const answer = await slowRequest(port, STALLED_SIGN_IN);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(envelopeOf(answer)).toMatchObject({ success: false, code: 'REQUEST_TIMEOUT' });
    expect(await failures()).toEqual([]);
  });

  it('answers 408 and closes the connection when a request trickles in past REQUEST_TIMEOUT', { timeout: 20_000 }, async () => {
    // A byte every 100 ms, and an idle limit of 10 minutes: only the whole-request limit can end it.
    const { port, failures } = await listening({ env: { BODY_IDLE_TIMEOUT: '600', REQUEST_TIMEOUT: '1' } });
    const answer = await slowRequest(port, STALLED_SIGN_IN, 'aaaaaaaaaa');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(envelopeOf(answer)).toMatchObject({ success: false, code: 'REQUEST_TIMEOUT' });
    expect(await failures()).toEqual([]);
  });

  it('answers other requests while 100 stalled bodies are held open', { timeout: 60_000 }, async () => {
    let held = 0;
    let allHeld!: () => void;
    const hundredHeld = new Promise<void>((resolve) => (allHeld = resolve));
    const { address, port } = await listening({
      beforeRoutes: (app) => {
        app.addHook('preParsing', async (request, _reply, payload) => {
          if (request.method === 'POST' && request.url === '/api/Login' && (held += 1) === 100) allHeld();
          return payload;
        });
      },
    });
    const sockets = Array.from({ length: 100 }, () => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(STALLED_SIGN_IN));
      socket.on('error', () => {});
      return socket;
    });
    try {
      await hundredHeld;
      for (let i = 0; i < 5; i += 1) expect((await fetch(`${address}/api/Version/test`)).status).toBe(200);
      const login = await fetch(`${address}/api/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.test', password: 'not-a-password' }),
      });
      expect(login.status).toBe(401);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });

  it('accepts the largest document streamed over longer than BODY_IDLE_TIMEOUT, each gap shorter than it', { timeout: 60_000 }, async () => {
    const { app, address } = await listening({ env: { BODY_IDLE_TIMEOUT: '1' } });
    const employer = await createEmployer(db);
    const implementer = await signInStaff(app, 'implementer');
    const condition = await conditionOfWrite(app, implementer, 'POST', `/api/staff/employers/${employer.accountid}/ichra-documents`);
    const pdf = Buffer.alloc(DOCUMENT_MAX_BYTES, 0x20);
    pdf.write('%PDF-1.7\n');
    const body = Buffer.from(JSON.stringify({ filename: 'Largest.pdf', contentBase64: pdf.toString('base64') }));
    // 25 parts 100 ms apart: 2.5 s in all, more than the idle limit would allow if it held for the whole body.
    const parts = 25;
    const partSize = Math.ceil(body.length / parts);
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        `${address}/api/staff/employers/${employer.accountid}/ichra-documents`,
        { method: 'POST', headers: { ...implementer.headers, ...condition, 'content-type': 'application/json', 'content-length': String(body.length) } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        },
      );
      request.on('error', reject);
      let sent = 0;
      const sendPart = () => {
        request.write(body.subarray(sent * partSize, (sent + 1) * partSize));
        sent += 1;
        if (sent < parts) setTimeout(sendPart, 100);
        else request.end();
      };
      sendPart();
    });
    expect(answer.status, answer.text).toBe(200);
    expect(JSON.parse(answer.text).data).toContainEqual({ filename: 'Largest.pdf', size: DOCUMENT_MAX_BYTES, name_es: null });
  });

  it('gives the largest body any route accepts time to arrive at 1 MB/s within the default REQUEST_TIMEOUT', async () => {
    const limits: number[] = [];
    const made = await createTestApp(db, { beforeRoutes: (app) => void app.addHook('onRoute', (route) => void limits.push(route.bodyLimit ?? BODY_LIMIT)) });
    apps.push(made);
    const largest = Math.max(...limits);
    // The ICHRA documents' upload: a 5 MB PDF as base64 in JSON, about 7 MB.
    expect(largest).toBeGreaterThan(DOCUMENT_MAX_BYTES * (4 / 3));
    expect(largest / 1_000_000).toBeLessThan(made.config.REQUEST_TIMEOUT);
  });
});
