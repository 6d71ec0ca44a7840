/**
 * A content problem: a document, override or expression the engine cannot use. It names the document and the
 * JSON pointer of the fault so staff can fix the content; it is never shown to the person filling the form.
 */
export class EngineConfigError extends Error {
  constructor(
    readonly documentId: string,
    readonly pointer: string,
    message: string,
  ) {
    super(`${documentId}${pointer ? ` at ${pointer}` : ''}: ${message}`);
    this.name = 'EngineConfigError';
  }
}
