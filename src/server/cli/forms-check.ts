/**
 * `npm run forms:check`: checks every document and every stored override of the configured database (the same
 * environment as `npm start`) and prints each employer's step list per case of the sequence table; exits 1 when
 * anything is refused (forms-check.ts says what is checked).
 */
import { readFileSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirInUse } from '../infra/data-dir-lock.ts';
import { runFormsCheck, type FlowCase } from '../content/forms-check.ts';
import { describeError } from '../infra/log-redaction.ts';
import { openDb } from '../infra/open-db.ts';
import { todayUtc } from '#domain/values/dates.ts';

/** The spec's sequence table as cases, the same file the content tests read. */
const CASES = new URL('../../../tests/content/cases/enrollment.cases.json', import.meta.url);

async function main(): Promise<number> {
  const config = loadConfig(process.env);
  const { cases } = JSON.parse(readFileSync(CASES, 'utf8')) as { cases: FlowCase[] };
  const { db, close } = await openDb(config, 'npm run forms:check');
  try {
    const { lines, problems } = await runFormsCheck({ db, cases, today: todayUtc(new Date()) });
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
