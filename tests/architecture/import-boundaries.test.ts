/**
 * Keeps the import directions of docs/design.md true by reading every import line under src/:
 *   web, staff -> portal -> engine/react -> engine/theme -> engine/runtime;  engine/react -> engine/documents -> engine/runtime;
 *   engine/authoring -> engine/documents, engine/compile -> engine/runtime;
 *   product -> any engine folder (it configures the engine; the engine never imports it);
 *   portal, web, staff -> product, domain, contracts (staff -> engine/authoring too);
 *   portal imports neither web nor staff, and staff never imports web: what the console's preview shows of the member's
 *   screens is the portal's (its screens and what they stand on), which the member app imports too;
 *   server -> the engine's folders but react and theme, product, domain, contracts, db;
 *   db -> domain (and the wire contracts it maps rows to);  domain -> nothing but itself (and the CSV libraries);
 *   the engine's folders but react and theme, product and domain never import React, Mantine or rjsf, and each
 *   uses only its own few libraries. No file of the engine says a word of the product, in code or comments.
 * Inside a layer, rooms side by side are features that do not import one another (SIBLING_ROOMS): they meet in a
 * shared room or a composing one, and the few crossings left are listed with their reasons (ALLOWED_CROSSINGS).
 * Only the app factory imports a route module.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const src = path.join(root, 'src');

const LAYERS = [
  'engine/runtime',
  'engine/documents',
  'engine/compile',
  'engine/authoring',
  'engine/react',
  'engine/theme',
  'product',
  'domain',
  'contracts',
  'db',
  'server',
  'portal',
  'web',
  'staff',
] as const;
type Layer = (typeof LAYERS)[number];

/** Which layers each layer may import (itself always). */
const ALLOWED: Record<Layer, Layer[]> = {
  'engine/runtime': [],
  'engine/documents': ['engine/runtime'],
  'engine/compile': ['engine/runtime'],
  'engine/authoring': ['engine/runtime', 'engine/documents', 'engine/compile'],
  'engine/theme': ['engine/runtime'],
  'engine/react': ['engine/runtime', 'engine/documents', 'engine/theme'],
  product: ['engine/runtime', 'engine/documents', 'engine/compile', 'engine/authoring'],
  domain: [],
  contracts: [],
  db: ['domain', 'contracts'],
  server: ['engine/runtime', 'engine/documents', 'engine/compile', 'engine/authoring', 'product', 'domain', 'contracts', 'db'],
  portal: ['engine/react', 'engine/theme', 'engine/runtime', 'engine/documents', 'product', 'domain', 'contracts'],
  web: ['portal', 'engine/react', 'engine/theme', 'engine/runtime', 'engine/documents', 'product', 'domain', 'contracts'],
  staff: ['portal', 'engine/react', 'engine/theme', 'engine/runtime', 'engine/documents', 'engine/authoring', 'product', 'domain', 'contracts'],
};

const UI_PACKAGES = /^(react|react-dom|@mantine\/|@rjsf\/)/;
/**
 * The libraries each layer without a UI may use (any of their files): these run in the browser and on the server
 * alike, with no I/O. domain holds pure rules: the standard library, and the CSV libraries its one CSV module is
 * written on (no I/O of their own).
 */
const PACKAGES: Partial<Record<Layer, ReadonlySet<string>>> = {
  // Ajv's run-time helpers, which validators compiled ahead require, and the linear-time pattern engine.
  'engine/runtime': new Set(['json-logic-js', 'ajv', 'ajv-formats', 're2js']),
  'engine/documents': new Set(),
  'engine/compile': new Set(['ajv', 'ajv-formats']),
  // diff: lineDiff.
  'engine/authoring': new Set(['ajv', 'ajv-formats', 'diff']),
  // @zxcvbn-ts: the password_score rule operation (the same score in the browser and on the server). ajv: the catalogue's check.
  product: new Set(['ajv', '@zxcvbn-ts/core', '@zxcvbn-ts/language-common']),
  domain: new Set(['csv-parse', 'csv-stringify']),
};

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

/** Every module specifier of a file: static imports and re-exports (type-only ones too) and dynamic import(). */
export function specifiersOf(code: string): string[] {
  const found: string[] = [];
  const patterns = [/^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/gm, /^\s*import\s*['"]([^'"]+)['"]/gm, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** The package a specifier names: 'ajv' for 'ajv/dist/runtime/equal.js', '@zxcvbn-ts/core' for itself. */
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

function layerOfPath(file: string): Layer | null {
  const relative = path.relative(src, file).split(path.sep).join('/');
  return LAYERS.find((layer) => relative === layer || relative.startsWith(`${layer}/`)) ?? null;
}

/** The product layer a specifier points into, 'package' for a library, or 'content' for repository files. */
function targetOf(file: string, specifier: string): Layer | 'package' | 'content' | null {
  if (specifier.startsWith('.')) {
    const target = path.resolve(path.dirname(file), specifier);
    // A file of the repository outside src/ (package.json, schemas/): content, not code.
    return path.relative(src, target).startsWith('..') ? 'content' : layerOfPath(target);
  }
  if (specifier.startsWith('#content/')) return 'content';
  if (specifier.startsWith('#')) return layerOfPath(path.join(src, specifier.slice(1)));
  return 'package';
}

const files = [...sourceFiles(src)];

/** A folder holding more files than this is several concerns: give each its own folder (a room with its README.md). */
const MAX_FILES_IN_A_FOLDER = 15;
/**
 * The folder allowed more: db/migrations runs in the order of its numbers, one file per migration, and a migration
 * is never moved or renamed once shipped (the migrator records it by name), so it grows by one file a change.
 */
const CROWDED_BY_DESIGN = ['db/migrations'];

/** A file's path under src/, with forward slashes. */
const srcPath = (file: string) => path.relative(src, file).split(path.sep).join('/');

/** The file a specifier names among the files of src/ (null: a library, content, or no such file). */
function resolvedFile(file: string, specifier: string): string | null {
  const target = specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : specifier.startsWith('#') && !specifier.startsWith('#content/') ? path.join(src, specifier.slice(1)) : null;
  return target && files.includes(target) ? target : null;
}

/** Every import between two files of src/ (type-only ones too), by file. */
const edges = new Map(files.map((file) => [file, specifiersOf(readFileSync(file, 'utf8')).map((specifier) => resolvedFile(file, specifier)).filter((target): target is string => target !== null)]));
/** The same imports as paths under src/. */
const imports: Import[] = [...edges].flatMap(([from, targets]) => targets.map((to) => ({ from: srcPath(from), to: srcPath(to) })));

/**
 * The rooms of a folder and what each may import of its siblings. A sub-folder is a feature unless named here:
 * - shared: rooms every sibling may import; they import no feature or composing sibling themselves;
 * - composers: rooms that put the features together (pages, an editor's screen) and may import every sibling.
 * A feature imports no other feature and no composer: two features meet in a shared room, and a change to one is no
 * change to the other. The folder's own root files stand apart (its entry, or what its rooms share: staff's app and
 * routes, the wizard's context and table of screens, the documents' draft edits); the cycle test keeps them honest.
 */
export type RoomRoles = { shared?: readonly string[]; composers?: readonly string[] };
const SIBLING_ROOMS: Record<string, RoomRoles> = {
  'server/routes': {},
  // member: the member's stored record (its profile fields, an employer's own fields, the invitation) that the
  // enrollment's checks and the staff's roster read as the member's own routes do.
  'server/services': { shared: ['member'] },
  'portal/wizard': {},
  // api: the console's client and wire types; layout: its frame and small parts. screens: the pages, which put the
  // employer's panels, the documents and the second factor together.
  staff: { shared: ['api', 'layout'], composers: ['screens'] },
  // texts: a document's texts by place and language, which the summaries of changes and the preview name texts by.
  'staff/documents': { shared: ['texts'], composers: ['editor'] },
};

/** A crossing between feature rooms kept on purpose: `from` and `to` are a file or a folder under src/. */
export type AllowedCrossing = { from: string; to: string; reason: string };
const ALLOWED_CROSSINGS: AllowedCrossing[] = [
  {
    from: 'server/services/staff-employers/staff-preview-sample.ts',
    to: 'server/services/enrollment',
    reason: "the preview's sample employee is priced by the enrollment's own quotes, contribution and HSA limit (record 029)",
  },
  {
    from: 'server/services/staff-employers/staff-contribution-versions.ts',
    to: 'server/services/enrollment/contributions.ts',
    reason: "a draft's census preview places each employee as the member's contribution does (resolveContributionLocation), so before and after agree with the cart",
  },
  {
    from: 'server/services/staff-employers/staff-employers.ts',
    to: 'server/services/staff-employees/employee-roster.ts',
    reason: "the employers' list counts employees by the roster's own standing (standingOf), so the two never disagree",
  },
];

type Import = { from: string; to: string };
const under = (file: string, place: string) => file === place || file.startsWith(`${place}/`);

/** The room of `file` among the rooms of `folder`: its first folder below it ('.' for a root file), or null outside. */
function roomOf(folder: string, file: string): string | null {
  if (!file.startsWith(`${folder}/`)) return null;
  const rest = file.slice(folder.length + 1).split('/');
  return rest.length > 1 ? rest[0]! : '.';
}

/**
 * The imports that cross from one room to a sibling it may not import (each with why), and the allowed crossings no
 * import takes any more (a list that only grows is no list).
 */
export function roomCrossings(imports: readonly Import[], rooms: Record<string, RoomRoles>, allowed: readonly AllowedCrossing[]): { crossings: string[]; unused: AllowedCrossing[] } {
  const used = new Set<AllowedCrossing>();
  const crossings: string[] = [];
  for (const { from, to } of imports) {
    for (const [folder, roles] of Object.entries(rooms)) {
      const [fromRoom, toRoom] = [roomOf(folder, from), roomOf(folder, to)];
      if (fromRoom === null || toRoom === null || fromRoom === toRoom || fromRoom === '.' || toRoom === '.') continue;
      const role = (room: string) => (roles.shared?.includes(room) ? 'shared' : roles.composers?.includes(room) ? 'composer' : 'feature');
      if (role(fromRoom) === 'composer' || role(toRoom) === 'shared') continue;
      const entry = allowed.find((candidate) => under(from, candidate.from) && under(to, candidate.to));
      if (entry) used.add(entry);
      else crossings.push(`${from} imports ${to}: the ${role(fromRoom)} ${folder}/${fromRoom} may not import the ${role(toRoom)} ${folder}/${toRoom}`);
    }
  }
  return { crossings, unused: allowed.filter((entry) => !used.has(entry)) };
}

describe('import boundaries', () => {
  it('finds the source files and their imports', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(specifiersOf("import a from './a.ts';\nimport type { B } from '#b/b.ts';\nexport { c } from \"c\";\nimport 'side.css';\nconst d = await import('./d.ts');")).toEqual([
      './a.ts',
      '#b/b.ts',
      'c',
      'side.css',
      './d.ts',
    ]);
  });

  it('every import runs in an allowed direction', () => {
    const violations: string[] = [];
    for (const file of files) {
      const from = layerOfPath(file);
      if (!from) continue;
      for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
        const to = targetOf(file, specifier);
        const where = `${path.relative(root, file)} imports '${specifier}'`;
        if (to === 'package') {
          const allowed = PACKAGES[from];
          if (allowed && UI_PACKAGES.test(specifier)) violations.push(`${where}: no UI library in ${from}`);
          else if (allowed && !(from === 'domain' && specifier.startsWith('node:')) && !allowed.has(packageOf(specifier))) {
            violations.push(`${where}: ${from} uses only ${[...allowed].join(', ') || 'no library'}${from === 'domain' ? ' and the standard library' : ''}`);
          }
          continue;
        }
        if (to === 'content') {
          if (from.startsWith('engine/') || from === 'product' || from === 'domain') violations.push(`${where}: ${from} gets documents passed in`);
          continue;
        }
        if (to === null) {
          violations.push(`${where}: outside the layers of src/`);
          continue;
        }
        if (to !== from && !ALLOWED[from].includes(to)) violations.push(`${where}: ${from} may not import ${to}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('has no import cycle between the files of src/ (type-only imports too)', () => {
    // Tarjan's strongly connected components: a component of more than one file is a cycle.
    let index = 0;
    const indexOf = new Map<string, number>();
    const lowOf = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const cycles: string[][] = [];
    const visit = (file: string) => {
      indexOf.set(file, index);
      lowOf.set(file, index);
      index += 1;
      stack.push(file);
      onStack.add(file);
      for (const target of edges.get(file) ?? []) {
        if (!indexOf.has(target)) {
          visit(target);
          lowOf.set(file, Math.min(lowOf.get(file)!, lowOf.get(target)!));
        } else if (onStack.has(target)) lowOf.set(file, Math.min(lowOf.get(file)!, indexOf.get(target)!));
      }
      if (lowOf.get(file) !== indexOf.get(file)) return;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(path.relative(src, member));
      } while (member !== file);
      if (component.length > 1) cycles.push(component.sort());
    };
    for (const file of files) if (!indexOf.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  it('keeps the words of the product out of the engine, its comments too', () => {
    // Comments count: a comment explaining a mechanism by the product's case is how the product's knowledge creeps
    // back in (the examples in the engine are generic: people, a nickname, an identifier). JSON's "member" is said
    // "key" here, so the product's member (the person enrolling) stays out unambiguously.
    const words = /\b(ssn|plan|premium|employer|employee|member|ichra|hsa|waive|waiver|dependent|enroll|enrolled|enrollment|birth|birthdate|spouse|carrier|subsidy|medicare|coverage|county|household)s?\b/i;
    expect(["the employer's plan", '// an SSN field', '/** each dependent */', 'context.hsa', 'member.id'].filter((line) => !words.test(line))).toEqual([]);
    expect(['explanation', 'remembers', 'independent', 'planet'].filter((line) => words.test(line))).toEqual([]);
    const found = files
      .filter((file) => layerOfPath(file)?.startsWith('engine/'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => [line, i + 1] as const)
          .filter(([line]) => words.test(line))
          .map(([line, n]) => `${path.relative(root, file)}:${n}: ${line.trim()}`),
      );
    expect(found).toEqual([]);
  });

  it('finds a feature importing a sibling feature or a composer, a shared room importing a feature, and allows the rest', () => {
    const rooms = { app: { shared: ['common'], composers: ['pages'] } };
    const graph: Import[] = [
      { from: 'app/orders/list.ts', to: 'app/orders/row.ts' }, // within a room
      { from: 'app/orders/list.ts', to: 'app/common/money.ts' }, // to a shared room
      { from: 'app/pages/home.ts', to: 'app/orders/list.ts' }, // a composer
      { from: 'app/main.ts', to: 'app/pages/home.ts' }, // the folder's root
      { from: 'app/orders/list.ts', to: 'app/setup.ts' },
      { from: 'app/orders/list.ts', to: 'app/billing/invoice.ts' },
      { from: 'app/billing/invoice.ts', to: 'app/pages/home.ts' },
      { from: 'app/common/money.ts', to: 'app/billing/invoice.ts' },
      { from: 'app/billing/invoice.ts', to: 'app/orders/list.ts' },
      { from: 'other/orders/list.ts', to: 'other/billing/invoice.ts' }, // a folder of no rooms
    ];
    const kept: AllowedCrossing = { from: 'app/billing', to: 'app/orders/list.ts', reason: 'a test' };
    const stale: AllowedCrossing = { from: 'app/orders', to: 'app/pages', reason: 'a test' };
    expect(roomCrossings(graph, rooms, [kept, stale])).toEqual({
      crossings: [
        'app/orders/list.ts imports app/billing/invoice.ts: the feature app/orders may not import the feature app/billing',
        'app/billing/invoice.ts imports app/pages/home.ts: the feature app/billing may not import the composer app/pages',
        'app/common/money.ts imports app/billing/invoice.ts: the shared app/common may not import the feature app/billing',
      ],
      unused: [stale],
    });
  });

  it('keeps sibling rooms of a feature apart, every allowed crossing still taken and said why', () => {
    for (const folder of Object.keys(SIBLING_ROOMS)) expect(readdirSync(path.join(src, folder)).length, folder).toBeGreaterThan(1);
    const { crossings, unused } = roomCrossings(imports, SIBLING_ROOMS, ALLOWED_CROSSINGS);
    expect(crossings).toEqual([]);
    expect(unused).toEqual([]);
    expect(ALLOWED_CROSSINGS.filter((entry) => entry.reason.trim().length < 20)).toEqual([]);
  });

  it('has the app factory alone import a route module', () => {
    const found = imports.filter(({ from, to }) => under(to, 'server/routes') && !under(from, 'server/routes') && from !== 'server/app.ts');
    expect(found).toEqual([]);
  });

  /**
   * Money crosses the wire converted in two places (docs/decisions/038-route-schemas-are-their-types.md): the
   * server's edge and the API clients' decoder. Besides them only the domain (its rules and the parser itself) and
   * the file edges that read dollars typed in files (the plan and reference imports, the demo seed) parse dollars
   * into cents; a screen, route or service that does is converting by hand.
   */
  const PARSES_DOLLARS = ['domain/', 'server/http/money-wire.ts', 'portal/api/money-decoder.ts', 'server/data-import/', 'db/seed/'];
  /** The files that import a dollars parser of money.ts, or round dollars into cents themselves. */
  const dollarParsers = (sources: ReadonlyMap<string, string>) =>
    [...sources]
      .filter(([, code]) => /\bimport\s*{[^}]*\bdollarsToCents(OrNull)?\b[^}]*}\s*from\s*['"][^'"]*values\/money\.ts['"]/.test(code) || /Math\.round\([^)]*\*\s*100\b/.test(code))
      .map(([file]) => file)
      .filter((file) => !PARSES_DOLLARS.some((allowed) => file === allowed || (allowed.endsWith('/') && file.startsWith(allowed))));

  it('parses dollars into cents only at the edges: the server\'s money edge, the API clients\' decoder, the domain and the file imports', () => {
    expect(dollarParsers(new Map(files.map((file) => [srcPath(file), readFileSync(file, 'utf8')])))).toEqual([]);
    // The check sees a hand conversion in a screen, whether it imports the parser or rounds itself.
    const screen = "import { dollarsToCents, formatCents } from '#domain/values/money.ts';";
    expect(dollarParsers(new Map([['portal/wizard/cart-screen.tsx', screen], ['web/screens/a.tsx', 'const c = Math.round(plan.rate * 100);'], ['domain/values/money.ts', screen]]))).toEqual([
      'portal/wizard/cart-screen.tsx',
      'web/screens/a.tsx',
    ]);
  });

  it('keeps every folder of src/ to a room of at most 15 files at its root', () => {
    const crowded: string[] = [];
    const visit = (dir: string) => {
      const entries = readdirSync(dir, { withFileTypes: true });
      const count = entries.filter((entry) => entry.isFile() && entry.name !== 'README.md').length;
      const relative = path.relative(src, dir).split(path.sep).join('/');
      if (count > MAX_FILES_IN_A_FOLDER && !CROWDED_BY_DESIGN.includes(relative)) crowded.push(`src/${relative}: ${count} files`);
      for (const entry of entries) if (entry.isDirectory()) visit(path.join(dir, entry.name));
    };
    visit(src);
    expect(crowded).toEqual([]);
  });
});
