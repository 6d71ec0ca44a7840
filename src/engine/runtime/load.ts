/**
 * The browser's side of loading: documents arrive from the API as JSON; these checks make sure the value is
 * the kind of document the caller expects before it renders it (the server already checked it fully).
 */
import { EngineConfigError } from './errors.ts';
import type { FlowDocument, FormDocument } from './types.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The value as a form document; throws EngineConfigError when it is not one. */
export function asFormDocument(value: unknown): FormDocument {
  if (!isObject(value) || value.kind !== 'form' || typeof value.id !== 'string' || !isObject(value.schema) || !isObject(value.messages)) {
    throw new EngineConfigError(isObject(value) && typeof value.id === 'string' ? value.id : 'document', '', 'not a form document');
  }
  return value as FormDocument;
}

/** The value as a flow document; throws EngineConfigError when it is not one. */
export function asFlowDocument(value: unknown): FlowDocument {
  if (!isObject(value) || value.kind !== 'flow' || typeof value.id !== 'string' || !isObject(value.steps)) {
    throw new EngineConfigError(isObject(value) && typeof value.id === 'string' ? value.id : 'document', '', 'not a flow document');
  }
  return value as FlowDocument;
}
