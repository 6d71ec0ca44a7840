/**
 * The sessions and families kept in memory (src/server/security/session-cache.ts) and the change notices that drop them
 * (migration 0013, src/db/change-feed.ts): what is kept is answered only while it is live and the feed listens, a
 * read that raced a change is never kept, and every change to a session, member, dependent or employer is heard by
 * this instance before the statement that made it answers (so its next call cannot see the old rows).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeFeedOf, type ChangeFeed, type ChangeListener } from '#db/change-feed.ts';
import type { MemberFamily } from '#db/repositories/member/member.repository.ts';
import { SessionCache, sessionCacheOf } from '#server/security/session-cache.ts';
import { readAccessToken } from '#server/security/tokens.ts';
import { everyDatabase } from './helpers/databases.ts';
import { createEmployer, registerMember, type TestEmployer } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';

/** A feed the test drives: it says whether it listens and hands the cache each notice. */
function fakeFeed(): ChangeFeed & { listening: boolean; hear: (notice: string) => void } {
  const listeners = new Set<ChangeListener>();
  return {
    listening: true,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    hear(notice) {
      for (const listener of listeners) listener(notice);
    },
  };
}

const now = new Date('2026-11-23T12:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
const session = { memberId: 'm1', expiresAt: minutes(60), lastSeenAt: minutes(-1) };
const family = { member: { id: 'm1', birthdate: '1980-01-01', istobaccouser: 'No' }, employer: {}, dependents: [] } as unknown as MemberFamily;

describe('SessionCache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a kept session only while it is live, for its own member', () => {
    const cache = new SessionCache(fakeFeed());
    cache.watch().session('s1', session);
    expect(cache.liveSession('s1', 'm1', now, minutes(-30))).toEqual(session);
    expect(cache.liveSession('s1', 'm2', now, minutes(-30))).toBeUndefined();
    expect(cache.liveSession('s2', 'm1', now, minutes(-30))).toBeUndefined();
    // Past its absolute end, or idle since before its last use.
    expect(cache.liveSession('s1', 'm1', minutes(60), minutes(30))).toBeUndefined();
    expect(cache.liveSession('s1', 'm1', now, minutes(-1))).toBeUndefined();
  });

  it('drops what a notice names: a session, a member\'s family, or everything', () => {
    const feed = fakeFeed();
    const cache = new SessionCache(feed);
    const keepBoth = () => {
      cache.watch().session('s1', session);
      cache.watch().family('m1', family);
    };
    keepBoth();
    // Every call that reads the family shares it: nobody can change it for the next.
    expect(Object.isFrozen(cache.family('m1')!.dependents)).toBe(true);
    feed.hear('session:s1');
    expect(cache.liveSession('s1', 'm1', now, minutes(-30))).toBeUndefined();
    expect(cache.family('m1')).toBe(family);
    keepBoth();
    feed.hear('member:m1');
    expect(cache.family('m1')).toBeUndefined();
    expect(cache.liveSession('s1', 'm1', now, minutes(-30))).toEqual(session);
    keepBoth();
    feed.hear('*');
    expect(cache.family('m1')).toBeUndefined();
    expect(cache.liveSession('s1', 'm1', now, minutes(-30))).toBeUndefined();
  });

  it('never keeps a read that raced a change, whatever the change named', () => {
    const feed = fakeFeed();
    const cache = new SessionCache(feed);
    const keep = cache.watch();
    feed.hear('member:someone-else');
    keep.session('s1', session);
    keep.family('m1', family);
    expect(cache.liveSession('s1', 'm1', now, minutes(-30))).toBeUndefined();
    expect(cache.family('m1')).toBeUndefined();
  });

  it('answers nothing and keeps nothing while the feed does not listen', () => {
    const feed = fakeFeed();
    const cache = new SessionCache(feed);
    cache.watch().session('s1', session);
    feed.listening = false;
    expect(cache.liveSession('s1', 'm1', now, minutes(-30))).toBeUndefined();
    cache.watch().family('m1', family);
    feed.listening = true;
    expect(cache.family('m1')).toBeUndefined();
  });

  it('reads again after a minute even without a notice', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const cache = new SessionCache(fakeFeed());
    cache.watch().family('m1', family);
    vi.setSystemTime(new Date(now.getTime() + 59_000));
    expect(cache.family('m1')).toBe(family);
    vi.setSystemTime(new Date(now.getTime() + 60_000));
    expect(cache.family('m1')).toBeUndefined();
  });
});

describe.each(everyDatabase())('change notices on $name', (database) => {
  const t = useTestApp(database);
  let employer: TestEmployer;
  beforeAll(async () => {
    employer = await createEmployer(t.db);
  });

  /** The notices heard while `change` ran, read the moment it answered (no waiting). */
  async function heardDuring(change: () => Promise<unknown>): Promise<string[]> {
    const heard: string[] = [];
    const stop = changeFeedOf(t.db)!.subscribe((notice) => heard.push(notice));
    try {
      await change();
      return [...heard];
    } finally {
      stop();
    }
  }

  /** A session row of its own: no notice has ever named it, so what is heard of it is this test's doing. */
  async function newSession(memberId: string): Promise<string> {
    const id = randomUUID();
    await t.db.insertInto('session').values({ id, memberid: memberId, created_at: new Date(), last_seen_at: new Date(), expires_at: new Date(Date.now() + 3_600_000) }).execute();
    return id;
  }

  // Every pooled PostgreSQL connection listens, so the other connections' copies of a notice may come later too:
  // the checks below ask what was heard by the time the statement answered, and never that nothing else was.
  it('hears each change of a session, a member, a dependent or an employer before its statement answers', async () => {
    const member = await registerMember(t.app, employer);
    const sessionId = await newSession(member.memberId);
    expect(changeFeedOf(t.db)!.listening).toBe(true);
    expect(await heardDuring(() => t.db.updateTable('session').set({ last_seen_at: new Date() }).where('id', '=', sessionId).execute())).toContain(`session:${sessionId}`);
    expect(await heardDuring(() => t.db.deleteFrom('session').where('id', '=', sessionId).execute())).toContain(`session:${sessionId}`);
    expect(await heardDuring(() => t.db.updateTable('member').set({ istobaccouser: 'Yes' }).where('id', '=', member.memberId).execute())).toContain(`member:${member.memberId}`);
    const dependentId = randomUUID();
    const insertDependent = () =>
      t.db
        .insertInto('dependent')
        .values({ id: dependentId, memberid: member.memberId, firstname: 'Kim', lastname: 'Doe', dateofbirth: '2015-01-01', relationship: 'child', istobaccouser: false, gender: 'Male', createdby: 'test', modifiedby: 'test' })
        .execute();
    expect(await heardDuring(insertDependent)).toContain(`member:${member.memberId}`);
    expect(await heardDuring(() => t.db.updateTable('dependent').set({ istobaccouser: true }).where('id', '=', dependentId).execute())).toContain(`member:${member.memberId}`);
    expect(await heardDuring(() => t.db.deleteFrom('dependent').where('id', '=', dependentId).execute())).toContain(`member:${member.memberId}`);
    expect(await heardDuring(() => t.db.updateTable('employer').set({ edoc_period: null }).where('accountid', '=', employer.accountid).execute())).toContain('*');
  });

  it('hears a transaction\'s change when it commits, and nothing of one rolled back', async () => {
    const member = await registerMember(t.app, employer);
    const end = (trx: typeof t.db, id: string) => trx.updateTable('session').set({ ended_at: new Date(), end_reason: 'sign-out' }).where('id', '=', id).execute();
    const committedId = await newSession(member.memberId);
    const inside: string[][] = [];
    const committed = await heardDuring(() =>
      t.db.transaction().execute(async (trx) => {
        inside.push(await heardDuring(() => end(trx, committedId)));
      }),
    );
    expect(inside[0]).not.toContain(`session:${committedId}`);
    expect(committed).toContain(`session:${committedId}`);
    const rolledBackId = await newSession(member.memberId);
    const rolledBack = await heardDuring(() =>
      t.db
        .transaction()
        .execute(async (trx) => {
          await end(trx, rolledBackId);
          throw new Error('rolled back');
        })
        .catch(() => undefined),
    );
    expect(rolledBack).not.toContain(`session:${rolledBackId}`);
    // The row is unchanged, and a later change of it is heard.
    expect(await heardDuring(() => end(t.db, rolledBackId))).toContain(`session:${rolledBackId}`);
  });

  it('answers the bearer check from memory until the session changes, then reads it again', async () => {
    const member = await registerMember(t.app, employer);
    const getMember = () => t.app.inject({ method: 'GET', url: '/api/Member/GetMember', headers: member.auth });
    const { sessionId } = (await readAccessToken(t.config, member.tokens.access_token))!;
    expect((await getMember()).statusCode).toBe(200);
    const kept = sessionCacheOf(t.db)!;
    expect(kept.liveSession(sessionId, member.memberId, new Date(), new Date(Date.now() - 60_000))).toMatchObject({ memberId: member.memberId });
    // Ended behind the API's back (a person at psql): the next call is refused.
    await t.db.updateTable('session').set({ ended_at: new Date(), end_reason: 'sign-out' }).where('id', '=', sessionId).execute();
    expect(kept.liveSession(sessionId, member.memberId, new Date(), new Date(Date.now() - 60_000))).toBeUndefined();
    expect((await getMember()).statusCode).toBe(401);
  });
});
