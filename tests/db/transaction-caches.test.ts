/**
 * transactionWithCaches (src/db/transaction.ts): a transaction opened by it reads the plan catalogue from its
 * database's cache, as the quote does; any other transaction (a catalogue import must see its own writes) reads
 * the database.
 */
import { describe, expect, it } from 'vitest';
import { catalogueYears } from '#db/repositories/reference/plan.repository.ts';
import { transactionWithCaches } from '#db/transaction.ts';
import { everyDatabase } from '../server/helpers/databases.ts';

describe.each(everyDatabase())('transactionWithCaches on $name', (database) => {
  it('reads the catalogue from the cache of its database; another transaction reads the database', async () => {
    const { db, close } = await database.create();
    try {
      // 'ZZ' is no state: nothing else reads or forgets its answer meanwhile.
      expect(await catalogueYears(db, 'ZZ')).toEqual([]);
      await db
        .insertInto('plan_zip_county')
        .values({ plan_year: 2099, state: 'ZZ', zip: '00001', county_fips: '99001', county_name: 'Test County', rating_area: 1 })
        .execute();

      expect(await catalogueYears(db, 'ZZ')).toEqual([]);
      expect(await transactionWithCaches(db, (trx) => catalogueYears(trx, 'ZZ'))).toEqual([]);
      expect(await db.transaction().execute((trx) => catalogueYears(trx, 'ZZ'))).toEqual([2099]);
    } finally {
      await close();
    }
  });
});
