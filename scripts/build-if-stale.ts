/**
 * Builds the web app and the base forms' validators (`npm run build`: dist/web, dist/validators) only when they are
 * not the build of the current sources: a SHA-256 over the files the build reads (src/web, src/portal, src/engine, src/domain,
 * src/contracts, schemas, flows, the server's modules that load the base forms and compile their validators, the
 * build's configuration and the locked dependencies) is kept in dist/web-build.sha256 after each build made here.
 * `npm start` runs it with `--serve`: the server then starts in this same process (src/server/main.ts), at once
 * when the build is current. `--force` builds regardless.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const INPUTS = ['src/web', 'src/portal', 'src/engine', 'src/domain', 'src/contracts', 'schemas', 'flows'];
const FILES = [
  'vite.config.ts',
  'scripts/precompress.ts',
  'scripts/build-validators.ts',
  'src/server/plugins/content.plugin.ts',
  'src/server/content/validator-modules.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];
const stampFile = path.join(root, 'dist', 'web-build.sha256');

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** The hash of every input file's path and content, in a fixed order. */
export function sourcesHash(): string {
  const hash = createHash('sha256');
  const files = [...INPUTS.flatMap((dir) => filesUnder(path.join(root, dir))), ...FILES.map((f) => path.join(root, f))]
    .filter((file) => existsSync(file))
    .sort();
  for (const file of files) {
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

async function main(): Promise<void> {
  const started = Date.now();
  const hash = sourcesHash();
  const built = existsSync(path.join(root, 'dist', 'web', 'index.html')) && existsSync(path.join(root, 'dist', 'validators'));
  const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (built && stamp === hash && !process.argv.includes('--force')) {
    console.log(`Web app is current (dist/web, checked in ${Date.now() - started} ms): not rebuilt.`);
    return;
  }
  console.log(built ? 'Web app sources changed: building dist/web.' : 'No web app built yet: building dist/web.');
  // The same build as `npm run build` (Vite's command line, then scripts/build-validators.ts), without npm in
  // between; the validators in this process, whose modules the server started next (--serve) imports anyway.
  const vite = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (vite.status !== 0) process.exit(vite.status ?? 1);
  await import('./build-validators.ts');
  writeFileSync(stampFile, `${hash}\n`);
  console.log(`Web app built in ${Date.now() - started} ms.`);
}

await main();
// In this process rather than a second one: a Node start with tsx is about a third of a second of CPU that the
// first page would wait for.
if (process.argv.includes('--serve')) await import('../src/server/main.ts');
