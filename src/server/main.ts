/**
 * Starts the product: configuration, database (PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL), migrations,
 * the shipped reference data (skipped when already imported), the demo employer, then the HTTP server. SIGINT/SIGTERM close the server and the database.
 */
import path from 'node:path';
import { createDb } from '#db/create-db.ts';
import { migrate } from '#db/migrate.ts';
import { seedDemoEmployer } from '#db/seed/demo-employer.ts';
import { importReferenceData } from './data-import/index.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const db = await createDb(
    config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: path.join(config.DATA_DIR, 'pglite') },
  );
  await migrate(db);
  await importReferenceData(db);
  const accountId = await seedDemoEmployer(db, new Date().toISOString().slice(0, 10));

  const app = await buildApp({ config, db, logger: { level: config.NODE_ENV === 'production' ? 'info' : 'warn' } });
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`Benefit Portal is running at ${config.PUBLIC_URL}`);
  console.log(`Demo registration link: ${config.PUBLIC_URL}/register?employer_id=${accountId}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
