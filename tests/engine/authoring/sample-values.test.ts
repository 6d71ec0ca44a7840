/**
 * The values a field's schema accepts (src/engine/authoring/sample-values.ts): the candidates a proof fills a
 * field with, each judged by the validator after, so every pattern sample here is checked against the pattern.
 */
import { describe, expect, it } from 'vitest';
import { candidateValues, samplesOfPattern } from '#engine/authoring/index.ts';

const today = '2026-03-10';

describe('samplesOfPattern', () => {
  it.each([
    '^(a+)+$',
    '^[0-9]{6}$',
    '\\p{L}',
    '^(\\+?1[ .-]?)?(\\([2-9][0-9]{2}\\)|[2-9][0-9]{2})[ .-]?[0-9]{3}[ .-]?[0-9]{4}$',
    '^E-\\d{4}$',
    '^[^=+@-][A-Za-z\\d_]*$',
    '^(?:ab|cd){2,3}x?$',
    '^[A-Z]{2}[\\d_]{3}$',
    '^\\w+@\\w+\\.com$',
  ])('gives texts %s matches', (pattern) => {
    const samples = samplesOfPattern(pattern);
    expect(samples.length).toBeGreaterThan(0);
    expect(samples.filter((sample) => new RegExp(pattern, 'u').test(sample))).toEqual(samples);
  });

  it('gives only the empty text for ^$ (which no required text satisfies) and nothing for a pattern it cannot read', () => {
    expect(samplesOfPattern('^$')).toEqual(['']);
    expect(samplesOfPattern('([a-')).toEqual([]);
  });

  it('reaches a least length by repeating more', () => {
    expect(samplesOfPattern('^a+$')).toContain('aaaa');
  });
});

describe('candidateValues', () => {
  it("tries const, then each enum value in order, then the default and the schema's examples", () => {
    expect(candidateValues({}, { type: 'string', enum: ['b', 'a'], default: 'a' }, { today })).toEqual(['b', 'a']);
    expect(candidateValues({}, { const: 'x' }, { today })).toEqual(['x']);
    expect(candidateValues({}, { type: 'string', default: 'd', examples: ['e1', 'e2'], maxLength: 5 }, { today }).slice(0, 3)).toEqual(['d', 'e1', 'e2']);
  });

  it('makes values of the type within its bounds: dates, e-mail addresses, texts of the allowed length, numbers, yes and no', () => {
    expect(candidateValues({}, { type: 'string', format: 'date' }, { today })[0]).toBe(today);
    expect(candidateValues({}, { type: 'string', format: 'email' }, { today })).toEqual(['sample@example.com']);
    expect(candidateValues({}, { type: 'string', minLength: 8, maxLength: 10 }, { today })[0]).toBe('SampleSamp');
    expect(candidateValues({}, { type: ['integer', 'null'], minimum: 5, maximum: 340, multipleOf: 5 }, { today })).toEqual([5, 10, 340, null]);
    expect(candidateValues({}, { type: 'number', minimum: -2 }, { today })).toEqual([-2, 0, 1, 10]);
    expect(candidateValues({}, { type: 'boolean' }, { today })).toEqual([true, false]);
  });

  it("follows a local $ref, the field's own keys winning", () => {
    const root = { type: 'object', definitions: { zip: { type: 'string', pattern: '^\\d{5}$' } } };
    expect(candidateValues(root, { $ref: '#/definitions/zip', examples: ['97201'] }, { today })[0]).toBe('97201');
    expect(candidateValues(root, { $ref: '#/definitions/zip' }, { today })[0]).toBe('00000');
  });
});
