/**
 * Fetches a resolved document (base plus the scope's override) through the injected documentFetcher, cached by
 * SWR. A form served with `validators` (the URL of its validators compiled ahead) is answered once they are loaded
 * and registered, so validating it compiles nothing.
 */
import { asFlowDocument, asFormDocument } from '#engine/core/index.ts';
import type { FlowDocument, FormDocument } from '#engine/core/types.ts';
import useSWR from 'swr';
import { defaultDocumentPath, loadValidators, useEngine, type DocumentKind } from './engine-context.tsx';

type Served<D> = { document: D; etag?: string; validators?: string };
type DocumentOf<K extends DocumentKind> = K extends 'form' ? FormDocument : FlowDocument;

export type DocumentState<D> = {
  document: D | undefined;
  error: unknown;
  isLoading: boolean;
  /** Reads the document again (after a failure). */
  retry: () => void;
};

/** `scope` is what the server resolves overrides by; null waits (no request) until it is known. */
export function useDocument<K extends DocumentKind>(
  kind: K,
  id: string | undefined,
  scope: string | null | undefined,
): DocumentState<DocumentOf<K>> {
  const services = useEngine();
  const { documentFetcher, documentPath = defaultDocumentPath } = services;
  const key = id && scope ? documentPath(kind, id, scope) : null;
  const { data, error, isLoading, mutate } = useSWR<DocumentOf<K>>(key, async (path: string) => {
    const served = await documentFetcher<Served<unknown>>(path);
    if (served.validators) await loadValidators(services, served.validators);
    // A wrong kind is a content fault: it fails here, as an error the screen shows, not inside a renderer.
    return (kind === 'form' ? asFormDocument(served.document) : asFlowDocument(served.document)) as DocumentOf<K>;
  });
  return { document: data, error, isLoading, retry: () => void mutate() };
}
