/**
 * A product of a journey's own, for a journey that changes what every staff user meets (the console's settings, a
 * staff identity provider) and so cannot share the product the other journeys use at the same time: the built
 * product as `npm run serve` starts it (tests/server/helpers/child-server.ts), in a fresh data folder, on a port
 * of its own (E2E_PORT + `offset`: fixed, so a provider can register its addresses before it starts). `admin` is
 * created first with staff:create, as an operator creates the first admin.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, stopServer } from '../server/helpers/child-server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export type OwnProduct = { url: string; stop: () => Promise<void> };

/** The address a product of a journey's own listens on, E2E_PORT + `offset`. */
export const ownProductUrl = (offset: number) => `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + offset}`;

export async function startOwnProduct(options: { offset: number; env?: Record<string, string>; admin?: { email: string; password: string } }): Promise<OwnProduct> {
  const url = ownProductUrl(options.offset);
  const dataDir = mkdtempSync(join(tmpdir(), 'benefit-portal-own-'));
  const env = {
    PORT: new URL(url).port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    DATABASE_URL: '',
    SMTP_URL: '',
    AUTH_RATE_LIMIT: '1000',
    ...options.env,
  };
  if (options.admin) {
    const created = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/staff-create.ts', '--email', options.admin.email, '--role', 'admin'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      input: `${options.admin.password}\n`,
      encoding: 'utf8',
    });
    if (created.status !== 0) throw new Error(`staff:create failed: ${created.stdout}${created.stderr}`);
  }
  const server = await startServer(env);
  return {
    url,
    stop: async () => {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
