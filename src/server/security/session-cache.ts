/**
 * What every signed-in call would otherwise read from the database, kept in memory: live sessions (the bearer
 * check) and members' families (the quote's pricing). An entry is dropped when the database says its rows changed
 * (migration 0013's notices, src/db/change-feed.ts): on this instance before the change's own statement answers, on
 * other instances as soon as PostgreSQL's notice reaches them. Entries are used only while the database's feed
 * listens (with no listening connection a notice could be missed: everything kept is dropped), and for at most
 * KEPT_MS, so even a notice lost on a broken connection cannot keep an ended session usable for longer.
 *
 * A read that raced a change must not be kept: `watch()` before reading, then keep what was read through the
 * watch; any notice in between (whatever it named) makes the keep a no-op.
 */
import { changeFeedOf, type ChangeFeed } from '#db/change-feed.ts';
import type { MemberFamily } from '#db/repositories/member/member.repository.ts';
import { LRUCache } from 'lru-cache';

/** What the session row says about its liveness (session.repository.ts isLive). */
export type KeptSession = { memberId: string; expiresAt: Date; lastSeenAt: Date };

const ENTRIES = 10_000;
const KEPT_MS = 60_000;
/** The generation of a watch begun while the feed did not listen: nothing read after it is kept. */
const NOT_LISTENING = -1;

type Kept<T> = { value: T; until: number };

/** What a read begun after SessionCache.watch() may keep. */
export type Watch = { session(id: string, session: KeptSession): void; family(memberId: string, family: MemberFamily): void };

export class SessionCache {
  private generation = 0;
  private readonly sessions = new LRUCache<string, Kept<KeptSession>>({ max: ENTRIES });
  private readonly families = new LRUCache<string, Kept<MemberFamily>>({ max: ENTRIES });

  constructor(private readonly feed: ChangeFeed) {
    feed.subscribe((notice) => this.forget(notice));
  }

  /** Keeps what is read from now on, unless a notice is heard first or the feed does not listen meanwhile. */
  watch(): Watch {
    const generation = this.feed.listening ? this.generation : NOT_LISTENING;
    const unchanged = () => generation !== NOT_LISTENING && generation === this.generation && this.feed.listening;
    const until = () => Date.now() + KEPT_MS;
    return {
      session: (id, session) => unchanged() && this.sessions.set(id, { value: session, until: until() }),
      // Frozen, since every later call shares it.
      family: (memberId, family) => unchanged() && this.families.set(memberId, { value: frozen(family), until: until() }),
    };
  }

  /** The kept session `id` of `memberId` when it is live by session.repository's rule (not past its end, used after idleSince). */
  liveSession(id: string, memberId: string, now: Date, idleSince: Date): KeptSession | undefined {
    const session = this.read(this.sessions, id);
    if (!session || session.memberId !== memberId) return undefined;
    return session.expiresAt > now && session.lastSeenAt > idleSince ? session : undefined;
  }

  family(memberId: string): MemberFamily | undefined {
    return this.read(this.families, memberId);
  }

  private read<T>(entries: LRUCache<string, Kept<T>>, key: string): T | undefined {
    if (!this.feed.listening) return undefined;
    const kept = entries.get(key);
    if (!kept) return undefined;
    if (kept.until > Date.now()) return kept.value;
    entries.delete(key);
    return undefined;
  }

  private forget(notice: string): void {
    this.generation += 1;
    const [kind, id] = notice.split(':', 2);
    if (kind === 'session' && id) this.sessions.delete(id);
    else if (kind === 'member' && id) this.families.delete(id);
    else {
      this.sessions.clear();
      this.families.clear();
    }
  }
}

function frozen(family: MemberFamily): MemberFamily {
  for (const dependent of family.dependents) Object.freeze(dependent);
  for (const part of [family.member, family.employer, family.dependents]) Object.freeze(part);
  return Object.freeze(family);
}

const caches = new WeakMap<object, SessionCache>();

/** The cache of a database createDb opened; undefined for a transaction or a database without change notices. */
export function sessionCacheOf(db: object): SessionCache | undefined {
  let cache = caches.get(db);
  if (!cache) {
    const feed = changeFeedOf(db);
    if (!feed) return undefined;
    caches.set(db, (cache = new SessionCache(feed)));
  }
  return cache;
}
