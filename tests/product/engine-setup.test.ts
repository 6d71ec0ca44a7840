/**
 * The product configures the engine (src/product/engine-setup.ts, imported by the test setup as by each entry):
 * its named patterns, the `personal` annotation Ajv's strict mode must know, and the password_score operation.
 */
import { describe, expect, it } from 'vitest';
import { compileWithAjv } from '#engine/compile/index.ts';
import { loadOperationsOf, PATTERNS, rules } from '#engine/runtime/index.ts';
import { PRODUCT_PATTERNS } from '#product/index.ts';

describe('the product in the engine', () => {
  it('names its identifiers with patterns of its own, not the engine', () => {
    expect(Object.keys(PATTERNS)).not.toContain('ssn');
    expect(rules.apply({ matches: ['***-**-1234', 'masked-last-4'] }, {})).toBe(true);
    for (const issuable of ['001010001', '123456789', '665999999', '667010001', '899999999']) {
      expect(rules.apply({ matches: [issuable, 'ssn'] }, {}), issuable).toBe(true);
    }
    for (const refused of ['000123456', '666123456', '900123456', '999999999', '123004567', '123450000', '12345678', '1234567890', '123-45-6789']) {
      expect(rules.apply({ matches: [refused, 'ssn'] }, {}), refused).toBe(false);
    }
    expect(rules.apply({ matches: ['Abcdef1!', 'strong-password'] }, {})).toBe(true);
    expect(rules.apply({ matches: ['Abcdef1~', 'strong-password'] }, {})).toBe(false);
    expect(PRODUCT_PATTERNS.ssn!.test('123456789')).toBe(true);
  });

  it('scores passwords in the rules, with any number of arguments as before', async () => {
    expect(rules.operations).toContain('password_score');
    expect(rules.check({ password_score: [{ var: 'a' }, 1] })).toEqual([]);
    await loadOperationsOf({ rules: [{ assert: { '>=': [{ password_score: { var: 'data.password' } }, 3] } }] });
    expect(rules.apply({ password_score: 'password' }, {})).toBe(0);
    expect(rules.apply({ password_score: 'correct horse battery staple' }, {})).toBe(4);
  });

  it("marks personal data with an annotation the engine's compiler knows", () => {
    expect(compileWithAjv({ type: 'object', properties: { id: { type: 'string', personal: true } } })({ id: 'x' })).toBe(true);
    expect(() => compileWithAjv({ type: 'string', sensitive: true })).toThrow();
  });
});
