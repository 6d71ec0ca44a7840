/**
 * The setup every API test file repeats, as vitest hooks: a fresh database and the app on it, made in beforeAll
 * and closed in afterAll. Call inside a describe block; the answer is usable inside the tests (it forwards to
 * what beforeAll made), so a file reads `const t = useTestApp(database)` and then `t.app`, `t.db`.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '#db/database.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './app.ts';
import type { TestDatabase } from './databases.ts';

/** Made in beforeAll, closed in afterAll (even when a later setup step failed); read through the answer. */
export function useBeforeAll<T extends object>(create: () => Promise<T & { close: () => Promise<void> }>): T {
  let value: (T & { close: () => Promise<void> }) | undefined;
  beforeAll(async () => {
    value = await create();
  });
  afterAll(async () => {
    await value?.close();
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (!value) throw new Error(`The test fixture is not ready: read ${String(key)} inside a test or a later hook.`);
      return Reflect.get(value, key);
    },
  });
}

export type DbTestApp = TestApp & { db: Kysely<Database> };

/** A fresh database of this kind, with `setup(db)` run on it and the app built on it; both closed after the file. */
export function useDatabase<T extends object>(
  database: TestDatabase,
  setup: (db: Kysely<Database>) => Promise<T & { close: () => Promise<void> }>,
): T & { db: Kysely<Database> } {
  return useBeforeAll(async () => {
    const handle = await database.create();
    try {
      const made = await setup(handle.db);
      const closeMade = made.close;
      return Object.assign(made, {
        db: handle.db,
        close: async () => {
          await closeMade();
          await handle.close();
        },
      });
    } catch (error) {
      await handle.close();
      throw error;
    }
  });
}

export function useTestApp(database: TestDatabase, options: TestAppOptions = {}): DbTestApp {
  return useDatabase(database, (db) => createTestApp(db, options));
}
