/**
 * The catalogue texts screens show outside form documents ('Not Available', 'NO PLAN FOUND'...), read from
 * schemas/messages/en.json so each has one source (spec §8). Texts of a form come from its document instead.
 */
import en from '#content/schemas/messages/en.json';

export type MessageKey = keyof typeof en.messages;

export const messages: Readonly<Record<MessageKey, string>> = en.messages;
