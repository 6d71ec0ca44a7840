/** Writes the security event log (table security_event): member, client address, time. Never an e-mail or token. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { DbOrTx, SecurityEventKind } from '#db/database.ts';
import * as events from '#db/repositories/security-event.repository.ts';

export async function recordSecurityEvent(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: SecurityEventKind,
  memberId: string | null,
  db: DbOrTx = app.db,
): Promise<void> {
  await events.insert(db, { id: randomUUID(), kind, memberid: memberId, client_address: request.ip });
}
