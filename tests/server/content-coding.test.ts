/**
 * The coding an answer is sent in (content-coding.ts), read from Accept-Encoding as RFC 9110 §12.5.3 says, and
 * the compressed copies kept with an answer.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EncodedAnswer, preferredCoding } from '#server/http/content-coding.ts';

describe('preferredCoding', () => {
  it.each([
    ['no header', undefined, 'identity'],
    ['an empty header (no coding wanted)', '', 'identity'],
    ["Chromium's header", 'gzip, deflate, br, zstd', 'br'],
    ["Node fetch's header over http", 'gzip, deflate', 'gzip'],
    ['brotli refused', 'br;q=0, gzip', 'gzip'],
    ['brotli refused with three zeros and spaces', 'gzip, br ; q=0.000', 'gzip'],
    ['everything it knows refused', 'br;q=0, gzip;q=0', 'identity'],
    ['* alone', '*', 'br'],
    ['* but brotli refused', 'br;q=0, *', 'gzip'],
    ['* refused, identity not named (nothing acceptable: identity)', '*;q=0', 'identity'],
    ['gzip weighed above brotli', 'gzip;q=1, br;q=0.5', 'gzip'],
    ['identity weighed above brotli', 'identity, br;q=0.8', 'identity'],
    ['the lowest weight that is not zero', 'br;q=0.001', 'br'],
    ['identity not named weighs as the lightest coding named', 'gzip;q=0.5, br;q=0.2', 'gzip'],
    ['names in capitals', 'GZIP, BR', 'br'],
    ['x-gzip, the same as gzip', 'x-gzip', 'gzip'],
    ['a malformed weight (that coding is not named)', 'br;q=high, gzip;q=0.5', 'gzip'],
    ['a weight above 1 (malformed)', 'br;q=1.5', 'identity'],
    ['only codings the server does not make', 'deflate, zstd', 'identity'],
  ] as const)('%s: %j answers %s', (_label, header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
  });
});

describe('EncodedAnswer', () => {
  const json = Buffer.from(JSON.stringify({ success: true, data: Array.from({ length: 200 }, (_, index) => ({ index, text: 'repeated benefit text' })) }));

  it('answers the bytes themselves for identity, and copies that decompress to exactly them', () => {
    const answer = new EncodedAnswer(json);
    expect(answer.in('identity')).toBe(json);
    expect(brotliDecompressSync(answer.in('br')).equals(json)).toBe(true);
    expect(gunzipSync(answer.in('gzip')).equals(json)).toBe(true);
    expect(answer.in('br').length).toBeLessThan(json.length / 5);
  });

  it('compresses each coding once and keeps it', () => {
    const answer = new EncodedAnswer(json);
    expect(answer.in('br')).toBe(answer.in('br'));
    expect(answer.in('gzip')).toBe(answer.in('gzip'));
  });
});
