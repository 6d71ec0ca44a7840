import { describe, expect, it } from 'vitest';
import { formatMessage, message } from '#engine/runtime/index.ts';

describe('message', () => {
  const doc = { messages: { missing: 'missing date of birth in dependent #{number}', plain: 'Plain.' } };

  it("answers the document's text with its parameters", () => {
    expect(message(doc, 'missing', { number: 2 })).toBe('missing date of birth in dependent #2');
    expect(message(doc, 'plain')).toBe('Plain.');
  });

  it('leaves unknown parameters visible and answers an unknown key as itself', () => {
    expect(message(doc, 'missing')).toBe('missing date of birth in dependent #{number}');
    expect(message(doc, 'no-such-key')).toBe('no-such-key');
    expect(formatMessage('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});
