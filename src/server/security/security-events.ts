/** Writes the security event log (table security_event): member or staff user, client address, time. Never an e-mail or token. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { DbOrTx, SecurityEventKind } from '#db/database.ts';
import * as events from '#db/repositories/sign-in/security-event.repository.ts';

export async function recordSecurityEvent(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: SecurityEventKind,
  memberId: string | null,
  db: DbOrTx = app.db,
): Promise<void> {
  await events.insert(db, { id: randomUUID(), kind, memberid: memberId, client_address: request.ip });
}

/** A staff user's security event (the second factor): the staff user instead of a member; no code or secret. */
export async function recordStaffSecurityEvent(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: Extract<SecurityEventKind, `staff-${string}`>,
  staffUserId: string,
  db: DbOrTx = app.db,
): Promise<void> {
  await events.insert(db, { id: randomUUID(), kind, memberid: null, staff_user_id: staffUserId, client_address: request.ip });
}

/**
 * An event of a sign-in through an identity provider (an employer's, or the staff console's): the provider's
 * issuer, and for a refusal why (a code such as 'nonce-mismatch'); the member or staff user when known. Never the
 * e-mail or a token.
 */
export async function recordProviderEvent(
  app: FastifyInstance,
  request: FastifyRequest,
  event: {
    kind: Extract<SecurityEventKind, 'sign-in' | 'sign-in-failed'>;
    memberId: string | null;
    staffUserId?: string | null;
    issuer: string | null;
    reason?: string;
  },
  db: DbOrTx = app.db,
): Promise<void> {
  await events.insert(db, {
    id: randomUUID(),
    kind: event.kind,
    memberid: event.memberId,
    staff_user_id: event.staffUserId ?? null,
    client_address: request.ip,
    identity_provider: event.issuer,
    reason: event.reason ?? null,
  });
}
