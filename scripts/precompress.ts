/**
 * A Vite plugin: after the build, every text asset of 1 kB or more gets a brotli (.br, quality 11) and a gzip
 * (.gz, level 9) copy beside it, so the server sends compressed bytes without compressing per request
 * (@fastify/static preCompressed, src/server/http/static.ts).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Writes name.br and name.gz for each text file under `dir` (where smaller than the file); answers the count. */
export function precompressDir(dir: string): number {
  let written = 0;
  for (const file of filesUnder(dir)) {
    if (!TEXT.test(file) || statSync(file).size < MIN_BYTES) continue;
    const content = readFileSync(file);
    const br = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gz = gzipSync(content, { level: 9 });
    if (br.length < content.length) writeFileSync(`${file}.br`, br), written++;
    if (gz.length < content.length) writeFileSync(`${file}.gz`, gz), written++;
  }
  return written;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
