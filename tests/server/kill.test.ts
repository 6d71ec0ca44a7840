/**
 * A server killed in the middle of a burst of saves loses nothing it acknowledged; one stopped with SIGTERM
 * finishes what it accepted and exits cleanly. The product runs as operators run it (main.ts in a child process),
 * on PGlite in a DATA_DIR and on PostgreSQL (a database of its own), and restarts on the same data:
 * 1. sign up through the API (the set-password link from the file outbox's console line);
 * 2. a burst of POST /api/Dependent from four clients at once; after the 12th acknowledged save, SIGKILL;
 * 3. restart: every dependent whose save got a 2xx answer is there;
 * 4. another burst; after the 6th acknowledgement, SIGTERM: the process exits 0, every answer it gave is a 2xx
 *    (or, for a request that arrived while closing, 503), and after a restart every acknowledged one is there.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb } from '#db/create-db.ts';
import { parseLink, TEST_PASSWORD } from './helpers/fixtures.ts';
import { startServer, stopServer, type ChildServer } from './helpers/child-server.ts';

type Place = { name: string; env: () => Promise<Record<string, string>>; cleanup: () => Promise<void> };

function places(): Place[] {
  const dataDirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'benefit-portal-kill-'));
    dataDirs.push(dir);
    return dir;
  };
  const removeDirs = async () => {
    for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  };
  const list: Place[] = [{ name: 'pglite', env: async () => ({ DATA_DIR: dataDir() }), cleanup: removeDirs }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `kill_${randomBytes(5).toString('hex')}`;
    const admin = async (statement: string) => {
      const db = await createDb({ databaseUrl: url, poolSize: 1 });
      try {
        await sql.raw(statement).execute(db);
      } finally {
        await db.destroy();
      }
    };
    list.push({
      name: 'postgresql',
      env: async () => {
        await admin(`create database ${name}`);
        const target = new URL(url);
        target.pathname = `/${name}`;
        return { DATA_DIR: dataDir(), DATABASE_URL: target.toString() };
      },
      cleanup: async () => {
        await admin(`drop database if exists ${name} with (force)`);
        await removeDirs();
      },
    });
  }
  return list;
}

async function json(response: Response): Promise<any> {
  return response.json();
}

async function signUp(server: ChildServer): Promise<{ email: string; auth: Record<string, string> }> {
  const employerId = /employer_id=([0-9a-f-]{36})/.exec(server.output.join('\n'))?.[1];
  if (!employerId) throw new Error(`No demo employer in:\n${server.output.join('\n')}`);
  const email = `kill.${randomBytes(4).toString('hex')}@example.test`;
  const post = (url: string, body: unknown) =>
    fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const registered = await post('/api/Member/Register', {
    memberdto: { firstname: 'Kim', lastname: 'Kill', personalemailaddress: email, accountid: employerId, terms: true },
    company: 'Demo',
    url: 'http://ignored.test/set-password',
    plan_year: new Date().getUTCFullYear(),
  });
  expect(registered.status).toBe(200);
  const mailLine = server.output.find((line) => line.includes(email) && line.includes('set-password'));
  if (!mailLine) throw new Error(`No set-password link for ${email} in:\n${server.output.join('\n')}`);
  const link = parseLink(mailLine);
  expect((await post('/api/changepassword', { id: link.memberId, password: TEST_PASSWORD, token: link.token })).status).toBe(200);
  return { email, auth: await signIn(server, email) };
}

async function signIn(server: ChildServer, email: string): Promise<Record<string, string>> {
  const login = await fetch(`${server.url}/api/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  expect(login.status).toBe(200);
  return { authorization: `Bearer ${(await json(login)).data.tokenResponse.access_token}` };
}

type Burst = { acknowledged: string[]; statuses: number[] };

/**
 * Four clients save dependents one after another until the server stops answering; `onAck(count)` runs after
 * each acknowledged save (the test stops the server from there).
 */
async function burst(server: ChildServer, auth: Record<string, string>, tag: string, onAck: (count: number) => void): Promise<Burst> {
  const result: Burst = { acknowledged: [], statuses: [] };
  let next = 0;
  const client = async () => {
    for (;;) {
      const n = next++;
      if (n >= 400) return;
      let response: Response;
      try {
        response = await fetch(`${server.url}/api/Dependent`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({
            firstname: `${tag}${n}`,
            lastname: 'Kill',
            dateofbirth: '2015-04-01',
            gender: 'Female',
            relationship: 'child',
            istobaccouser: false,
            additionalid: `58765${String(1000 + n).padStart(4, '0')}`,
          }),
        });
      } catch {
        return; // no answer: not acknowledged
      }
      result.statuses.push(response.status);
      let body: any;
      try {
        body = await json(response);
      } catch {
        return; // the answer was cut off: not acknowledged
      }
      if (response.status >= 200 && response.status < 300) {
        result.acknowledged.push(body.data.id as string);
        onAck(result.acknowledged.length);
      } else if (response.status === 503) {
        return; // closing
      } else {
        throw new Error(`Unexpected answer ${response.status}: ${JSON.stringify(body)}`);
      }
    }
  };
  await Promise.all([client(), client(), client(), client()]);
  return result;
}

async function savedIds(server: ChildServer, auth: Record<string, string>): Promise<Set<string>> {
  const response = await fetch(`${server.url}/api/Dependent`, { headers: auth });
  expect(response.status).toBe(200);
  return new Set(((await json(response)).data.dependents as { id: string }[]).map((d) => d.id));
}

describe.each(places())('a server stopped mid-burst on $name', (place) => {
  afterAll(() => place.cleanup());

  it('loses no acknowledged save when killed, and finishes what it accepted on SIGTERM', { timeout: 300_000 }, async () => {
    const env = await place.env();
    let server = await startServer(env);
    try {
      const { email, auth } = await signUp(server);

      // SIGKILL in the middle of the burst.
      const killed = server;
      const first = await burst(killed, auth, 'K', (count) => {
        if (count === 12) killed.process.kill('SIGKILL');
      });
      expect(await killed.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(first.acknowledged.length).toBeGreaterThanOrEqual(12);

      server = await startServer(env);
      const afterKill = await savedIds(server, await signIn(server, email));
      for (const id of first.acknowledged) expect(afterKill).toContain(id);

      // SIGTERM in the middle of the next burst.
      const stopping = server;
      const auth2 = await signIn(stopping, email);
      const second = await burst(stopping, auth2, 'T', (count) => {
        if (count === 6) stopping.process.kill('SIGTERM');
      });
      expect(await stopping.exited).toEqual({ code: 0, signal: null });
      expect(stopping.output.join('\n')).toContain('stopped (SIGTERM, closed)');
      expect(second.acknowledged.length).toBeGreaterThanOrEqual(6);
      for (const status of second.statuses) expect([200, 503]).toContain(status);

      server = await startServer(env);
      const afterTerm = await savedIds(server, await signIn(server, email));
      for (const id of [...first.acknowledged, ...second.acknowledged]) expect(afterTerm).toContain(id);
    } finally {
      await stopServer(server);
    }
  });
});
