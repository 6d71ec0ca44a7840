/**
 * The form documents of the public screens (/login, /register, /set-password), resolved for the employer in the
 * link (its overrides apply). Without an employer, or with a link whose employer id is no identifier at all, the
 * base document is wanted: the empty identifier names no employer, so no override matches it.
 */
import type { ApiAnswer } from '#contracts/api.ts';
import { EMPTY_ID } from '#contracts/api.ts';
import { useDocument, withoutPrefix, type DocumentState, type FormData } from '#engine/react/index.ts';
import type { FieldErrors, FormDocument } from '#engine/runtime/types.ts';
import { todayUtc } from '#domain/values/dates.ts';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function useFormDocument(id: string, employerId: string | null): DocumentState<FormDocument> {
  return useDocument('form', id, employerId && UUID.test(employerId) ? employerId : EMPTY_ID);
}

/** The rule context of the public forms: they only read today's date. */
export function usePublicRuleContext(): Record<string, unknown> {
  return useMemo(() => ({ today: todayUtc(new Date()) }), []);
}

export type PublicForm = DocumentState<FormDocument> & {
  /** The link's query and the employer it names (employer_id). */
  params: URLSearchParams;
  employerId: string | null;
  /** The link's employer when it is an identifier: sent with sign-in requests, whose texts are that employer's. */
  accountId: string | null;
  context: Record<string, unknown>;
  formData: FormData;
  setFormData: (data: FormData) => void;
  serverErrors: FieldErrors | undefined;
  setServerErrors: (errors: FieldErrors | undefined) => void;
  /** A request is in flight. */
  busy: boolean;
  /**
   * Sends a request with `busy` set while it is in flight; a failure's field errors mark the form's fields
   * (`prefix` is where the form's data sits in the request body, '' for the body itself).
   */
  send: <T>(request: () => Promise<ApiAnswer<T>>, prefix: string) => Promise<ApiAnswer<T>>;
};

/**
 * What a public screen's document form holds: the document for the employer in the link, the rule context, the
 * data typed so far, the server's field errors and whether a request is in flight.
 */
export function usePublicForm(id: string): PublicForm {
  const [params] = useSearchParams();
  const employerId = params.get('employer_id');
  const accountId = employerId && UUID.test(employerId) ? employerId : null;
  const document = useFormDocument(id, employerId);
  const context = usePublicRuleContext();
  const [formData, setFormData] = useState<FormData>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>();
  const [busy, setBusy] = useState(false);

  const send = async <T>(request: () => Promise<ApiAnswer<T>>, prefix: string) => {
    setBusy(true);
    const answer = await request();
    setBusy(false);
    if (!answer.success) setServerErrors(withoutPrefix(answer.fieldErrors, prefix));
    return answer;
  };

  return { ...document, params, employerId, accountId, context, formData, setFormData, serverErrors, setServerErrors, busy, send };
}
