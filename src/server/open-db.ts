/** The product's database as configured (PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL), migrated. */
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createDb } from '#db/create-db.ts';
import type { Database } from '#db/database.ts';
import { migrate } from '#db/migrate.ts';
import type { Config } from './config.ts';

export async function openDb(config: Config): Promise<Kysely<Database>> {
  const db = await createDb(
    config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE } : { dataDir: path.join(config.DATA_DIR, 'pglite') },
  );
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
