import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { constantsAdditionsFile, prepareConstants, withConstantsAdditions } from '#server/data-import/prepare-plans.ts';

const source = {
  _note: 'published',
  hsa_hdhp: { '2026': { hsa_limit_self_only: 4400, source: 'Rev. Proc. 2025-19' } },
  ichra_affordability_required_contribution_percentage: { '2026': { percent_of_household_income: 9.96 } },
  federal_poverty_guidelines: { '2026': {} },
};

describe('the constants the project adds to the published ones', () => {
  it('adds a year the source lacks, with its own source, and keeps every published figure', () => {
    const merged = withConstantsAdditions(source, { _note: 'ours', hsa_hdhp: { '2027': { hsa_limit_self_only: 4500, source: 'Rev. Proc. 2026-24' } } });
    expect(merged._note).toBe('published');
    expect(merged.hsa_hdhp).toEqual({ ...source.hsa_hdhp, '2027': { hsa_limit_self_only: 4500, source: 'Rev. Proc. 2026-24' } });
    expect(merged.federal_poverty_guidelines).toBe(source.federal_poverty_guidelines);
  });

  it('never restates a year the source publishes, nor adds to a section it lacks', () => {
    expect(() => withConstantsAdditions(source, { hsa_hdhp: { '2026': { hsa_limit_self_only: 1 } } })).toThrow(/already has hsa_hdhp.2026/);
    expect(() => withConstantsAdditions(source, { made_up: { '2027': {} } })).toThrow(/no made_up/);
  });

  it("writes the shipped file from a source folder and the repository's additions (HSA 2027, Rev. Proc. 2026-24)", () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'constants-'));
    writeFileSync(path.join(folder, 'constants.json'), JSON.stringify(source));
    prepareConstants(folder, folder, constantsAdditionsFile);
    const written = JSON.parse(readFileSync(path.join(folder, 'reference', 'constants.json'), 'utf8'));
    expect(written.hsa_hdhp['2026']).toEqual(source.hsa_hdhp['2026']);
    expect(written.hsa_hdhp['2027']).toMatchObject({ hsa_limit_self_only: 4500, hsa_limit_family: 9000, source: expect.stringMatching(/^IRS Rev\. Proc\. 2026-24/) });
  });
});
