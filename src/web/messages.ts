/**
 * The catalogue texts screens show outside form documents ('Not Available', 'NO PLAN FOUND'...), read from
 * schemas/messages/en.json so each has one source (spec §8). Texts of a form come from its document instead.
 */
import en from '#content/schemas/messages/en.json';

export type MessageKey = keyof typeof en.messages;

export const messages: Readonly<Record<MessageKey, string>> = en.messages;

/** The catalogue's language (a BCP 47 tag), for documents the app writes itself (the print view). */
export const locale: string = en.locale;
