/** The texts a person reads come from the document's messages, with `{name}` parameters filled in. */
import type { FormDocument } from './types.ts';

/** Replaces `{name}` with params.name; unknown names stay as they are. */
export function formatMessage(text: string, params: Record<string, unknown> = {}): string {
  return text.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) && params[name] !== undefined ? String(params[name]) : whole,
  );
}

/**
 * The document's text for `key` with its parameters filled in. A key the document lacks answers the key itself,
 * so a content slip shows something traceable instead of failing the form (the content tests catch it first).
 */
export function message(doc: Pick<FormDocument, 'messages'>, key: string, params?: Record<string, unknown>): string {
  const text = Object.prototype.hasOwnProperty.call(doc.messages, key) ? doc.messages[key]! : key;
  return formatMessage(text, params);
}
