/**
 * Session tokens. The access token (15 minutes) and the id token are HS256 JWTs signed with TOKEN_SECRET; the
 * access token's header says `typ: at+jwt` so an id token can never stand in for it. The refresh token is an
 * opaque random string stored as its SHA-256; each use rotates it within its family, and a token that was already
 * rotated or revoked coming back means it leaked, so the whole family is revoked.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { TokenResponse } from '#contracts/entities.ts';
import type { DbOrTx } from '#db/database.ts';
import * as refreshTokens from '#db/repositories/refresh-token.repository.ts';
import type { Config } from './config.ts';
import { randomToken, sha256 } from './crypto.ts';
import type { AuthenticatedMember } from './fastify-types.ts';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 12 * 60 * 60;
const ISSUER = 'benefit-portal';
const ACCESS_TYPE = 'at+jwt';

export type TokenSubject = AuthenticatedMember & { firstname: string; lastname: string };

const key = (config: Config) => new TextEncoder().encode(config.TOKEN_SECRET);

export async function signAccessToken(config: Config, subject: AuthenticatedMember, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ accountid: subject.accountId, email: subject.email })
    .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TYPE })
    .setSubject(subject.memberId)
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(key(config));
}

async function signIdToken(config: Config, subject: TokenSubject, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
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

/** The member an access token speaks for, or null when it is invalid, expired or not an access token. */
export async function verifyAccessToken(config: Config, token: string): Promise<AuthenticatedMember | null> {
  try {
    const { payload } = await jwtVerify(token, key(config), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      typ: ACCESS_TYPE,
    });
    const { sub, accountid, email } = payload;
    if (typeof sub !== 'string' || typeof accountid !== 'string' || typeof email !== 'string') return null;
    return { memberId: sub, accountId: accountid, email };
  } catch {
    return null;
  }
}

/** Signs in: a new refresh family. */
export async function issueTokens(db: DbOrTx, config: Config, subject: TokenSubject, now = new Date()): Promise<TokenResponse> {
  return tokensFor(db, config, subject, randomUUID(), now);
}

async function tokensFor(db: DbOrTx, config: Config, subject: TokenSubject, familyId: string, now: Date): Promise<TokenResponse> {
  const refresh = randomToken();
  await refreshTokens.insert(db, {
    id: randomUUID(),
    memberid: subject.memberId,
    family_id: familyId,
    token_hash: sha256(refresh),
    expires_at: new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000),
  });
  return {
    access_token: await signAccessToken(config, subject, now),
    id_token: await signIdToken(config, subject, now),
    refresh_token: refresh,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
  };
}

/**
 * Exchanges a refresh token for a new set. Null when the token is unknown, expired or reused (reuse revokes the
 * family). `loadSubject` reads the member fresh so the new id token carries current names.
 */
export async function rotateTokens(
  db: DbOrTx,
  config: Config,
  refreshToken: string,
  loadSubject: (memberId: string) => Promise<TokenSubject | null>,
  now = new Date(),
): Promise<TokenResponse | null> {
  const row = await refreshTokens.findByHash(db, sha256(refreshToken));
  if (!row) return null;
  if (row.revoked_at !== null) {
    await refreshTokens.revokeFamily(db, row.family_id, now);
    return null;
  }
  if (row.expires_at.getTime() <= now.getTime()) return null;
  // Revoking only if still live makes two concurrent uses of one token a reuse, not two new families.
  if (!(await refreshTokens.revokeIfLive(db, row.id, now))) {
    await refreshTokens.revokeFamily(db, row.family_id, now);
    return null;
  }
  const subject = await loadSubject(row.memberid);
  if (!subject) return null;
  return tokensFor(db, config, subject, row.family_id, now);
}

/** Signs out: the family of this refresh token can no longer be used. */
export async function revokeRefreshToken(db: DbOrTx, refreshToken: string, now = new Date()): Promise<void> {
  const row = await refreshTokens.findByHash(db, sha256(refreshToken));
  if (row) await refreshTokens.revokeFamily(db, row.family_id, now);
}
