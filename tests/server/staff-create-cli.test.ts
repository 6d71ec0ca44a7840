/**
 * `npm run staff:create`: the first admin from the command line, the password from standard input and never from
 * the arguments. Runs the script as operators do (node with tsx) on a fresh embedded database in a temp DATA_DIR.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '#db/create-db.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'benefit-portal-staff-create-'));
const PASSWORD = 'amber-harbor-violin-77';

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function staffCreate(args: string[], stdin: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/cli/staff-create.ts'), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

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
