/**
 * `npm run staff:create`: the first admin from the command line, the password from standard input and never from
 * the arguments. Runs the script as operators do (node with tsx) on a fresh embedded database in a temp DATA_DIR.
 * While the server runs on the embedded database (it holds DATA_DIR/pglite.lock) the command is refused, never a
 * silent success the server cannot see; on PostgreSQL the running server sees the new user at once.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '#db/create-db.ts';
import { lockFileOf } from '#server/infra/data-dir-lock.ts';
import { startServer, stopServer } from './helpers/child-server.ts';
import { databases, urlOfTestDatabase } from './helpers/databases.ts';
import { useTestApp } from './helpers/lifecycle.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'benefit-portal-staff-create-'));
const PASSWORD = 'amber-harbor-violin-77';

const otherDirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'benefit-portal-staff-create-'));
  otherDirs.push(dir);
  return dir;
};

afterAll(() => {
  for (const dir of [dataDir, ...otherDirs]) rmSync(dir, { recursive: true, force: true });
});

/** Runs a script of the product as operators do, with only the environment given. */
function run(script: string, args: string[], stdin: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, script), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

const staffCreate = (args: string[], stdin: string, env: Record<string, string> = { DATA_DIR: dataDir }) => run('src/server/cli/staff-create.ts', args, stdin, env);

/** A lock in DATA_DIR as a process holding the embedded database leaves it. */
const writeLock = (dir: string, pid: number, command: string) => writeFileSync(lockFileOf(dir), JSON.stringify({ pid, command, since: new Date().toISOString() }));

/** The id of a process that has ended. */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

const refusedBesideServer = (dir: string, pid: number) =>
  `The server is running on the embedded database in ${dir} (pid ${pid}); stop it and run the command again, or have an admin create the user in the staff console (Staff users). Nothing was created.\n`;

describe('npm run staff:create', () => {
  it('creates an admin with the password read from standard input, and refuses what it must', async () => {
    const created = await staffCreate(['--email', 'First.Admin@Example.com', '--role', 'admin'], `${PASSWORD}\n`);
    expect(created).toEqual({ code: 0, output: 'Staff user first.admin@example.com created with the role admin. Sign in at http://localhost:3000/staff\n' });

    const again = await staffCreate(['--email', 'first.admin@example.com', '--role', 'viewer'], `${PASSWORD}\n`);
    expect(again).toEqual({ code: 1, output: 'A staff user with this e-mail address exists already; nothing was created.\n' });

    const weak = await staffCreate(['--email', 'weak@example.com', '--role', 'viewer'], 'short\n');
    expect(weak).toEqual({ code: 1, output: 'A staff password needs at least 12 characters.\nNothing was created.\n' });

    const inArgs = await staffCreate(['--email', 'argv@example.com', '--role', 'admin', '--password', PASSWORD], '');
    expect(inArgs.code).toBe(2);
    expect(inArgs.output).toContain("Unknown option '--password'");
    expect(inArgs.output).toContain('it is never given on the command line');
    expect(inArgs.output).not.toContain(PASSWORD);

    const badRole = await staffCreate(['--email', 'role@example.com', '--role', 'owner'], `${PASSWORD}\n`);
    expect(badRole.code).toBe(2);
    expect(badRole.output).toContain('The role must be one of viewer, implementer, admin.');

    const db = await createDb({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const users = await db.selectFrom('staff_user').select(['id', 'email', 'role', 'password_hash', 'disabled']).execute();
      expect(users).toEqual([{ id: expect.any(String), email: 'first.admin@example.com', role: 'admin', password_hash: expect.stringMatching(/^\$argon2id\$/), disabled: false }]);
      const audit = await db.selectFrom('staff_audit').select(['staff_user_id', 'action', 'entity', 'entity_id', 'before']).execute();
      expect(audit).toEqual([{ staff_user_id: users[0]!.id, action: 'create-from-command-line', entity: 'staff_user', entity_id: users[0]!.id, before: null }]);
    } finally {
      await db.destroy();
    }
  }, 180_000);
});

describe('npm run staff:create while the server runs on the embedded database', () => {
  it('is refused while a live process holds the data folder, and runs once that lock is stale', async () => {
    const dir = newDataDir();
    writeLock(dir, process.pid, 'server');
    const refused = await staffCreate(['--email', 'ada@example.com', '--role', 'admin'], `${PASSWORD}\n`, { DATA_DIR: dir });
    expect(refused).toEqual({ code: 1, output: refusedBesideServer(dir, process.pid) });
    expect(existsSync(path.join(dir, 'pglite'))).toBe(false);
    expect(JSON.parse(readFileSync(lockFileOf(dir), 'utf8'))).toMatchObject({ pid: process.pid, command: 'server' });

    writeLock(dir, process.pid, 'npm run forms:check');
    expect((await staffCreate(['--email', 'ada@example.com', '--role', 'admin'], `${PASSWORD}\n`, { DATA_DIR: dir })).output).toBe(
      `npm run forms:check is using the embedded database in ${dir} (pid ${process.pid}); wait until it ends and run the command again. Nothing was created.\n`,
    );

    // A server killed without removing its lock: the lock is stale and taken over; the command removes its own.
    writeLock(dir, await endedPid(), 'server');
    const created = await staffCreate(['--email', 'ada@example.com', '--role', 'admin'], `${PASSWORD}\n`, { DATA_DIR: dir });
    expect(created).toEqual({ code: 0, output: 'Staff user ada@example.com created with the role admin. Sign in at http://localhost:3000/staff\n' });
    expect(existsSync(lockFileOf(dir))).toBe(false);
  }, 180_000);

  it('the server refuses to start on a data folder another live process holds', async () => {
    const dir = newDataDir();
    writeLock(dir, process.pid, 'npm run staff:create');
    const started = await run('src/server/main.ts', [], '', { DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1' });
    expect(started).toEqual({
      code: 1,
      output: `npm run staff:create is using the embedded database in ${dir} (pid ${process.pid}); stop it first, or give this server another DATA_DIR.\n`,
    });
    expect(existsSync(path.join(dir, 'pglite'))).toBe(false);
  }, 60_000);

  it('is refused beside a running server (no silent success), and works once the server has stopped', async () => {
    const dir = newDataDir();
    const server = await startServer({ DATA_DIR: dir });
    try {
      expect(server.output.join('\n')).toContain(
        '/staff (no staff user yet: stop the server, create the first admin with npm run staff:create -- --email you@example.com --role admin, and start it again)',
      );
      const refused = await staffCreate(['--email', 'ada@example.com', '--role', 'admin'], `${PASSWORD}\n`, { DATA_DIR: dir });
      expect(refused).toEqual({ code: 1, output: refusedBesideServer(dir, server.process.pid!) });
    } finally {
      expect((await stopServer(server)).code).toBe(0);
    }
    expect(existsSync(lockFileOf(dir))).toBe(false);
    const created = await staffCreate(['--email', 'ada@example.com', '--role', 'admin'], `${PASSWORD}\n`, { DATA_DIR: dir });
    expect(created.code, created.output).toBe(0);
  }, 300_000);
});

describe.each(databases().filter((database) => database.name === 'postgresql'))('npm run staff:create beside a running server on $name', (database) => {
  const t = useTestApp(database);

  it('writes to the database the server uses: the running server signs the new user in at once', async () => {
    const url = await urlOfTestDatabase(t.db);
    const signIn = () => t.app.inject({ method: 'POST', url: '/api/staff/login', headers: { 'x-staff-request': '1' }, payload: { email: 'grace@example.com', password: PASSWORD } });
    expect((await signIn()).statusCode).toBe(401);
    const created = await staffCreate(['--email', 'grace@example.com', '--role', 'implementer'], `${PASSWORD}\n`, { DATA_DIR: newDataDir(), DATABASE_URL: url });
    expect(created.code, created.output).toBe(0);
    const response = await signIn();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.staff).toMatchObject({ email: 'grace@example.com', role: 'implementer' });
  }, 180_000);
});
