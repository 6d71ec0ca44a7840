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

/** How a language says each kind, with the county's own name as {name} (the catalogue's 'county-name-<kind>'). */
export type CountyWords = Readonly<Record<CountyKind, string>>;

/** A county the crosswalk names ('Marion County') in a language's words ('Condado de Marion'); a name of no known kind as it is. */
export function countyInWords(countyname: string, words: CountyWords): string {
  const { kind, name } = countyNameParts(countyname);
  return kind === null ? name : words[kind].replace('{name}', name);
}

/** The crosswalk's ending of each kind (' County'). */
const ENDING_OF = Object.fromEntries(ENDINGS.map(([ending, kind]) => [kind, ending])) as Readonly<Record<CountyKind, string>>;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A county as a person wrote it, as the crosswalk names it: a county in a language's words, in any case ('Condado
 * de Marion', 'condado de marion'), is the name written with the crosswalk's ending of its kind ('Marion County';
 * the inverse of countyInWords; the server matches a county in any case); anything else stays as written, for the
 * server's check against the crosswalk. The longer words are tried first ('Ciudad y borough de' before 'Ciudad de').
 */
export function countyFromWords(text: string, words: CountyWords): string {
  const kinds = [...COUNTY_KINDS].sort((one, other) => words[other].length - words[one].length);
  for (const kind of kinds) {
    const said = new RegExp(`^${escaped(words[kind]).replace(escaped('{name}'), '(.*\\S.*)')}$`, 'i').exec(text);
    if (said) return `${said[1]!}${ENDING_OF[kind]}`;
  }
  return text;
}
