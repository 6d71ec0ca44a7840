/**
 * Starts the product: configuration, database (PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL), migrations,
 * the shipped reference data (imported once per data version), the demo employer (with its ICHRA documents in
 * DATA_DIR/storage), then the HTTP server. SIGINT/SIGTERM let the requests in flight finish, then close the server
 * and the database (shutdown.ts); the exit code is 0 when everything finished within SHUTDOWN_TIMEOUT.
 */
import { DEMO_ACCOUNT_NAME, seedDemoEmployer } from '#db/seed/demo-employer.ts';
import { buildApp } from './app.ts';
import { importReferenceData } from './data-import/index.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedDemoDocuments } from './demo-documents.ts';
import * as staffUsers from '#db/repositories/staff-user.repository.ts';
import { describeError } from './log-redaction.ts';
import { openDb } from './open-db.ts';
import { shutDown } from './shutdown.ts';
import { storageIn } from './storage.ts';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const db = await openDb(config);
  for (const outcome of await importReferenceData(db)) {
    if (outcome.imported) console.log(`Reference data '${outcome.name}' imported: ${outcome.rows} rows (version ${outcome.version})`);
  }
  const accountId = await seedDemoEmployer(db, new Date().toISOString().slice(0, 10));
  await seedDemoDocuments(storageIn(config.DATA_DIR), accountId, DEMO_ACCOUNT_NAME);

  const app = await buildApp({ config, db, logger: { level: config.NODE_ENV === 'production' ? 'info' : 'warn' } });
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing the requests in flight, then closing`);
    const outcome = await shutDown(app, db, config.SHUTDOWN_TIMEOUT);
    if (outcome === 'timed out') app.log.warn(`requests still running after ${config.SHUTDOWN_TIMEOUT} s were cut off`);
    console.log(`Benefit Portal stopped (${signal}, ${outcome})`);
    process.exit(outcome === 'closed' ? 0 : 1);
  };
  // The last resort (ASVS V7.4.3): a failure nothing caught is logged (scrubbed) and the process ends, to be
  // restarted; what it acknowledged is committed (docs/operations.md).
  const fatal = (error: unknown) => {
    app.log.fatal({ err: error }, 'uncaught failure; exiting');
    process.exit(1);
  };
  process.on('uncaughtException', fatal);
  process.on('unhandledRejection', fatal);
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`Benefit Portal is running at ${config.PUBLIC_URL} (listening on ${address})`);
  console.log(
    (await staffUsers.exists(db))
      ? `Staff console: ${config.PUBLIC_URL}/staff`
      : `Staff console: ${config.PUBLIC_URL}/staff (no staff user yet: create the first admin with npm run staff:create -- --email you@example.com --role admin)`,
  );
  console.log(`Demo registration link: ${config.PUBLIC_URL}/register?employer_id=${accountId}`);
}

main().catch((error: unknown) => {
  // A start-up failure (a database that refuses a statement...) printed without the values it carried.
  console.error(error instanceof ConfigError ? error.message : describeError(error));
  process.exit(1);
});
