/**
 * Identity comes from the access token. A request may still carry ids (the spec's bodies repeat the member and
 * the employer); those may only name the caller (or be absent, null or the empty id), else the call answers 403
 * before anything is read or written.
 */
import { EMPTY_ID } from '#contracts/api.ts';
import { forbidden } from '../errors.ts';
import type { AuthenticatedMember } from '../ports.ts';

type SentId = string | null | undefined;

const foreign = (ids: readonly SentId[], own: string) =>
  ids.some((id) => id !== undefined && id !== null && id !== EMPTY_ID && id !== own);

export function refuseOthersIds(caller: AuthenticatedMember, sent: { memberIds?: readonly SentId[]; accountIds?: readonly SentId[] }): void {
  if (foreign(sent.memberIds ?? [], caller.memberId) || foreign(sent.accountIds ?? [], caller.accountId)) throw forbidden();
}
