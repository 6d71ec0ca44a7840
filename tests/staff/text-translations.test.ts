/**
 * A document's Spanish as the console keeps it: a text's translation set or removed in the draft, which texts have
 * none or one to review, why the server would refuse one, and the document as served in a language.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../src/staff/documents/document-edits.ts';
import { setText } from '../../src/staff/documents/texts/text-places.ts';
import { servedIn, setTranslation, translationChecks, translationOf, translationStates } from '../../src/staff/documents/texts/text-translations.ts';

const read = (file: string) => JSON.parse(readFileSync(path.join(process.cwd(), file), 'utf8')) as Json;
/** The base profile with the Spanish of two texts, as the base documents carry it (schemas/translations/es). */
const base: Json = {
  ...read('schemas/forms/profile.schema.json'),
  translations: { es: { '/messages/heading': 'Bienvenido a su creador de paquetes de beneficios', '/messages/ssn-on-file': 'Registrado: {ssn}.' } },
};

describe("the draft's Spanish", () => {
  it('sets a Spanish text, and removes it when emptied, with the language and translations left empty', () => {
    const { translations: _spanish, ...plain } = base;
    const edited = setTranslation(plain, 'es', '/messages/dob-range', 'Fecha de nacimiento entre 1941-01-01 y hoy.');
    expect(edited.translations).toEqual({ es: { '/messages/dob-range': 'Fecha de nacimiento entre 1941-01-01 y hoy.' } });
    expect(setTranslation(edited, 'es', '/messages/dob-range', '  ')).toEqual(plain);
    expect(translationOf(setTranslation(base, 'es', '/messages/heading', ''), 'es')).toEqual({ '/messages/ssn-on-file': 'Registrado: {ssn}.' });
  });

  it('says which texts have no Spanish, and which Spanish is to review since the employer changed the English', () => {
    const states = translationStates(base, base, 'es');
    expect(states.get('/messages/heading')).toBe('translated');
    expect(states.get('/messages/dob-range')).toBe('missing');
    const changed = setText(base, '/messages/heading', 'Welcome to Acme benefits');
    expect(translationStates(changed, base, 'es').get('/messages/heading')).toBe('review');
    const retranslated = setTranslation(changed, 'es', '/messages/heading', 'Bienvenido a los beneficios de Acme');
    expect(translationStates(retranslated, base, 'es').get('/messages/heading')).toBe('translated');
    // A form of the employer's own has no base: nothing is to review.
    expect(translationStates(changed, null, 'es').get('/messages/heading')).toBe('translated');
  });

  it("names the problems the server would refuse: marks that differ, and Spanish of a text the document does not have", () => {
    const wrong = setTranslation(base, 'es', '/messages/ssn-on-file', 'Registrado: {numero}.');
    const removed = { ...wrong, messages: { ...(wrong.messages as Json) } };
    delete (removed.messages as Json).heading;
    const { byPointer, strays } = translationChecks(removed, 'es');
    expect(byPointer.get('/messages/ssn-on-file')).toEqual(['the translation must keep the marks of the text ({ssn})']);
    expect([...strays.keys()]).toEqual(['/messages/heading']);
    expect(translationChecks(base, 'es').byPointer.size).toBe(0);
  });

  it('serves the draft in Spanish with its Spanish in place, in English without translations', () => {
    const spanish = servedIn(base, 'es');
    expect((spanish.messages as Json).heading).toBe('Bienvenido a su creador de paquetes de beneficios');
    expect((spanish.messages as Json)['dob-range']).toBe('DOB must be between 1941-01-01 and today.');
    expect(spanish).not.toHaveProperty('translations');
    const english = servedIn(base, 'en');
    expect((english.messages as Json).heading).toBe('Welcome to your Benefits Package Creator');
    expect(english).not.toHaveProperty('translations');
  });
});
