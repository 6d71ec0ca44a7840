/**
 * The whole shipped catalogue imported through the start-up import, checked against the figures of the
 * reference data's README (shared/data/README.md, "Sanity check"), and the import's idempotence.
 */
import { describe, expect, it } from 'vitest';
import { importPlanCatalogue } from '#server/data-import/plans.import.ts';
import { importReferenceData } from '#server/data-import/index.ts';
import { listPlanSets } from '#server/data-import/plan-files.ts';
import { everyDatabase } from '../helpers/databases.ts';
import { useBeforeAll } from '../helpers/lifecycle.ts';

describe.each(everyDatabase())('plan catalogue import on $name', (database) => {
  const t = useBeforeAll(async () => {
    // A test database holds the start-up import already (tests/server/helpers/databases.ts).
    const handle = await database.create();
    const recorded = await handle.db.selectFrom('reference_data').select(['name', 'rowcount']).where('name', 'like', 'plans/%').execute();
    return { ...handle, recorded };
  });

  it('imports every row of the shipped set once, and skips it on the next start', async () => {
    const [set] = listPlanSets();
    const counts = set!.manifest.counts;
    expect(t.recorded).toEqual([
      { name: 'plans/or-2024', rowcount: counts.plans + counts.rates + counts.serviceAreas + counts.planCounties + counts.zipCounties },
    ]);
    const count = async (table: 'plan' | 'plan_rate' | 'plan_service_area_zip' | 'plan_county' | 'plan_zip_county') =>
      (await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect(await count('plan')).toBe(set!.manifest.counts.plans);
    expect(await count('plan_rate')).toBe(set!.manifest.counts.rates);
    expect(await count('plan_service_area_zip')).toBe(set!.manifest.counts.serviceAreas);
    expect(await count('plan_county')).toBe(set!.manifest.counts.planCounties);
    expect(await count('plan_zip_county')).toBe(set!.manifest.counts.zipCounties);
    expect(await importPlanCatalogue(t.db)).toMatchObject({ imported: [], skipped: ['plans/or-2024'] });
    await importReferenceData(t.db);
    expect(await count('plan')).toBe(99);
  });

  it('holds the README figures: 99 base plans, 92 sold off the exchange, 36 counties, 7 rating areas, 481 ZIPs', async () => {
    const plans = await t.db.selectFrom('plan').select(['plan_id', 'off_exchange']).where('plan_year', '=', 2024).execute();
    expect(plans).toHaveLength(99);
    expect(plans.filter((p) => p.off_exchange)).toHaveLength(92);
    const zips = await t.db.selectFrom('plan_zip_county').select(['zip', 'county_fips', 'rating_area']).execute();
    expect(new Set(zips.map((z) => z.county_fips)).size).toBe(36);
    expect(new Set(zips.map((z) => z.rating_area)).size).toBe(7);
    expect(new Set(zips.map((z) => z.zip)).size).toBe(481);
    expect(zips.filter((z) => z.zip === '97002').map((z) => [z.county_fips, z.rating_area]).sort()).toEqual([
      ['41005', 1],
      ['41047', 3],
    ]);
  });

  it('97002 in Marion County: 8 service areas, 72 off-exchange base plans; 71287OR0420018 at $367.00 (OR03), $355.00 (OR01)', async () => {
    const areas = await t.db.selectFrom('plan_service_area_zip').select('service_area_id').where('zip', '=', '97002').where('county_fips', '=', '41047').execute();
    expect(areas).toHaveLength(8);
    const sold = await t.db
      .selectFrom('plan')
      .innerJoin('plan_county', (j) => j.onRef('plan_county.plan_id', '=', 'plan.plan_id').onRef('plan_county.plan_year', '=', 'plan.plan_year'))
      .select('plan.plan_id')
      .where('plan_county.county_fips', '=', '41047')
      .where('plan.off_exchange', '=', true)
      .where('plan.service_area_id', 'in', areas.map((a) => a.service_area_id))
      .execute();
    expect(sold).toHaveLength(72);
    const rate = (area: number, band: number) =>
      t.db.selectFrom('plan_rate').select(['rate_cents', 'tobacco_rate_cents']).where('plan_id', '=', '71287OR0420018').where('rating_area', '=', area).where('age_band', '=', band).executeTakeFirstOrThrow();
    expect(await rate(3, 40)).toEqual({ rate_cents: 36700, tobacco_rate_cents: 44100 });
    expect((await rate(1, 40)).rate_cents).toBe(35500);
    expect((await rate(3, 0)).rate_cents).toBe(18300);
    expect((await rate(3, 21)).rate_cents).toBe(28700);
    expect((await rate(3, 64)).rate_cents).toBe(86100);
  });
});
