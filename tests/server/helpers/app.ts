/**
 * The app as tests use it: a test configuration (its own temp DATA_DIR, PUBLIC_URL http://portal.test, the file
 * outbox unless SMTP_URL is given, a rate limit high enough for fixtures), the real plugins and routes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '#db/database.ts';
import { buildApp, type BuildAppOptions } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config.ts';

export const TEST_PUBLIC_URL = 'http://portal.test';

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  /** The console lines the file outbox printed. */
  announcements: string[];
  close: () => Promise<void>;
};

export type TestAppOptions = {
  env?: Record<string, string>;
  beforeRoutes?: (app: FastifyInstance) => Promise<void> | void;
  webRoot?: string;
  /** The build's validator modules (none by default: every module is compiled, as the sources say now). */
  validatorsRoot?: string;
  logger?: BuildAppOptions['logger'];
  /** A fixed clock for the app (app.now). */
  now?: () => Date;
  planPremiums?: BuildAppOptions['planPremiums'];
  readiness?: BuildAppOptions['readiness'];
};

export async function createTestApp(db: Kysely<Database>, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'benefit-portal-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    HOST: '127.0.0.1',
    PORT: '0',
    AUTH_RATE_LIMIT: '10000',
    ...options.env,
  });
  const announcements: string[] = [];
  const app = await buildApp({
    config,
    db,
    mail: { announce: (line) => announcements.push(line) },
    beforeRoutes: options.beforeRoutes,
    webRoot: options.webRoot ?? path.join(dataDir, 'no-web'),
    validatorsRoot: options.validatorsRoot ?? path.join(dataDir, 'no-validators'),
    logger: options.logger,
    now: options.now,
    planPremiums: options.planPremiums,
    readiness: options.readiness,
  });
  return {
    app,
    config,
    announcements,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
