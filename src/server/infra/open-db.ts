/**
 * The product's database as configured (PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL), migrated, for a
 * command run beside the server. On PGlite the command holds DATA_DIR's lock while the database is open, and is
 * refused (DataDirInUse) while the server or another command has it open (data-dir-lock.ts).
 */
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createDb } from '#db/create-db.ts';
import type { Database } from '#db/database.ts';
import { migrate } from '#db/migrate.ts';
import type { Config } from '../config.ts';
import { holdDataDir } from './data-dir-lock.ts';

export type OpenDb = { db: Kysely<Database>; close: () => Promise<void> };

/** `command` names the command in the lock (`npm run staff:create`), so a server refused at start can say what holds it. */
export async function openDb(config: Config, command: string): Promise<OpenDb> {
  const release = config.DATABASE_URL ? () => undefined : holdDataDir(config.DATA_DIR, command);
  try {
    const db = await createDb(
      config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE } : { dataDir: path.join(config.DATA_DIR, 'pglite') },
    );
    const close = async () => {
      try {
        await db.destroy();
      } finally {
        release();
      }
    };
    try {
      await migrate(db);
    } catch (error) {
      await close();
      throw error;
    }
    return { db, close };
  } catch (error) {
    release();
    throw error;
  }
}
