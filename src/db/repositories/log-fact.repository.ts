import type { DbOrTx } from '../database.ts';

export type NewLogFact = {
  id: string;
  title: string;
  accountid: string | null;
  memberid: string | null;
  action: string | null;
  effectivedate: string | null;
  data: unknown;
};

export async function insert(db: DbOrTx, fact: NewLogFact): Promise<void> {
  await db
    .insertInto('log_fact')
    .values({ ...fact, data: JSON.stringify(fact.data) })
    .execute();
}
