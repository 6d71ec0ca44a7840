/**
 * A form document resolved for the employer in the link (its overrides apply). Without an employer, or with a link
 * whose employer id is no identifier at all, the base document is wanted: the empty identifier names no employer,
 * so no override matches it.
 */
import { EMPTY_ID } from '#contracts/api.ts';
import { useDocument, type DocumentState } from '#engine/react/index.ts';
import type { FormDocument } from '#engine/core/types.ts';
import { todayUtc } from '#domain/dates.ts';
import { useMemo } from 'react';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function useFormDocument(id: string, employerId: string | null): DocumentState<FormDocument> {
  return useDocument('form', id, employerId && UUID.test(employerId) ? employerId : EMPTY_ID);
}

/** The rule context of the public forms: they only read today's date. */
export function usePublicRuleContext(): Record<string, unknown> {
  return useMemo(() => ({ today: todayUtc(new Date()) }), []);
}
