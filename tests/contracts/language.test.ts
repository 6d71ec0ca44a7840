import { describe, expect, it } from 'vitest';
import { preferredLanguage, requestLanguage } from '#contracts/language.ts';

describe('the request language', () => {
  it('follows the chosen language first', () => {
    expect(requestLanguage('es', 'en-US,en;q=0.9')).toBe('es');
    expect(requestLanguage('en', 'es-MX')).toBe('en');
  });

  it("else the browser's most preferred language among ours", () => {
    expect(requestLanguage(null, 'fr-FR, es-MX;q=0.9, en;q=0.8')).toBe('es');
    expect(requestLanguage(undefined, 'es;q=0.5, en-GB;q=0.7')).toBe('en');
    expect(requestLanguage('de', 'es')).toBe('es');
  });

  it('else English', () => {
    expect(requestLanguage(null, undefined)).toBe('en');
    expect(preferredLanguage('fr, de;q=0.5')).toBeNull();
    expect(preferredLanguage('es;q=0')).toBeNull();
    expect(preferredLanguage('garbage;;;q=x, ,')).toBeNull();
  });
});
