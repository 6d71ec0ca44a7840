/**
 * Transactions whose reads of reference data (the plan catalogue) may come from their database's caches.
 *
 * A repository's cache is kept per database object, and a transaction is a Kysely object of its own, so a cache
 * cannot tell which database a transaction belongs to. A transaction opened here says so; reads in any other
 * transaction (a catalogue import, which must see its own writes) go to the database. What such a transaction
 * loads into a cache is loaded on the transaction's own connection: on PGlite the database has one connection,
 * which the transaction holds, so a read through the database itself would wait for the transaction forever.
 */
import type { DbOrTx } from './database.ts';

const databaseOfTransaction = new WeakMap<DbOrTx, DbOrTx>();

/** Runs `work` in a transaction of `db` that may read reference data from db's caches (cacheHolder). */
export function transactionWithCaches<T>(db: DbOrTx, work: (trx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction().execute((trx) => {
    databaseOfTransaction.set(trx, db);
    return work(trx);
  });
}

/** The database whose caches `db` may read: itself, its database for a transactionWithCaches, else none. */
export function cacheHolder(db: DbOrTx): DbOrTx | undefined {
  return db.isTransaction ? databaseOfTransaction.get(db) : db;
}
