/**
 * `npm run forms:check`: checks every document and every stored override of the configured database (the same
 * environment as `npm start`), runs each employer's publish proof and prints each employer's step list per case it
 * walks; exits 1 when anything is refused (forms-check.ts says what is checked).
 */
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirInUse } from '../infra/data-dir-lock.ts';
import { runFormsCheck } from '../content/forms-check.ts';
import { describeError } from '../infra/log-redaction.ts';
import { openDb } from '../infra/open-db.ts';
import { todayUtc } from '#domain/values/dates.ts';

async function main(): Promise<number> {
  const config = loadConfig(process.env);
  const { db, close } = await openDb(config, 'npm run forms:check');
  try {
    const { lines, problems } = await runFormsCheck({ db, today: todayUtc(new Date()) });
    for (const line of lines) console.log(line);
    return problems === 0 ? 0 : 1;
  } finally {
    await close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof DataDirInUse) console.error(`${error.message}; stop it and run the check again.`);
    else console.error(error instanceof ConfigError ? error.message : describeError(error));
    process.exit(1);
  },
);
