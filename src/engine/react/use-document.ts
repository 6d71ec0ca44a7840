/**
 * Fetches a resolved document (base plus the scope's override) through the injected documentFetcher, cached by
 * SWR. A form served with `validators` (the URL of its validators compiled ahead) is answered once they are loaded
 * and registered, so validating it compiles nothing; one whose rules use an operation loaded apart (registered
 * with a loader), once that is loaded.
 */
import { asFlowDocument, asFormDocument, loadOperationsOf } from '#engine/runtime/index.ts';
import type { FlowDocument, FormDocument } from '#engine/runtime/types.ts';
import useSWR from 'swr';
import { defaultDocumentPath, loadValidators, useEngine, type DocumentKind } from './engine-context.tsx';

type Served<D> = { document: D; etag?: string; version?: number; validators?: string };
type DocumentOf<K extends DocumentKind> = K extends 'form' ? FormDocument : FlowDocument;

export type DocumentState<D> = {
  document: D | undefined;
  /** The version the server named (a scope's published override; 0 the base document), when it names one. */
  version: number | undefined;
  error: unknown;
  isLoading: boolean;
  /** Reads the document again (after a failure). */
  retry: () => void;
  /** Reads the document again now, keeping the one shown until the answer comes (a newer one replaces it). */
  revalidate: () => Promise<void>;
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
  const { data, error, isLoading, mutate } = useSWR<{ document: DocumentOf<K>; version: number | undefined }>(key, async (path: string) => {
    const served = await documentFetcher<Served<unknown>>(path);
    if (served.validators) await loadValidators(services, served.validators);
    // A wrong kind is a content fault: it fails here, as an error the screen shows, not inside a renderer.
    const document = (kind === 'form' ? asFormDocument(served.document) : asFlowDocument(served.document)) as DocumentOf<K>;
    // A form whose rules use an operation loaded apart (its own chunk) gets it before it shows, as its validators.
    if (kind === 'form') await loadOperationsOf(document);
    return { document, version: served.version };
  });
  return {
    document: data?.document,
    version: data?.version,
    error,
    isLoading,
    retry: () => void mutate(),
    revalidate: async () => {
      await mutate();
    },
  };
}
