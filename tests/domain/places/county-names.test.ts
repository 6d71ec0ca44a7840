/**
 * The county naming rule (src/domain/places/county-names.ts) and the catalogue's words for each kind: the crosswalk's
 * name read as kind and name, said again in English it is the crosswalk's name, in Spanish the kind comes first
 * ('Condado de Clackamas'); Louisiana's parishes and Alaska's boroughs are never called counties.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COUNTY_KINDS, countyFromWords, countyInWords, countyNameParts, type CountyKind, type CountyWords } from '#domain/places/county-names.ts';
import { stateName, US_STATES } from '#domain/places/us-states.ts';
import type { RuleCase } from '../rule-case.ts';

const catalogue = (language: 'en' | 'es') =>
  (JSON.parse(readFileSync(path.join(import.meta.dirname, '..', '..', '..', 'schemas', 'messages', `${language}.json`), 'utf8')) as { messages: Record<string, string> }).messages;
/** How a language says each kind, from its catalogue. */
const words = (language: 'en' | 'es'): CountyWords =>
  Object.fromEntries(COUNTY_KINDS.map((kind) => [kind, catalogue(language)[`county-name-${kind}`]])) as CountyWords;
const said = (countyname: string, language: 'en' | 'es') => countyInWords(countyname, words(language));

describe('county names', () => {
  it.each([
    { name: 'Clackamas County', period: '', input: 'Clackamas County', output: { kind: 'county', name: 'Clackamas', spanish: 'Condado de Clackamas', english: 'Clackamas County' } },
    { name: 'James City County', period: '', input: 'James City County', output: { kind: 'county', name: 'James City', spanish: 'Condado de James City', english: 'James City County' } },
    { name: 'El Paso County', period: '', input: 'El Paso County', output: { kind: 'county', name: 'El Paso', spanish: 'Condado de El Paso', english: 'El Paso County' } },
    { name: 'Orleans Parish', period: '', input: 'Orleans Parish', output: { kind: 'parish', name: 'Orleans', spanish: 'Parroquia de Orleans', english: 'Orleans Parish' } },
    { name: 'Kodiak Island Borough', period: '', input: 'Kodiak Island Borough', output: { kind: 'borough', name: 'Kodiak Island', spanish: 'Borough de Kodiak Island', english: 'Kodiak Island Borough' } },
    { name: 'Juneau City and Borough', period: '', input: 'Juneau City and Borough', output: { kind: 'city-and-borough', name: 'Juneau', spanish: 'Ciudad y borough de Juneau', english: 'Juneau City and Borough' } },
    { name: 'Bethel Census Area', period: '', input: 'Bethel Census Area', output: { kind: 'census-area', name: 'Bethel', spanish: 'Área censal de Bethel', english: 'Bethel Census Area' } },
    { name: 'Anchorage Municipality', period: '', input: 'Anchorage Municipality', output: { kind: 'municipality', name: 'Anchorage', spanish: 'Municipalidad de Anchorage', english: 'Anchorage Municipality' } },
    { name: 'San Juan Municipio', period: '', input: 'San Juan Municipio', output: { kind: 'municipio', name: 'San Juan', spanish: 'Municipio de San Juan', english: 'San Juan Municipio' } },
    { name: 'Richmond city', period: '', input: 'Richmond city', output: { kind: 'city', name: 'Richmond', spanish: 'Ciudad de Richmond', english: 'Richmond city' } },
    { name: 'Carson City: no known kind, said as it is', period: '', input: 'Carson City', output: { kind: null, name: 'Carson City', spanish: 'Carson City', english: 'Carson City' } },
    { name: 'District of Columbia: no known kind, said as it is', period: '', input: 'District of Columbia', output: { kind: null, name: 'District of Columbia', spanish: 'District of Columbia', english: 'District of Columbia' } },
    { name: 'County alone: no known kind, said as it is', period: '', input: 'County', output: { kind: null, name: 'County', spanish: 'County', english: 'County' } },
    { name: "' Borough': no known kind, said as it is, trimmed", period: '', input: ' Borough', output: { kind: null, name: 'Borough', spanish: 'Borough', english: 'Borough' } },
  ] satisfies RuleCase<string, { kind: CountyKind | null; name: string; spanish: string; english: string }>[])('$name: its kind and name, in Spanish, and in English', ({ input, output }) => {
    expect(countyNameParts(input)).toEqual({ kind: output.kind, name: output.name });
    expect(said(input, 'es')).toBe(output.spanish);
    expect(said(input, 'en')).toBe(output.english);
  });

  it.each([
    { name: "'Condado de Clackamas' is Clackamas County", period: '', input: { written: 'Condado de Clackamas', language: 'es' }, output: 'Clackamas County' },
    { name: "'Parroquia de Orleans' is Orleans Parish", period: '', input: { written: 'Parroquia de Orleans', language: 'es' }, output: 'Orleans Parish' },
    { name: "'Borough de Kodiak Island' is Kodiak Island Borough", period: '', input: { written: 'Borough de Kodiak Island', language: 'es' }, output: 'Kodiak Island Borough' },
    { name: "'Ciudad y borough de Juneau' is Juneau City and Borough", period: '', input: { written: 'Ciudad y borough de Juneau', language: 'es' }, output: 'Juneau City and Borough' },
    { name: "'Área censal de Bethel' is Bethel Census Area", period: '', input: { written: 'Área censal de Bethel', language: 'es' }, output: 'Bethel Census Area' },
    { name: "'Municipalidad de Anchorage' is Anchorage Municipality", period: '', input: { written: 'Municipalidad de Anchorage', language: 'es' }, output: 'Anchorage Municipality' },
    { name: "'Municipio de San Juan' is San Juan Municipio", period: '', input: { written: 'Municipio de San Juan', language: 'es' }, output: 'San Juan Municipio' },
    { name: "'Ciudad de Richmond' is Richmond city", period: '', input: { written: 'Ciudad de Richmond', language: 'es' }, output: 'Richmond city' },
    { name: 'Clackamas County in English is itself', period: '', input: { written: 'Clackamas County', language: 'en' }, output: 'Clackamas County' },
    { name: 'Orleans Parish in English is itself', period: '', input: { written: 'Orleans Parish', language: 'en' }, output: 'Orleans Parish' },
    { name: 'Kodiak Island Borough in English is itself', period: '', input: { written: 'Kodiak Island Borough', language: 'en' }, output: 'Kodiak Island Borough' },
    { name: 'Juneau City and Borough in English is itself', period: '', input: { written: 'Juneau City and Borough', language: 'en' }, output: 'Juneau City and Borough' },
    { name: 'Bethel Census Area in English is itself', period: '', input: { written: 'Bethel Census Area', language: 'en' }, output: 'Bethel Census Area' },
    { name: 'Anchorage Municipality in English is itself', period: '', input: { written: 'Anchorage Municipality', language: 'en' }, output: 'Anchorage Municipality' },
    { name: 'San Juan Municipio in English is itself', period: '', input: { written: 'San Juan Municipio', language: 'en' }, output: 'San Juan Municipio' },
    { name: 'Richmond city in English is itself', period: '', input: { written: 'Richmond city', language: 'en' }, output: 'Richmond city' },
    // In any case; anything else is kept as written, for the server's check.
    { name: "'condado de marion' in any case is marion County", period: '', input: { written: 'condado de marion', language: 'es' }, output: 'marion County' },
    { name: "the crosswalk's name in Spanish words is kept", period: '', input: { written: 'Marion County', language: 'es' }, output: 'Marion County' },
    { name: 'a name of no kind is kept', period: '', input: { written: 'Carson City', language: 'es' }, output: 'Carson City' },
    { name: "the kind's words without a name are kept", period: '', input: { written: 'Condado de ', language: 'es' }, output: 'Condado de ' },
    { name: 'a bare name is kept', period: '', input: { written: 'Marion', language: 'es' }, output: 'Marion' },
    { name: 'a trailing blank is kept', period: '', input: { written: 'Marion County ', language: 'es' }, output: 'Marion County ' },
    { name: 'Spanish words read in English are kept', period: '', input: { written: 'Condado de Marion', language: 'en' }, output: 'Condado de Marion' },
  ] satisfies RuleCase<{ written: string; language: 'en' | 'es' }, string>[])("countyFromWords: $name", ({ input, output }) => {
    expect(countyFromWords(input.written, words(input.language))).toBe(output);
  });

  it('has the catalogue words of every kind in both languages, with the {name} mark', () => {
    for (const language of ['en', 'es'] as const) {
      for (const kind of COUNTY_KINDS) expect(catalogue(language)[`county-name-${kind}`], `${language} ${kind}`).toContain('{name}');
    }
  });
});

describe('state names', () => {
  it.each([
    { name: 'OR in English', period: '', input: { code: 'OR', language: 'en' }, output: 'Oregon' },
    { name: 'OR in Spanish', period: '', input: { code: 'OR', language: 'es' }, output: 'Oregón' },
    { name: 'LA in Spanish', period: '', input: { code: 'LA', language: 'es' }, output: 'Luisiana' },
    { name: 'NY in Spanish', period: '', input: { code: 'NY', language: 'es' }, output: 'Nueva York' },
    { name: 'TX in Spanish, the same word', period: '', input: { code: 'TX', language: 'es' }, output: 'Texas' },
    { name: 'an unknown code is named by itself', period: '', input: { code: 'ZZ', language: 'es' }, output: 'ZZ' },
  ] satisfies RuleCase<{ code: string; language: 'en' | 'es' }, string>[])('$name', ({ input, output }) => {
    expect(stateName(input.code, input.language)).toBe(output);
  });

  it('has a Spanish name for every state, the District and the territories', () => {
    expect(US_STATES).toHaveLength(56);
    for (const state of US_STATES) expect(stateName(state.code, 'es').trim(), state.code).not.toBe('');
    expect(US_STATES.filter((state) => state.es !== undefined && state.es === state.name)).toEqual([]);
  });
});
