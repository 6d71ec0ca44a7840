import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAFF_ADMIN_EMAIL, STAFF_PASSWORD } from './staff-admin.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);
// A freshly started product on an empty embedded database; set once here so the workers share it.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'benefit-portal-e2e-'));
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  outputDir: join(root, 'test-results'),
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // CI's machine is slower than ours: journeys of 1 to 1.5 minutes there (none depends on speed, only on patience).
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    // A failed test keeps its trace (each action's DOM, network and console) without the screencast: filming every
    // test's frames kept the processor busy on two cores (with axe's blank pages, 12.2 of the suite's minutes against
    // 9.6 without: bench/RESULTS.md), and the DOM snapshots show what a failure saw.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    // A second employer first (tests/e2e/seed-second-employer.ts); then the first staff admin, created as an
    // operator does, with staff:create (the password on standard input), in the fresh data directory before the
    // product starts (each step opens the embedded database alone; a failed staff:create shows as a refused staff
    // sign-in in the staff tests, never stops the other journeys); then the product as `npm run serve` starts it.
    command: `npx tsx tests/e2e/seed-second-employer.ts && (printf '%s\\n' "$E2E_STAFF_PASSWORD" | npx tsx src/server/cli/staff-create.ts --email ${STAFF_ADMIN_EMAIL} --role admin; npx tsx src/server/main.ts)`,
    cwd: root,
    url: `${baseURL}/api/Version/test`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      DATABASE_URL: '',
      SMTP_URL: '',
      // Every journey signs in from 127.0.0.1; the per-address limit is not what these tests are about.
      AUTH_RATE_LIMIT: '1000',
      E2E_STAFF_PASSWORD: STAFF_PASSWORD,
      // oidc-sign-in.spec.ts's identity provider is plain http on 127.0.0.1 (allowed for loopback only, never in production).
      OIDC_ALLOW_HTTP_LOOPBACK: 'true',
    },
  },
});
