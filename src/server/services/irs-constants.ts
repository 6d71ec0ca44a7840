/**
 * The IRS HSA figures the server applies, read once from the reference constants the product ships
 * (data/constants.json, prepared from the shared data by data-import/prepare-plans.ts; the affordability check
 * reads the same file through data-import/constants.ts). See docs/decisions.md, HSA limits.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hsaLimitTable, type HsaLimitTable } from '#domain/hsa.ts';
import { dataRoot } from '../data-import/plan-files.ts';

let cached: HsaLimitTable | null = null;

/** The hsa_hdhp section as the domain's limit table (cents by year). */
export function hsaLimits(): HsaLimitTable {
  cached ??= hsaLimitTable((JSON.parse(readFileSync(path.join(dataRoot, 'constants.json'), 'utf8')) as { hsa_hdhp: Parameters<typeof hsaLimitTable>[0] }).hsa_hdhp);
  return cached;
}
