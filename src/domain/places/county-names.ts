/**
 * A county's name as the ZIP crosswalk writes it ('Clackamas County', 'Orleans Parish', 'Juneau City and Borough',
 * 'Richmond city') read as its kind and its own name, so a screen can say it in the reader's words through the
 * catalogue ('county-name-<kind>': 'Condado de {name}', 'Parroquia de {name}'...). Louisiana's parishes and
 * Alaska's boroughs, census areas and municipalities, Puerto Rico's municipios and the independent cities (Virginia,
 * Baltimore, St. Louis: the crosswalk writes 'city' in lower case) are kinds of their own, never "counties". A name
 * of no known kind ('Carson City', 'District of Columbia') is the name alone, said as it is.
 */
export const COUNTY_KINDS = ['county', 'parish', 'borough', 'city-and-borough', 'census-area', 'municipality', 'municipio', 'city'] as const;
export type CountyKind = (typeof COUNTY_KINDS)[number];

/** Each kind by the words the crosswalk ends its name with; the longer ending first ('City and Borough' before 'Borough'). */
const ENDINGS: ReadonlyArray<readonly [ending: string, kind: CountyKind]> = [
  [' City and Borough', 'city-and-borough'],
  [' Census Area', 'census-area'],
  [' Municipality', 'municipality'],
  [' Municipio', 'municipio'],
  [' Borough', 'borough'],
  [' Parish', 'parish'],
  [' County', 'county'],
  [' city', 'city'],
];

/** 'Clackamas County' -> { kind: 'county', name: 'Clackamas' }; a name of no known kind -> { kind: null, name }. */
export function countyNameParts(countyname: string): { kind: CountyKind | null; name: string } {
  const trimmed = countyname.trim();
  for (const [ending, kind] of ENDINGS) {
    if (trimmed.endsWith(ending) && trimmed.length > ending.length) return { kind, name: trimmed.slice(0, -ending.length).trim() };
  }
  return { kind: null, name: trimmed };
}
