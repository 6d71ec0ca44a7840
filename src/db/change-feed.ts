/**
 * The change notices of migration 0013's triggers, as this process hears them: each connection of the database
 * LISTENs on the channel before it runs anything else. A notice of a transaction is heard when it commits, on every
 * listening connection of every instance; on the connection that committed it, before the commit's answer (on
 * PostgreSQL the server sends a session its own notices ahead of its reply; PGlite hands them over while it parses
 * that reply), so this instance has heard its own change before the code that made it goes on.
 */
import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/** The channel migration 0013's triggers notify on (the migration names it as text: migrations never change). */
export const CHANGES_CHANNEL = 'bp_changes';

/** Every notice: 'session:<id>', 'member:<id>' or '*' (anything may have changed). */
export type ChangeListener = (notice: string) => void;

export interface ChangeFeed {
  /** Whether a connection listens now: only then is every change sure to be heard. */
  readonly listening: boolean;
  /** Calls `listener` with every notice, and with '*' when the last listening connection closed (notices may be missed from then on). */
  subscribe(listener: ChangeListener): () => void;
}

/** The feed createDb makes; its driver's connections report to it. */
export class Feed implements ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  private connections = 0;

  get listening(): boolean {
    return this.connections > 0;
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  hear(notice: string): void {
    for (const listener of this.listeners) listener(notice);
  }

  opened(): void {
    this.connections += 1;
  }

  closed(): void {
    this.connections -= 1;
    if (this.connections === 0) this.hear('*');
  }
}

const feeds = new WeakMap<object, ChangeFeed>();

/** The feed of a database that createDb opened; undefined for anything else (a transaction, a bare dialect). */
export function changeFeedOf(db: object): ChangeFeed | undefined {
  return feeds.get(db);
}

/** Makes `feed` the one changeFeedOf(db) answers; answers db. */
export function withFeed<T extends object>(db: T, feed: Feed): T {
  feeds.set(db, feed);
  return db;
}

/**
 * Every pool client LISTENs as it connects (pg runs a client's queries in order, so before any query the pool hands
 * it); a client counts as listening once LISTEN answered, until the pool removes it.
 */
export function listenOnPool(pool: pg.Pool, feed: Feed): void {
  const listening = new WeakSet<pg.PoolClient>();
  pool.on('connect', (client) => {
    client.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) feed.hear(message.payload ?? '*');
    });
    client.query(`LISTEN ${CHANGES_CHANNEL}`).then(
      () => {
        listening.add(client);
        feed.opened();
      },
      // A client that cannot listen is not counted; its own error reaches whoever uses it next.
      () => undefined,
    );
  });
  pool.on('remove', (client) => {
    if (listening.delete(client)) feed.closed();
  });
}

/** PGlite is one session: it listens once, before its first statement, for as long as it is open. */
export async function listenOnPglite(pglite: PGlite, feed: Feed): Promise<void> {
  await pglite.listen(CHANGES_CHANNEL, (payload) => feed.hear(payload || '*'));
  feed.opened();
}
