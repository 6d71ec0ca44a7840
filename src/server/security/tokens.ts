/**
 * Sessions and their tokens (docs/security.md, V3). A sign-in opens a server-side session (table `session`): it
 * ends on sign-out, on a password reset, when a refresh token is reused, after SESSION_IDLE_SECONDS without a call
 * and SESSION_ABSOLUTE_SECONDS after sign-in.
 *
 * The access token (15 minutes) and the id token are HS256 JWTs signed with TOKEN_SECRET; the access token's header
 * says `typ: at+jwt` so an id token can never stand in for it, and its `sid` claim names the session, which every
 * request checks, so a token stops working the moment its session ends. A live session is kept in memory
 * (session-cache.ts) until the database's change notice of its row drops it: on this instance before the
 * statement that ended it answers, on other instances as soon as the notice reaches them. The refresh token
 * is an opaque random string stored as its SHA-256, sent only in an HttpOnly cookie; each use rotates it within its
 * family (the family id is the session id), and a token that was already rotated or revoked coming back means it
 * leaked: the whole family is revoked and the session ended.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { TokenResponse } from '#contracts/entities.ts';
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS, SESSION_TOUCH_SECONDS } from '#contracts/session.ts';
import type { DbOrTx } from '#db/database.ts';
import * as members from '#db/repositories/member/member.repository.ts';
import * as refreshTokens from '#db/repositories/sign-in/refresh-token.repository.ts';
import * as sessions from '#db/repositories/sign-in/session.repository.ts';
import type { Config } from '../config.ts';
import { LRUCache } from 'lru-cache';
import { sessionCacheOf } from './session-cache.ts';
import { randomToken, sha256, successorToken } from './crypto.ts';
import type { AuthenticatedMember } from '../ports.ts';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'benefit-portal';
const ACCESS_TYPE = 'at+jwt';

export type TokenSubject = Omit<AuthenticatedMember, 'sessionId'> & { firstname: string; lastname: string };

/** What sign-in and refresh give: the body's tokens, and the refresh token for the cookie. */
export type SessionTokens = { tokens: TokenResponse; refreshToken: string; sessionId: string; expiresAt: Date };

const key = (config: Config) => new TextEncoder().encode(config.TOKEN_SECRET);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const before = (now: Date, secs: number) => new Date(now.getTime() - secs * 1000);

export async function signAccessToken(config: Config, subject: AuthenticatedMember, now = new Date()): Promise<string> {
  const iat = seconds(now);
  return new SignJWT({ accountid: subject.accountId, email: subject.email, sid: subject.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TYPE })
    .setSubject(subject.memberId)
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(key(config));
}

async function signIdToken(config: Config, subject: TokenSubject, now: Date): Promise<string> {
  const iat = seconds(now);
  return new SignJWT({
    given_name: subject.firstname,
    family_name: subject.lastname,
    email: subject.email,
    accountid: subject.accountId,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject.memberId)
    .setIssuer(ISSUER)
    .setAudience(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(key(config));
}

/** Access tokens whose signature and claims were checked, by the token's SHA-256, per configuration (its secret). */
const VERIFIED_ENTRIES = 10_000;
type Verified = { member: AuthenticatedMember; exp: number };
const verifiedTokens = new WeakMap<Config, LRUCache<string, Verified>>();

/**
 * The claims of a well-signed, unexpired access token; null otherwise. The session is not checked here.
 *
 * A token is a fixed string signed with the process's fixed secret, so whether its signature and claims check out
 * cannot change; only its expiry can. A token that passed is remembered by its SHA-256 (the token itself is not
 * kept), and the next call with the same token checks only the expiry, as jwtVerify would (exp after now). This
 * is the signature, not the session: every call still checks the session (verifyAccessToken), so sign-out is
 * immediate. Bounded (the least recently used first out).
 */
export async function readAccessToken(config: Config, token: string): Promise<AuthenticatedMember | null> {
  let verified = verifiedTokens.get(config);
  if (!verified) verifiedTokens.set(config, (verified = new LRUCache({ max: VERIFIED_ENTRIES })));
  const hash = sha256(token);
  const known = verified.get(hash);
  if (known) {
    if (known.exp > seconds(new Date())) return { ...known.member };
    verified.delete(hash);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, key(config), { algorithms: ['HS256'], issuer: ISSUER, typ: ACCESS_TYPE });
    const { sub, accountid, email, sid, exp } = payload;
    if (typeof sub !== 'string' || typeof accountid !== 'string' || typeof email !== 'string' || typeof sid !== 'string') return null;
    const member = { memberId: sub, accountId: accountid, email, sessionId: sid };
    if (typeof exp === 'number') {
      verified.set(hash, { member: { ...member }, exp });
    }
    return member;
  } catch {
    return null;
  }
}

/**
 * The member an access token speaks for, or null when the token is invalid or expired, or its session has ended
 * (signed out, idle, past its absolute end). A live session is marked used (at most one write a minute; the write's
 * notice drops the kept session, so the next call reads the new mark).
 */
export async function verifyAccessToken(db: DbOrTx, config: Config, token: string, now = new Date()): Promise<AuthenticatedMember | null> {
  const member = await readAccessToken(config, token);
  if (!member) return null;
  const idleSince = before(now, SESSION_IDLE_SECONDS);
  const kept = sessionCacheOf(db);
  let session = kept?.liveSession(member.sessionId, member.memberId, now, idleSince);
  if (!session) {
    const keep = kept?.watch();
    const live = await sessions.findLive(db, member.sessionId, member.memberId, now, idleSince);
    if (!live) return null;
    session = { memberId: live.memberid, expiresAt: live.expires_at, lastSeenAt: live.last_seen_at };
    keep?.session(live.id, session);
  }
  await markUsed(db, member.sessionId, session.lastSeenAt, now);
  return member;
}

/**
 * verifyAccessToken and the member's family for pricing (member.repository.ts findFamily), for the quote: both
 * from memory when kept (session-cache.ts), otherwise in one statement; the same checks, the same mark of use; null
 * when verifyAccessToken would answer null or the member or employer is gone.
 */
export async function verifyAccessTokenWithFamily(
  db: DbOrTx,
  config: Config,
  token: string,
  now = new Date(),
): Promise<{ member: AuthenticatedMember; family: members.MemberFamily } | null> {
  const member = await readAccessToken(config, token);
  if (!member) return null;
  const idleSince = before(now, SESSION_IDLE_SECONDS);
  const kept = sessionCacheOf(db);
  const session = kept?.liveSession(member.sessionId, member.memberId, now, idleSince);
  const family = session && kept?.family(member.memberId);
  if (session && family) {
    await markUsed(db, member.sessionId, session.lastSeenAt, now);
    return { member, family };
  }
  const keep = kept?.watch();
  const found = await members.findFamilyInSession(db, member.memberId, { id: member.sessionId, now, idleSince });
  if (!found) return null;
  keep?.session(member.sessionId, { memberId: member.memberId, expiresAt: found.expiresAt, lastSeenAt: found.lastSeenAt });
  keep?.family(member.memberId, found.family);
  await markUsed(db, member.sessionId, found.lastSeenAt, now);
  return { member, family: found.family };
}

/** The session row just read says whether a mark is due: most calls then cost the one read and no second statement. */
async function markUsed(db: DbOrTx, sessionId: string, lastSeenAt: Date, now: Date): Promise<void> {
  const staleBefore = before(now, SESSION_TOUCH_SECONDS);
  if (lastSeenAt < staleBefore) await sessions.touch(db, sessionId, now, staleBefore);
}

/** Signs in: a new session and refresh family. */
export async function startSession(db: DbOrTx, config: Config, subject: TokenSubject, now = new Date()): Promise<SessionTokens> {
  const sessionId = randomUUID();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_SECONDS * 1000);
  await sessions.insert(db, { id: sessionId, memberid: subject.memberId, created_at: now, last_seen_at: now, expires_at: expiresAt });
  return tokensFor(db, config, subject, sessionId, expiresAt, now);
}

async function tokensFor(
  db: DbOrTx,
  config: Config,
  subject: TokenSubject,
  sessionId: string,
  expiresAt: Date,
  now: Date,
  refresh: { id: string; token: string } = { id: randomUUID(), token: randomToken() },
): Promise<SessionTokens> {
  await refreshTokens.insert(db, {
    id: refresh.id,
    memberid: subject.memberId,
    family_id: sessionId,
    token_hash: sha256(refresh.token),
    expires_at: expiresAt,
  });
  return signedTokens(config, subject, sessionId, expiresAt, refresh.token, now);
}

async function signedTokens(
  config: Config,
  subject: TokenSubject,
  sessionId: string,
  expiresAt: Date,
  refreshToken: string,
  now: Date,
): Promise<SessionTokens> {
  return {
    tokens: {
      access_token: await signAccessToken(config, { ...subject, sessionId }, now),
      id_token: await signIdToken(config, subject, now),
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
    },
    refreshToken,
    sessionId,
    expiresAt,
  };
}

export type RotateResult =
  | { kind: 'rotated'; session: SessionTokens; memberId: string; retried: boolean }
  | { kind: 'reused'; memberId: string }
  | { kind: 'refused' };

/**
 * How long a used refresh token may be sent again while the token that replaced it is unused: a refresh whose
 * answer was lost on the way (the browser never got the new cookie), or tabs of one browser refreshing at once.
 */
export const REFRESH_RETRY_SECONDS = 60;

/**
 * Exchanges a refresh token for a new set within its live session (and marks the session used); run it in a
 * transaction. Refused when the token is unknown or expired or its session has ended.
 *
 * The session row is locked first (session.repository.ts lockLive), so refreshes of one session run one after
 * another, on one instance or several, and take their locks in one order. The successor of a token is derived
 * from it (crypto.ts successorToken), so the token sent again within REFRESH_RETRY_SECONDS of its use, while its
 * successor is unused, is answered with that same successor: every racing tab and a retry of a lost answer end
 * with one cookie that works. Any other reuse of a rotated token means it leaked: the family is revoked and the
 * session ended. `loadSubject` reads the member fresh so the new id token carries current names.
 */
export async function rotateTokens(
  db: DbOrTx,
  config: Config,
  refreshToken: string,
  loadSubject: (memberId: string) => Promise<TokenSubject | null>,
  now = new Date(),
): Promise<RotateResult> {
  const hash = sha256(refreshToken);
  const presented = await refreshTokens.findByHash(db, hash);
  if (!presented) return { kind: 'refused' };
  const { family_id: familyId, memberid: memberId } = presented;
  const session = await sessions.lockLive(db, familyId, memberId, now, before(now, SESSION_IDLE_SECONDS));
  if (!session) return { kind: 'refused' };
  // Read again under the lock: a refresh that held it may have rotated the token since.
  const row = await refreshTokens.findByHash(db, hash);
  if (!row) return { kind: 'refused' };
  const successor = successorToken(refreshToken, config.TOKEN_SECRET);
  const answer = async (issue: (subject: TokenSubject) => Promise<SessionTokens>, retried: boolean): Promise<RotateResult> => {
    const subject = await loadSubject(memberId);
    if (!subject) return { kind: 'refused' };
    await sessions.touch(db, session.id, now, now);
    return { kind: 'rotated', memberId, session: await issue(subject), retried };
  };
  if (row.revoked_at === null) {
    if (row.expires_at.getTime() <= now.getTime()) return { kind: 'refused' };
    const successorId = randomUUID();
    await refreshTokens.markRotated(db, row.id, now, successorId);
    return answer((subject) => tokensFor(db, config, subject, session.id, session.expires_at, now, { id: successorId, token: successor }), false);
  }
  // Sent again: a retry while it was used within the last REFRESH_RETRY_SECONDS and its successor is unused.
  const recent = row.revoked_at.getTime() >= before(now, REFRESH_RETRY_SECONDS).getTime();
  const replacement = recent && row.replaced_by ? await refreshTokens.findById(db, row.replaced_by) : undefined;
  if (replacement && replacement.revoked_at === null && replacement.token_hash === sha256(successor)) {
    return answer((subject) => signedTokens(config, subject, session.id, session.expires_at, successor, now), true);
  }
  await refreshTokens.revokeFamily(db, familyId, now);
  const ended = await sessions.end(db, familyId, 'refresh-reuse', now);
  return ended ? { kind: 'reused', memberId } : { kind: 'refused' };
}

/** The session a refresh token belongs to (its family), whatever its state; null for an unknown token. */
export async function sessionOfRefreshToken(db: DbOrTx, refreshToken: string): Promise<{ sessionId: string; memberId: string } | null> {
  const row = await refreshTokens.findByHash(db, sha256(refreshToken));
  return row ? { sessionId: row.family_id, memberId: row.memberid } : null;
}

/** Ends a session: its access tokens stop working at once and its refresh family is revoked. */
export async function endSession(db: DbOrTx, sessionId: string, reason: sessions.EndReason, now = new Date()): Promise<boolean> {
  await refreshTokens.revokeFamily(db, sessionId, now);
  return sessions.end(db, sessionId, reason, now);
}

/** Ends every session of a member (a password reset). */
export async function endAllSessions(db: DbOrTx, memberId: string, reason: sessions.EndReason, now = new Date()): Promise<void> {
  await refreshTokens.revokeAllForMember(db, memberId, now);
  await sessions.endAllForMember(db, memberId, reason, now);
}
