/**
 * Optimistic concurrency of the staff API's whole-resource writes (RFC 9110 §13.1, RFC 6585 §3; docs/security.md,
 * "Optimistic concurrency"): a GET answers the resource's tag as its ETag; a PUT names the tag it read (If-Match)
 * or, where a PUT may create, that it read none (If-None-Match: *). A write naming neither is refused 428
 * PRECONDITION_REQUIRED, so no save replaces what a colleague stored without having seen it; one naming a tag that
 * is no longer current is refused 412 RESOURCE_CHANGED with who changed it and when. The service compares under the
 * lock it writes under, so two saves of the same tag cannot both pass.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { ApiSuccess } from '#contracts/api.ts';
import type { DbOrTx } from '#db/database.ts';
import { lastChange } from '#db/repositories/staff/staff-audit.repository.ts';
import { AppError } from '../errors.ts';
import { ok } from './route-schemas.ts';

/** What a write says it read: one of these tags (or `*`: any current version), or nothing at all. */
export type Precondition = { ifMatch: readonly string[] } | { ifNoneMatch: '*' };

/** Who changed a resource since it was read (their e-mail address as the audit trail names them; null: unknown) and when (ISO). */
export type Change = { changedBy: string | null; changedAt: string };

/** The request headers a precondition is read from (Fastify's lower-case names). */
type ConditionHeaders = { 'if-match'?: string | string[]; 'if-none-match'?: string | string[] };

/** The strong tag of a stored representation: a hash of its JSON, quoted as HTTP writes an ETag. */
export const representationTag = (representation: unknown) => `"${createHash('sha256').update(JSON.stringify(representation)).digest('base64url')}"`;

/** The request schema of the condition headers, for the route's `headers` (and so the OpenAPI document). */
export const conditionHeaders = (mayCreate: boolean) =>
  ({
    type: 'object',
    properties: {
      'if-match': { type: 'string', maxLength: 1000, description: 'The ETag the GET (or the last save) answered: the version this change was made on. Required' + (mayCreate ? ' unless If-None-Match: * is sent.' : '.') },
      ...(mayCreate ? { 'if-none-match': { type: 'string', const: '*', description: 'The change was made on no stored version (creates it): refused if someone stored one since.' } } : {}),
    },
  }) as const;

/** The answer headers of a tagged resource, for the 200 answer's `headers` in the OpenAPI document. */
export const etagHeader = { ETag: { type: 'string', description: "The resource's current version: what a change names in If-Match." } } as const;

/** The precondition a write carries, or 428 when it carries none (so it would replace what it never read). */
export function preconditionOf(headers: ConditionHeaders, mayCreate: boolean): Precondition {
  const ifMatch = [headers['if-match'] ?? []].flat().join(',').trim();
  if (ifMatch !== '') return { ifMatch: ifMatch.split(',').map((tag) => tag.trim()).filter((tag) => tag !== '') };
  if (mayCreate && [headers['if-none-match']].flat().includes('*')) return { ifNoneMatch: '*' };
  throw new AppError(
    'PRECONDITION_REQUIRED',
    428,
    mayCreate
      ? 'This change must name the version it was made on: send If-Match with the ETag your read answered, or If-None-Match: * when there was none.'
      : 'This change must name the version it was made on: send If-Match with the ETag your read answered.',
  );
}

/**
 * Whether the precondition holds for the resource's current tag (null: none is stored). If-Match compares strongly:
 * a weak tag (W/"…") never matches.
 */
export function holds(precondition: Precondition, current: string | null): boolean {
  if ('ifNoneMatch' in precondition) return current === null;
  return current !== null && precondition.ifMatch.some((tag) => tag === '*' || tag === current);
}

/** A time as the refusals write it: '2026-11-27 09:14 UTC'. */
export const minuteText = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** What a write changes, for the refusal's sentence and the audit entries that tell who changed it last. */
export type Resource = {
  /** As the sentence names it: 'these contacts', "the employer's settings". */
  name: string;
  /** The audit trail's entity and entity id of its changes, and the actions that change it. */
  entity: string;
  entityId: string;
  actions: readonly string[];
};

/**
 * Refuses (412 RESOURCE_CHANGED) a write whose precondition does not hold for the resource's current tag, naming
 * from the audit trail who changed it last and when. Call inside the write's transaction, under its lock.
 */
export async function requireUnchanged(db: DbOrTx, precondition: Precondition, current: string | null, resource: Resource): Promise<void> {
  if (holds(precondition, current)) return;
  const last = await lastChange(db, resource.entity, resource.entityId, resource.actions);
  const changedAt = last ? new Date(last.createdon) : new Date();
  const change: Change = { changedBy: last?.staffEmail ?? null, changedAt: changedAt.toISOString() };
  const who = change.changedBy ?? 'Someone';
  throw new AppError(
    'RESOURCE_CHANGED',
    412,
    `${who} changed ${resource.name} at ${minuteText(changedAt)}, after the version you read; reload to see their change and make yours again.`,
    undefined,
    change,
  );
}

/** The answer of a tagged resource: its data in the envelope, its tag (when it exists) as the ETag header. */
export function taggedAnswer<T>(reply: FastifyReply, data: T, tag: string | null): ApiSuccess<T> {
  if (tag !== null) reply.header('ETag', tag);
  return ok(data);
}
