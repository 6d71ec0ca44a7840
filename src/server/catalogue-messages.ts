/**
 * The catalogue texts (schemas/messages/en.json) a server answer carries as its notice or its 500 message, filled
 * in. The web shows the same keys through src/web/messages.ts, so a text has one source.
 */
import en from '#content/schemas/messages/en.json';
import { fillMessage } from '#contracts/messages.ts';

export type CatalogueMessageKey = keyof typeof en.messages;

export function catalogueMessage(key: CatalogueMessageKey, values: Readonly<Record<string, string | number>> = {}): string {
  return fillMessage(en.messages[key], values);
}
