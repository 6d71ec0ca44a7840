/**
 * The geo reference data: the prepare step's parsing and reduction (unit), and the import through the product's
 * own code: the whole shipped file (counts of the public crosswalk), idempotence per version, and a subset.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as locations from '#db/repositories/reference/location.repository.ts';
import { parseCsvRecords } from '#domain/values/csv.ts';
import { geoDataDir, RATING_AREA_FILE, ZIP_COUNTY_FILE } from '#server/data-import/geo-files.ts';
import { importGeo } from '#server/data-import/geo.importer.ts';
import { importReferenceData } from '#server/data-import/index.ts';
import { csvOf, gzipCsv, prepareGeo, prepareRatingAreas, prepareZipCounty } from '#server/data-import/prepare-geo.ts';
import { readGzipText } from '#server/data-import/reference-data.ts';
import { everyDatabase } from '../helpers/databases.ts';

const crosswalkHeader = 'zip,county_fips,county_name,state,city,city_source,hud_tot_ratio,is_primary_county,county_count';
const crosswalk = [
  crosswalkHeader,
  '97002,41005,Clackamas County,OR,Aurora,simplemaps,0.1572,0,2',
  '97002,41047,Marion County,OR,Aurora,simplemaps,0.8428,1,2',
  '00501,36103,Suffolk County,NY,Holtsville,geonames,1.0000,1,1',
].join('\n');
const ratingAreas = [
  'state,county_fips,county_name,rating_area,policyengine_county_key',
  'OR,41047,Marion County,3,MARION_COUNTY_OR',
  'CT,,Fairfield County,1,FAIRFIELD_COUNTY_CT',
  'OR,41005,Clackamas County,1,CLACKAMAS_COUNTY_OR',
].join('\n');

describe('prepare-geo', () => {
  it('reads the files by their header, refuses a ragged line naming it, and writes a value with a comma quoted', () => {
    expect(parseCsvRecords('a,b\n1,2\r\n3,\n')).toEqual([{ a: '1', b: '2' }, { a: '3', b: '' }]);
    expect(parseCsvRecords('a,b\n"1,2",3')).toEqual([{ a: '1,2', b: '3' }]);
    expect(() => parseCsvRecords('a,b\n1,2,3')).toThrow('CSV line 2');
    expect(csvOf(['a', 'b'], [{ a: 'x,y' }])).toBe('a,b\n"x,y",\n');
  });

  it('keeps the needed columns, leading zeros, and the zip then largest-share order', () => {
    expect(prepareZipCounty(parseCsvRecords(crosswalk))).toEqual([
      { zip: '00501', county_fips: '36103', county_name: 'Suffolk County', state: 'NY', city: 'Holtsville', share: '1.0000', is_primary: '1' },
      { zip: '97002', county_fips: '41047', county_name: 'Marion County', state: 'OR', city: 'Aurora', share: '0.8428', is_primary: '1' },
      { zip: '97002', county_fips: '41005', county_name: 'Clackamas County', state: 'OR', city: 'Aurora', share: '0.1572', is_primary: '0' },
    ]);
    // One primary county per ZIP, also across a state line (the source flags one per state).
    const acrossStates = `${crosswalkHeader}\n42223,21047,Christian County,KY,Fort Campbell,simplemaps,0.3180,1,1\n42223,47125,Montgomery County,TN,Fort Campbell,simplemaps,0.6820,1,1`;
    expect(prepareZipCounty(parseCsvRecords(acrossStates)).map((row) => [row.county_fips, row.is_primary])).toEqual([['47125', '1'], ['21047', '0']]);
    expect(() => prepareZipCounty(parseCsvRecords(`${crosswalkHeader}\n7501,48121,Denton County,TX,Carrollton,simplemaps,1,1,1`))).toThrow("bad zip '7501'");
    expect(() => prepareZipCounty(parseCsvRecords(`${crosswalkHeader}\n75010,48121,Denton County,TX,Carrollton,simplemaps,1.5,1,1`))).toThrow('bad ratio');
  });

  it('keeps the rating areas that have a county FIPS', () => {
    expect(prepareRatingAreas(parseCsvRecords(ratingAreas))).toEqual([
      { state: 'OR', county_fips: '41005', county_name: 'Clackamas County', rating_area: '1' },
      { state: 'OR', county_fips: '41047', county_name: 'Marion County', rating_area: '3' },
    ]);
  });

  it('writes the same bytes again from the same sources (so the import version changes only with the data)', () => {
    const source = mkdtempSync(path.join(os.tmpdir(), 'geo-source-'));
    const out = mkdtempSync(path.join(os.tmpdir(), 'geo-out-'));
    try {
      writeFileSync(path.join(source, 'zip_county_crosswalk.csv'), crosswalk);
      writeFileSync(path.join(source, 'county_rating_areas.csv'), ratingAreas);
      expect(prepareGeo(source, out)).toEqual({ zipRows: 3, ratingAreaRows: 2 });
      const first = readFileSync(path.join(out, ZIP_COUNTY_FILE));
      prepareGeo(source, out);
      expect(readFileSync(path.join(out, ZIP_COUNTY_FILE))).toEqual(first);
      expect(readGzipText(path.join(out, ZIP_COUNTY_FILE)).split('\n')[0]).toBe('zip,county_fips,county_name,state,city,share,is_primary');
    } finally {
      rmSync(source, { recursive: true, force: true });
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('ships small compressed files in data/geo', () => {
    expect(readFileSync(path.join(geoDataDir, ZIP_COUNTY_FILE)).length).toBeLessThan(1_000_000);
    expect(readFileSync(path.join(geoDataDir, RATING_AREA_FILE)).length).toBeLessThan(100_000);
    expect(gzipCsv('a\n')).toEqual(gzipCsv('a\n'));
  });
});

describe.each(everyDatabase())('geo import on $name', (database) => {
  const count = async (db: Awaited<ReturnType<typeof database.create>>['db'], query: ReturnType<typeof sql<{ n: number }>>) =>
    Number((await query.execute(db)).rows[0]!.n);

  it('holds the whole shipped crosswalk: 54,560 rows, 39,486 ZIPs, 11,366 multi-county ZIPs', async () => {
    // 11,366 ZIPs span several counties of one state (the source's county_count); one more, 42223 Fort Campbell,
    // spans one county in TN and one in KY, so 11,367 ZIPs have more than one county.
    const { db, close } = await database.create();
    try {
      expect(await count(db, sql<{ n: number }>`select count(*) as n from zip_county`)).toBe(54_560);
      expect(await count(db, sql<{ n: number }>`select count(distinct zip) as n from zip_county`)).toBe(39_486);
      expect(await count(db, sql<{ n: number }>`select count(distinct zip) as n from (select zip from zip_county group by zip, state having count(*) > 1) z`)).toBe(11_366);
      expect(await count(db, sql<{ n: number }>`select count(*) as n from (select zip from zip_county group by zip having count(*) > 1) z`)).toBe(11_367);
      expect(await count(db, sql<{ n: number }>`select count(*) as n from zip_county where is_primary`)).toBe(39_486);
      expect(await locations.ratingAreaFor(db, 'OR', '41001')).toBe(6);
      expect(await locations.ratingAreaFor(db, 'OR', '41005')).toBe(1);
      expect(await locations.ratingAreaFor(db, 'OR', '99999')).toBeNull();
      expect(await count(db, sql<{ n: number }>`select count(*) as n from county_rating_area where state = 'OR'`)).toBe(36);
    } finally {
      await close();
    }
  });

  it('imports once per version: a second run skips, a subset replaces, the full set comes back, all in one transaction', async () => {
    const { db, close } = await database.create();
    try {
      const [again] = await importReferenceData(db);
      expect(again).toMatchObject({ name: 'geo', imported: false });

      const subset = await importGeo(db, { zips: ['75007', '00501'] });
      expect(subset).toMatchObject({ imported: true, rows: 4 });
      expect(subset.version).not.toBe(again!.version);
      expect((await locations.countiesForZip(db, '75007')).map((l) => l.countyname)).toEqual(['Denton County', 'Dallas County', 'Collin County']);
      expect(await locations.countiesForZip(db, '97002')).toEqual([]);
      expect(await db.selectFrom('county_rating_area').select('county_fips').orderBy('county_fips').execute()).toEqual(
        expect.arrayContaining([{ county_fips: '48121' }]),
      );
      expect(await importGeo(db, { zips: ['00501', '75007'] })).toMatchObject({ imported: false });

      // A failing import leaves the data it would replace whole.
      const broken = mkdtempSync(path.join(os.tmpdir(), 'geo-broken-'));
      try {
        writeFileSync(path.join(broken, ZIP_COUNTY_FILE), gzipCsv('zip,county_fips,county_name,state,city,share,is_primary\n75007,48121,Denton County,TX,Carrollton,7,1\n'));
        writeFileSync(path.join(broken, RATING_AREA_FILE), gzipCsv('state,county_fips,county_name,rating_area\n'));
        await expect(importGeo(db, { dir: broken })).rejects.toThrow();
      } finally {
        rmSync(broken, { recursive: true, force: true });
      }
      expect(await count(db, sql<{ n: number }>`select count(*) as n from zip_county`)).toBe(4);

      const [full] = await importReferenceData(db);
      expect(full).toMatchObject({ imported: true, rows: 54_560, version: again!.version });
      const recorded = await db.selectFrom('reference_data').selectAll().where('name', '=', 'geo').executeTakeFirstOrThrow();
      expect(recorded).toMatchObject({ version: again!.version, rowcount: 54_560 });
    } finally {
      await close();
    }
  });
});
