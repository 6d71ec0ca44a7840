/**
 * The JavaScript each route loads from the built web app (dist/web; run `npm run build` first): the entry script
 * and what index.html preloads, each chunk's static imports, and, for a lazily loaded route, its own chunk and the
 * form engine's (engine-root) with their static imports. Sizes raw, gzip (level 9) and brotli (quality 11), as the
 * server sends them (precompressed files). Also says whether Ajv or rjsf is among a route's chunks. Run with
 * `npx tsx bench/bundle.bench.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const web = fileURLToPath(new URL('../dist/web', import.meta.url));
const assets = path.join(web, 'assets');
const files = readdirSync(assets).filter((name) => name.endsWith('.js'));
const html = readFileSync(path.join(web, 'index.html'), 'utf8');

const entry = [...html.matchAll(/<script type="module"[^>]*src="\/assets\/([^"]+)"/g)].map((m) => m[1]!);
const preloaded = [...html.matchAll(/rel="modulepreload"[^>]*href="\/assets\/([^"]+)"/g)].map((m) => m[1]!);

/** The chunk and every chunk it imports statically (not import()). */
function closure(names: string[], into = new Set<string>()): Set<string> {
  for (const name of names) {
    if (into.has(name)) continue;
    into.add(name);
    const code = readFileSync(path.join(assets, name), 'utf8');
    const statics = [...code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]!);
    closure(statics, into);
  }
  return into;
}

/** The chunk whose name starts with `prefix-` (a route module's file name). */
function chunk(prefix: string): string {
  const found = files.find((name) => name.startsWith(`${prefix}-`));
  if (!found) throw new Error(`No chunk named ${prefix}-*.js in dist/web/assets.`);
  return found;
}

type Sizes = { raw: number; gzip: number; brotli: number; ajv: boolean; rjsf: boolean; count: number };
const sizeCache = new Map<string, { raw: number; gzip: number; brotli: number; ajv: boolean; rjsf: boolean }>();
function sizeOf(name: string) {
  let sizes = sizeCache.get(name);
  if (!sizes) {
    const content = readFileSync(path.join(assets, name));
    const text = content.toString('utf8');
    sizes = {
      raw: content.length,
      gzip: gzipSync(content, { level: 9 }).length,
      brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      // Ajv's compiler (its option names) and rjsf's form (its css class names).
      ajv: text.includes('strictSchema'),
      rjsf: text.includes('rjsf'),
    };
    sizeCache.set(name, sizes);
  }
  return sizes;
}
function total(names: Set<string>): Sizes {
  const result: Sizes = { raw: 0, gzip: 0, brotli: 0, ajv: false, rjsf: false, count: names.size };
  for (const name of names) {
    const s = sizeOf(name);
    result.raw += s.raw;
    result.gzip += s.gzip;
    result.brotli += s.brotli;
    result.ajv ||= s.ajv;
    result.rjsf ||= s.rjsf;
  }
  return result;
}

const landing = closure([...entry, ...preloaded]);
const withEngine = (screen: string) => closure([chunk('engine-root'), chunk(screen)], new Set(landing));
const without = (screen: string) => closure([chunk(screen)], new Set(landing));
const routes: [string, Set<string>][] = [
  ['/ (landing)', landing],
  ['/login', withEngine('login-screen')],
  ['/register', withEngine('register-screen')],
  ['/set-password', withEngine('set-password-screen')],
  ['/profile (wizard)', withEngine('enrollment-wizard')],
  ['/welcome', without('welcome-screen')],
  ['/health-plan', without('health-plan-screen')],
  ['/contact-us', without('contact-us-screen')],
];

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
console.log('| Route | Chunks | Raw KB | gzip KB | brotli KB | Ajv | rjsf |');
console.log('|---|---|---|---|---|---|---|');
for (const [route, names] of routes) {
  const t = total(names);
  console.log(`| ${route} | ${t.count} | ${kb(t.raw)} | ${kb(t.gzip)} | ${kb(t.brotli)} | ${t.ajv ? 'yes' : 'no'} | ${t.rjsf ? 'yes' : 'no'} |`);
}
const all = total(new Set(files));
console.log(`\nAll JavaScript: ${files.length} chunks, ${kb(all.raw)} KB raw, ${kb(all.gzip)} KB gzip, ${kb(all.brotli)} KB brotli.`);
