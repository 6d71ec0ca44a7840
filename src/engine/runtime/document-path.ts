/** The kinds of document the content API serves. */
export type DocumentKind = 'form' | 'flow';

/** Where the content API serves a resolved document for a scope (the id overrides are resolved by). Kept import-free: a screen without the engine reads it too. */
export function defaultDocumentPath(kind: DocumentKind, id: string, scope: string): string {
  return `/api/content/${kind}s/${encodeURIComponent(id)}?accountid=${encodeURIComponent(scope)}`;
}
