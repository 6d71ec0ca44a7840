import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { everyDatabase } from '../server/helpers/databases.ts';

const mail = (recipient: string) => ({ id: randomUUID(), recipient, subject: 's', text_body: 't' });

describe.each(everyDatabase())('transactions on $name', (database) => {
  it('keeps a failing transaction apart from one that commits meanwhile', async () => {
    const { db, close } = await database.create();
    try {
      let aInserted!: () => void;
      const aHasInserted = new Promise<void>((resolve) => (aInserted = resolve));
      let bDone!: () => void;
      const bHasCommitted = new Promise<void>((resolve) => (bDone = resolve));

      const a = db.transaction().execute(async (tx) => {
        await tx.insertInto('mail_outbox').values(mail('a@x.test')).execute();
        aInserted();
        // On PGlite B waits for A's connection, so A must not wait for B forever: give B a moment instead.
        await Promise.race([bHasCommitted, new Promise((resolve) => setTimeout(resolve, 200))]);
        throw new Error('A fails');
      });
      const b = (async () => {
        await aHasInserted;
        await db.transaction().execute(async (tx) => {
          await tx.insertInto('mail_outbox').values(mail('b@x.test')).execute();
        });
        bDone();
      })();

      await expect(a).rejects.toThrow('A fails');
      await b;
      const rows = await db.selectFrom('mail_outbox').select('recipient').execute();
      expect(rows.map((r) => r.recipient)).toEqual(['b@x.test']);
    } finally {
      await close();
    }
  });

  it('runs queries outside a transaction while none is open, in order', async () => {
    const { db, close } = await database.create();
    try {
      await Promise.all(['1', '2', '3', '4'].map((n) => db.insertInto('mail_outbox').values(mail(`${n}@x.test`)).execute()));
      const { count } = await db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      expect(count).toBe(4);
    } finally {
      await close();
    }
  });
});
