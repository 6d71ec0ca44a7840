import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { precompress } from './scripts/precompress.ts';
import { pageDescription } from './scripts/page-description.ts';
import { webCatalogue } from './scripts/web-catalogue.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const { version } = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { version: string };

// The web app lives in src/web; the server serves dist/web. Two pages: index.html (the employee portal) and
// staff.html (the staff console of src/staff, served at /staff), each its own bundle, so the portal's landing page
// carries nothing of the console. Vitest runs two projects: node (rules, the engine without React, product, content,
// db, server) and dom (engine react, theme, portal, web, staff).
export default defineConfig({
  root: `${root}src/web`,
  envDir: root,
  plugins: [webCatalogue(), pageDescription(), react(), precompress()],
  // The CSV libraries' Node builds use Node's Buffer; the browser gets their browser builds (with its own Buffer),
  // in the chunk the shop's export loads on its first click. Tests run the Node builds, which the server runs.
  resolve: process.env.VITEST ? {} : {
    alias: [
      { find: /^csv-stringify\/sync$/, replacement: 'csv-stringify/browser/esm/sync' },
      { find: /^csv-parse\/sync$/, replacement: 'csv-parse/browser/esm/sync' },
    ],
  },
  // The footer shows the front-end version: import.meta.env.VITE_APP_VERSION.
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(version) },
  // Every screen but the landing page is its own chunk (routes.tsx); no chunk should grow past 500 kB again.
  // The form engine's chunk (rjsf) loads only where a form shows.
  build: {
    outDir: `${root}dist/web`,
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    // dist/web/.vite/manifest.json: each route's chunks and their imports, which the size budget reads
    // (tests/architecture/bundle-budget.test.ts, bench/route-javascript.ts).
    manifest: true,
    rolldownOptions: {
      input: { index: `${root}src/web/index.html`, staff: `${root}src/web/staff.html` },
      // Ajv's files have no side effects (its package does not say so): the browser uses only the run-time helpers
      // of validators compiled ahead, so the compiler, imported by engine modules the browser never calls (content
      // checks, ajv-compiler.ts), is left out. Were it called, the CSP would refuse its eval anyway.
      treeshake: { moduleSideEffects: [{ test: /node_modules\/ajv(-formats)?\//, sideEffects: false }] },
      // The pattern engine (re2js, about 46 KB gzip) is a chunk of its own, loaded only with validators that have a
      // pattern (compiled-module.ts). Its module is imported statically too, by the compiler the browser never calls,
      // which alone would keep it in the engine's chunk.
      output: { codeSplitting: { groups: [{ name: 'linear-regexp', test: /node_modules\/re2js\/|src\/engine\/runtime\/linear-regexp\.ts/ }] } },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  test: {
    root,
    // Vitest's default is one worker less than the cores: one worker on CI's two. The API files wait on PostgreSQL
    // and child processes much of their time, and the dom files leave a core idle, so three run at once.
    maxWorkers: 3,
    server: { deps: { inline: ['@rjsf/mantine'] } },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'tests/portal/**', 'tests/web/**', 'tests/staff/**', 'tests/engine/react/**', 'tests/engine/theme/**'],
          setupFiles: ['tests/setup-node.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/portal/**/*.test.{ts,tsx}', 'tests/web/**/*.test.{ts,tsx}', 'tests/staff/**/*.test.{ts,tsx}', 'tests/engine/react/**/*.test.{ts,tsx}', 'tests/engine/theme/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/web/setup-dom.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
