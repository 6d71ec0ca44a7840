/**
 * Run before the product starts for the browser journeys (playwright.config.ts): a second employer beside the
 * demo one, in the same fresh database, so a journey can change what one employer's employees get by override
 * while the journeys that run at the same time with the demo employer see the product unchanged.
 */
import path from 'node:path';
import { createDb } from '#db/create-db.ts';
import { migrate } from '#db/migrate.ts';
import * as employers from '#db/repositories/employer/employer.repository.ts';
import { demoEmployer, demoPlanYear } from '#db/seed/demo-employer.ts';
import { SECOND_EMPLOYER_ID, SECOND_EMPLOYER_NAME } from './support.ts';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR names the data folder the product is started with.');
const db = await createDb({ dataDir: path.join(dataDir, 'pglite') });
await migrate(db);
const demo = demoEmployer(demoPlanYear(new Date().toISOString().slice(0, 10)));
await employers.upsert(db, {
  ...demo,
  accountid: SECOND_EMPLOYER_ID,
  accountname: SECOND_EMPLOYER_NAME,
  teamid: '7b3e2c10-4d5a-4e6f-8a9b-0c1d2e3f4a52',
  emailaddress: 'benefits@second-employer.example',
});
await db.destroy();
