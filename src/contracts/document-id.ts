/** A content document's id as the API and the console take it; schemas/meta repeats it (tests/contracts/document-id.test.ts). */

// Lowercase, from a letter, no dots or slashes: an id names files and URL path segments as it is.
export const DOCUMENT_ID_PATTERN = '^[a-z][a-z0-9-]*$';
