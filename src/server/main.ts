/**
 * Starts the product: configuration, database (PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL), the HTTP
 * server, and meanwhile the one-time work: migrations, the shipped reference data (imported once per data version),
 * the demo employer (with its ICHRA documents in DATA_DIR/storage). The server listens before that work is done,
 * so the web app's first page is served at once on a fresh data folder (PGlite's initdb and the imports take
 * seconds); API calls wait for it and /healthz answers 503 until then (readiness.ts). SIGINT/SIGTERM (through
 * close-with-grace) let the requests in flight finish, then close the server and the database (shutdown.ts); the exit
 * code is 0 when everything finished within SHUTDOWN_TIMEOUT. On PGlite the
 * server holds DATA_DIR/pglite.lock while it runs and refuses to start while another live process holds it
 * (data-dir-lock.ts): two processes on one embedded database would each write their own copy of it.
 */
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { createDb } from '#db/create-db.ts';
import type { Kysely } from 'kysely';
import type { Database } from '#db/database.ts';
import { migrate } from '#db/migrate.ts';
import { DEMO_ACCOUNT_NAME, seedDemoEmployer } from '#db/seed/demo-employer.ts';
import { buildApp } from './app.ts';
import { importReferenceData } from './data-import/index.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirInUse, holdDataDir, SERVER } from './infra/data-dir-lock.ts';
import { seedDemoDocuments } from './content/demo-documents.ts';
import * as staffUsers from '#db/repositories/staff/staff-user.repository.ts';
import { describeError } from './infra/log-redaction.ts';
import { readinessOf } from './infra/readiness.ts';
import { SHUTDOWN_BACKSTOP_SECONDS, shutDown } from './infra/shutdown.ts';
import { importStorageFolder, storageIn } from './infra/storage.ts';
import { todayUtc } from '#domain/values/dates.ts';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const releaseDataDir = config.DATABASE_URL ? () => undefined : holdDataDir(config.DATA_DIR, SERVER);
  const db = await createDb(
    config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE } : { dataDir: path.join(config.DATA_DIR, 'pglite') },
  );
  const prepared = prepareData(db, config.DATA_DIR);
  const app = await buildApp({
    config,
    db,
    logger: { level: config.NODE_ENV === 'production' ? 'info' : 'warn' },
    readiness: readinessOf(prepared),
  });
  // close-with-grace runs the close once, on SIGINT or SIGTERM or on a failure nothing caught (ASVS V7.4.3: logged,
  // scrubbed, and the process ends, to be restarted; what it acknowledged is committed, docs/operations.md); a
  // second signal exits at once. Its delay is the backstop should closing the database hang past the drain's time.
  closeWithGrace(
    {
      delay: (config.SHUTDOWN_TIMEOUT + SHUTDOWN_BACKSTOP_SECONDS) * 1000,
      logger: { error: (problem: unknown) => (typeof problem === 'string' ? app.log.error(problem) : app.log.error({ err: problem }, 'shutdown')) },
    },
    async ({ signal, err }) => {
      const cause = signal ?? 'uncaught failure';
      if (err) app.log.fatal({ err }, 'uncaught failure; exiting');
      else app.log.info(`${cause}: finishing the requests in flight, then closing`);
      const outcome = await shutDown(app, db, config.SHUTDOWN_TIMEOUT);
      releaseDataDir();
      console.log(`Benefit Portal stopped (${cause}, ${outcome})`);
      if (outcome === 'timed out') throw new Error(`requests still running after ${config.SHUTDOWN_TIMEOUT} s were cut off`);
    },
  );

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`Benefit Portal is running at ${config.PUBLIC_URL} (listening on ${address})`);
  const accountId = await prepared;
  // On the embedded database the command cannot run beside the server (it holds the data folder's lock).
  const firstAdmin = config.DATABASE_URL
    ? 'create the first admin with npm run staff:create -- --email you@example.com --role admin (same DATABASE_URL)'
    : 'stop the server, create the first admin with npm run staff:create -- --email you@example.com --role admin, and start it again';
  console.log((await staffUsers.exists(db)) ? `Staff console: ${config.PUBLIC_URL}/staff` : `Staff console: ${config.PUBLIC_URL}/staff (no staff user yet: ${firstAdmin})`);
  console.log(`Demo registration link: ${config.PUBLIC_URL}/register?employer_id=${accountId}`);
}

/** The start's one-time work, in order; answers the demo employer's account id. */
async function prepareData(db: Kysely<Database>, dataDir: string): Promise<string> {
  await migrate(db);
  for (const outcome of await importReferenceData(db)) {
    if (outcome.imported) console.log(`Reference data '${outcome.name}' imported: ${outcome.rows} rows (version ${outcome.version})`);
  }
  const accountId = await seedDemoEmployer(db, todayUtc(new Date()));
  const storage = storageIn(db);
  // Files an earlier version kept in DATA_DIR/storage move into the database, which every instance reads.
  const moved = await importStorageFolder(storage, path.join(dataDir, 'storage'));
  if (moved > 0) console.log(`Stored files brought into the database from ${path.join(dataDir, 'storage')}: ${moved}`);
  await seedDemoDocuments(storage, accountId, DEMO_ACCOUNT_NAME);
  return accountId;
}

main().catch((error: unknown) => {
  // A start-up failure (a database that refuses a statement...) printed without the values it carried.
  if (error instanceof DataDirInUse) console.error(`${error.message}; stop it first, or give this server another DATA_DIR.`);
  else console.error(error instanceof ConfigError ? error.message : describeError(error));
  process.exit(1);
});
