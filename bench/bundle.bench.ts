/**
 * The JavaScript each route loads from the built web app (dist/web; run `npm run build` first): the entry script
 * and its static imports, and, for a lazily loaded route, its own chunk and the form engine's (engine-root) with
 * their static imports, read from Vite's manifest (bench/route-javascript.ts, which the size budget test uses too).
 * Sizes raw, gzip (level 9) and brotli (quality 11), as the server sends them (precompressed files). Also says
 * whether Ajv or rjsf is among a route's chunks. npm test runs it once (tests/bench/smoke.test.ts); run it with
 * `npx tsx bench/bundle.bench.ts`.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { routeSizes, WEB_DIST } from './route-javascript.ts';

import { runAsScript } from './bench-db.ts';

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The report's lines: a table of the routes, then the number of chunks. */
export function bundleReport(): string[] {
  const lines = ['| Route | Chunks | Raw KB | gzip KB | brotli KB | Ajv | rjsf |', '|---|---|---|---|---|---|---|'];
  for (const t of routeSizes({ brotli: true })) {
    lines.push(`| ${t.route} | ${t.files.length} | ${kb(t.raw)} | ${kb(t.gzip)} | ${kb(t.brotli)} | ${t.ajv ? 'yes' : 'no'} | ${t.rjsf ? 'yes' : 'no'} |`);
  }
  const files = readdirSync(path.join(WEB_DIST, 'assets')).filter((name) => name.endsWith('.js'));
  return [...lines, '', `All JavaScript: ${files.length} chunks.`];
}

runAsScript(import.meta.url, async () => {
  console.log(bundleReport().join('\n'));
});
