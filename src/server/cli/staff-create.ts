/**
 * `npm run staff:create -- --email ada@example.com --role admin`: creates a staff user in the configured database
 * (the same environment as `npm start`). The password is asked for on a terminal (twice, not echoed) or read as
 * the first line of standard input (`printf '%s\n' "$PASSWORD" | npm run staff:create -- ...`); never taken from
 * the command line, where the shell history and the process list would keep it. On PostgreSQL it writes to the
 * database the server uses, which sees the user at once; on the embedded database (PGlite) it is refused while the
 * server runs on it (data-dir-lock.ts): a second process there would write to a copy the server never reads.
 */
import { parseArgs } from 'node:util';
import type { FieldErrors } from '#contracts/api.ts';
import type { StaffRole } from '#db/database.ts';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { DataDirInUse, SERVER } from '../infra/data-dir-lock.ts';
import { describeError } from '../infra/log-redaction.ts';
import { openDb, type OpenDb } from '../infra/open-db.ts';
import { STAFF_ROLES } from '#contracts/staff/staff-roles.ts';
import { createStaffUser, newStaffUserProblems } from '../services/staff-access/staff-users.ts';

/** A refusal to print as it is (no stack, nothing redacted). */
class Refusal extends Error {}

const USAGE = `Usage: npm run staff:create -- --email <address> --role <${STAFF_ROLES.join('|')}>
The password is asked for (or read from standard input); it is never given on the command line.`;

/** Reads a line from the terminal without echoing it. */
function askHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stdout.write(prompt);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          input.off('data', onData);
          input.setRawMode(false);
          input.pause();
          process.stdout.write('\n');
          resolve(typed);
          return;
        }
        if (char === '\u0003') {
          input.setRawMode(false);
          reject(new Refusal('Cancelled; nothing was created.'));
          return;
        }
        typed = char === '\u007f' || char === '\b' ? typed.slice(0, -1) : typed + char;
      }
    };
    input.on('data', onData);
  });
}

/** The first line of standard input (a pipe or a file). */
async function firstLineOfStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return firstLineOfStdin();
  const password = await askHidden('Password (12+ characters): ');
  if ((await askHidden('The same password again: ')) !== password) throw new Refusal('The two passwords differ; nothing was created.');
  return password;
}

function parse(argv: string[]): { email: string; role: StaffRole } | string {
  try {
    const { values } = parseArgs({ args: argv, options: { email: { type: 'string' }, role: { type: 'string' } }, strict: true });
    if (!values.email || !values.role) return USAGE;
    if (!(STAFF_ROLES as readonly string[]).includes(values.role)) return `The role must be one of ${STAFF_ROLES.join(', ')}.\n${USAGE}`;
    return { email: values.email, role: values.role as StaffRole };
  } catch (error) {
    return `${(error as Error).message}\n${USAGE}`;
  }
}

/** The configured database, or a refusal that says what to do while the server (or another command) has it open. */
async function open(config: Config): Promise<OpenDb> {
  try {
    return await openDb(config, 'npm run staff:create');
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    throw new Refusal(
      error.holder.command === SERVER
        ? `${error.message}; stop it and run the command again, or have an admin create the user in the staff console (Staff users). Nothing was created.`
        : `${error.message}; wait until it ends and run the command again. Nothing was created.`,
    );
  }
}

async function main(): Promise<number> {
  const args = parse(process.argv.slice(2));
  if (typeof args === 'string') {
    console.error(args);
    return 2;
  }
  const config = loadConfig(process.env);
  // Before the password is asked for: nobody types one only to be refused.
  const { db, close } = await open(config);
  try {
    return await create(config, db, args);
  } finally {
    await close();
  }
}

async function create(config: Config, db: OpenDb['db'], args: { email: string; role: StaffRole }): Promise<number> {
  const password = await readPassword();
  const refused = (fieldErrors: FieldErrors) => {
    for (const messages of Object.values(fieldErrors)) for (const text of messages) console.error(text);
    console.error('Nothing was created.');
    return 1;
  };
  const problems = newStaffUserProblems({ email: args.email, password });
  if (Object.keys(problems).length > 0) return refused(problems);
  const outcome = await createStaffUser(db, { ...args, password }, null);
  if (outcome.kind === 'taken') {
    console.error('A staff user with this e-mail address exists already; nothing was created.');
    return 1;
  }
  if (outcome.kind === 'invalid') return refused(outcome.fieldErrors);
  console.log(`Staff user ${outcome.user.email} created with the role ${outcome.user.role}. Sign in at ${config.PUBLIC_URL}/staff`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Refusal ? error.message : describeError(error));
    process.exit(1);
  },
);
