/**
 * The JavaScript each route of the built portal (dist/web) loads at first paint, from Vite's manifest
 * (dist/web/.vite/manifest.json): a route's chunks and, transitively, their static imports (not import()). The
 * landing page is index.html's entry and the catalogue of the page's language it awaits (Spanish's, the longer
 * one, is counted); a lazily loaded route adds its screen's chunk, and a form route the form engine's
 * (engine-root). One computation for the bundle bench (bench/bundle.bench.ts) and the size budget
 * (tests/architecture/bundle-budget.test.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const WEB_DIST = fileURLToPath(new URL('../dist/web', import.meta.url));

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

export type RouteSizes = { route: string; files: string[]; raw: number; gzip: number; brotli: number; ajv: boolean; rjsf: boolean };

/** The manifest of the build in `dist` (dist/web unless told); throws, saying to build, when there is none. */
export function readManifest(dist = WEB_DIST): Manifest {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`No built web app at ${dist} (no .vite/manifest.json): run \`npm run build\` first.`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The routes measured: each a name and the source modules whose chunks it loads at once. */
const PAGE = ['index.html', 'schemas/messages/es.json'];

export const ROUTES: ReadonlyArray<{ route: string; sources: string[]; wizard?: boolean; landing?: boolean }> = [
  { route: '/ (landing)', sources: PAGE, landing: true },
  { route: '/login', sources: [...PAGE, 'engine-root.tsx', 'screens/login-screen.tsx'] },
  { route: '/register', sources: [...PAGE, 'engine-root.tsx', 'screens/register-screen.tsx'] },
  { route: '/set-password', sources: [...PAGE, 'engine-root.tsx', 'screens/set-password-screen.tsx'] },
  // Every step of the wizard (/profile/...) is in its chunk: they load the same JavaScript.
  { route: '/profile (wizard steps)', sources: [...PAGE, 'engine-root.tsx', 'wizard/enrollment-wizard.tsx'], wizard: true },
  { route: '/welcome', sources: [...PAGE, 'screens/welcome-screen.tsx'] },
  { route: '/health-plan', sources: [...PAGE, 'screens/health-plan-screen.tsx'] },
  { route: '/contact-us', sources: [...PAGE, 'screens/contact-us-screen.tsx'] },
];

/** The manifest key of a source module (keys are relative to src/web, e.g. 'screens/login-screen.tsx'). */
function keyOf(manifest: Manifest, source: string): string {
  if (manifest[source]) return source;
  const found = Object.keys(manifest).find((key) => key.endsWith(`/${source}`));
  if (!found) throw new Error(`The manifest has no chunk for ${source}: was it renamed? (bench/route-javascript.ts)`);
  return found;
}

/** The files of `keys`' chunks and of everything they import statically, transitively. */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

const sizeCache = new Map<string, Omit<RouteSizes, 'route' | 'files'>>();
function sizeOf(dist: string, file: string, brotli: boolean) {
  const cacheKey = `${dist}:${file}:${brotli}`;
  let sizes = sizeCache.get(cacheKey);
  if (!sizes) {
    const content = readFileSync(path.join(dist, file));
    const text = content.toString('utf8');
    sizes = {
      raw: content.length,
      gzip: gzipSync(content, { level: 9 }).length,
      brotli: brotli ? brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length : 0,
      // Ajv's compiler (its option names) and rjsf's form (its css class names).
      ajv: text.includes('strictSchema'),
      rjsf: text.includes('rjsf'),
    };
    sizeCache.set(cacheKey, sizes);
  }
  return sizes;
}

/** Each route's JavaScript at first paint: its files, raw, gzip (level 9) and, when asked, brotli (quality 11). */
export function routeSizes(options: { dist?: string; brotli?: boolean } = {}): RouteSizes[] {
  const dist = options.dist ?? WEB_DIST;
  const manifest = readManifest(dist);
  return ROUTES.map(({ route, sources }) => {
    const files = staticClosure(manifest, sources.map((source) => keyOf(manifest, source)));
    const result: RouteSizes = { route, files, raw: 0, gzip: 0, brotli: 0, ajv: false, rjsf: false };
    for (const file of files) {
      const s = sizeOf(dist, file, options.brotli ?? false);
      result.raw += s.raw;
      result.gzip += s.gzip;
      result.brotli += s.brotli;
      result.ajv ||= s.ajv;
      result.rjsf ||= s.rjsf;
    }
    return result;
  });
}
