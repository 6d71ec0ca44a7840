/**
 * The county naming rule (src/domain/county-names.ts) and the catalogue's words for each kind: the crosswalk's
 * name read as kind and name, said again in English it is the crosswalk's name, in Spanish the kind comes first
 * ('Condado de Clackamas'); Louisiana's parishes and Alaska's boroughs are never called counties.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COUNTY_KINDS, countyNameParts } from '#domain/county-names.ts';
import { stateName, US_STATES } from '#domain/us-states.ts';
import { formatMessage } from '#engine/runtime/messages.ts';

const catalogue = (language: 'en' | 'es') =>
  (JSON.parse(readFileSync(path.join(import.meta.dirname, '..', '..', 'schemas', 'messages', `${language}.json`), 'utf8')) as { messages: Record<string, string> }).messages;
const said = (countyname: string, language: 'en' | 'es') => {
  const { kind, name } = countyNameParts(countyname);
  return kind === null ? name : formatMessage(catalogue(language)[`county-name-${kind}`]!, { name });
};

describe('county names', () => {
  it.each([
    ['Clackamas County', 'county', 'Clackamas', 'Condado de Clackamas'],
    ['James City County', 'county', 'James City', 'Condado de James City'],
    ['El Paso County', 'county', 'El Paso', 'Condado de El Paso'],
    ['Orleans Parish', 'parish', 'Orleans', 'Parroquia de Orleans'],
    ['Kodiak Island Borough', 'borough', 'Kodiak Island', 'Borough de Kodiak Island'],
    ['Juneau City and Borough', 'city-and-borough', 'Juneau', 'Ciudad y borough de Juneau'],
    ['Bethel Census Area', 'census-area', 'Bethel', 'Área censal de Bethel'],
    ['Anchorage Municipality', 'municipality', 'Anchorage', 'Municipalidad de Anchorage'],
    ['San Juan Municipio', 'municipio', 'San Juan', 'Municipio de San Juan'],
    ['Richmond city', 'city', 'Richmond', 'Ciudad de Richmond'],
  ])('%s is a %s named %s: "%s" in Spanish, itself in English', (countyname, kind, name, spanish) => {
    expect(countyNameParts(countyname)).toEqual({ kind, name });
    expect(said(countyname, 'es')).toBe(spanish);
    expect(said(countyname, 'en')).toBe(countyname);
  });

  it.each(['Carson City', 'District of Columbia', 'County', ' Borough'])('"%s" is of no known kind: said as it is', (countyname) => {
    expect(countyNameParts(countyname)).toEqual({ kind: null, name: countyname.trim() });
    expect(said(countyname, 'es')).toBe(countyname.trim());
  });

  it('has the catalogue words of every kind in both languages, with the {name} mark', () => {
    for (const language of ['en', 'es'] as const) {
      for (const kind of COUNTY_KINDS) expect(catalogue(language)[`county-name-${kind}`], `${language} ${kind}`).toContain('{name}');
    }
  });
});

describe('state names', () => {
  it('names a state in English or Spanish, and an unknown code by itself', () => {
    expect(stateName('OR')).toBe('Oregon');
    expect(stateName('OR', 'es')).toBe('Oregón');
    expect(stateName('LA', 'es')).toBe('Luisiana');
    expect(stateName('NY', 'es')).toBe('Nueva York');
    expect(stateName('TX', 'es')).toBe('Texas');
    expect(stateName('ZZ', 'es')).toBe('ZZ');
  });

  it('has a Spanish name for every state, the District and the territories', () => {
    expect(US_STATES).toHaveLength(56);
    for (const state of US_STATES) expect(stateName(state.code, 'es').trim(), state.code).not.toBe('');
    expect(US_STATES.filter((state) => state.es !== undefined && state.es === state.name)).toEqual([]);
  });
});
