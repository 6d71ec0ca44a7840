import { describe, expect, it } from 'vitest';
import { LANGUAGE_LOCALES } from '#contracts/language.ts';
import { fillMessage, fillPlural } from '#contracts/messages.ts';

describe('catalogue texts', () => {
  it('fills the {name} marks it has values for and leaves the others', () => {
    expect(fillMessage('Rates from {year} ({unknown})', { year: 2024 })).toBe('Rates from 2024 ({unknown})');
  });

  it('says a count in the form the language gives it: English and Spanish tell one from the rest', () => {
    const plans = { one: '{count} plan', other: '{count} plans' };
    expect([0, 1, 2, 78].map((count) => fillPlural(plans, count, LANGUAGE_LOCALES.en))).toEqual(['0 plans', '1 plan', '2 plans', '78 plans']);
    const planes = { one: '{count} plan', other: '{count} planes' };
    expect([0, 1, 2].map((count) => fillPlural(planes, count, LANGUAGE_LOCALES.es))).toEqual(['0 planes', '1 plan', '2 planes']);
  });

  it('takes the other form for a category the texts do not name, and fills the other marks too', () => {
    // Polish says 2 with 'few', which these texts leave out.
    expect(fillPlural({ one: '{count} key of {issuer}', other: '{count} keys of {issuer}' }, 2, 'pl', { issuer: 'idp' })).toBe('2 keys of idp');
  });
});
