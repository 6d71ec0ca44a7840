/**
 * The address rules the crosswalk decides: a stored (ZIP, county, state) must be a real combination, as the ZIP
 * lookup offers them. Texts are the profile document's ZIP messages (the employer's resolved document).
 */
import type { FastifyInstance } from 'fastify';
import type { FieldErrors } from '#contracts/api.ts';
import type { Language } from '#contracts/language.ts';
import type { DbOrTx } from '#db/database.ts';
import * as locations from '#db/repositories/reference/location.repository.ts';
import { countyNameParts, type CountyKind } from '#domain/places/county-names.ts';
import { message, type FormDocument } from '#engine/runtime/index.ts';
import { catalogueMessage } from '../../content/catalogue-messages.ts';

export const ZIP_PATTERN = /^\d{5}$/;

/** Each kind of county in the catalogue's words ('Condado de {name}'). */
const COUNTY_WORDS: Readonly<Record<CountyKind, (name: string, language: Language) => string>> = {
  county: (name, language) => catalogueMessage('county-name-county', { name }, language),
  parish: (name, language) => catalogueMessage('county-name-parish', { name }, language),
  borough: (name, language) => catalogueMessage('county-name-borough', { name }, language),
  'city-and-borough': (name, language) => catalogueMessage('county-name-city-and-borough', { name }, language),
  'census-area': (name, language) => catalogueMessage('county-name-census-area', { name }, language),
  municipality: (name, language) => catalogueMessage('county-name-municipality', { name }, language),
  municipio: (name, language) => catalogueMessage('county-name-municipio', { name }, language),
  city: (name, language) => catalogueMessage('county-name-city', { name }, language),
};

/**
 * A county the crosswalk names ('Clackamas County') as `language` says it ('Condado de Clackamas'; the naming rule
 * of src/domain/places/county-names.ts); a name of no known kind as it is. What is stored stays the crosswalk's name.
 */
export function countyLabel(countyname: string, language: Language): string {
  const { kind, name } = countyNameParts(countyname);
  return kind === null ? name : COUNTY_WORDS[kind](name, language);
}

/** The profile document's message texts as this employer sees them, in `language`. */
export async function profileMessages(app: FastifyInstance, accountId: string | null, language: Language): Promise<(key: string) => string> {
  const { document } = await app.content.resolve('profile', accountId, language);
  return (key) => message(document as FormDocument, key);
}

/**
 * Field errors (under `prefix`) when the address's postalcode, county and stateorprovince are not a real
 * combination: an unknown ZIP marks postalcode ('zip-not-found'); a county the ZIP does not reach marks county
 * and a state that is not the county's marks stateorprovince ('zip-county-mismatch'). Fields that are absent or
 * already faulty are left to the document's own checks.
 */
export async function addressFieldErrors(
  db: DbOrTx,
  text: (key: string) => string,
  address: { postalcode?: unknown; county?: unknown; stateorprovince?: unknown },
  prefix: string,
  alreadyFaulty: FieldErrors = {},
): Promise<FieldErrors> {
  const { postalcode, county, stateorprovince } = address;
  const faulty = (field: string) => alreadyFaulty[`${prefix}/${field}`] !== undefined;
  if (typeof postalcode !== 'string' || !ZIP_PATTERN.test(postalcode) || faulty('postalcode')) return {};
  if (!(await locations.zipExists(db, postalcode))) return { [`${prefix}/postalcode`]: [text('zip-not-found')] };
  if (typeof county !== 'string' || county.trim() === '' || faulty('county')) return {};
  const found = await locations.findCounty(db, postalcode, county);
  if (!found) return { [`${prefix}/county`]: [text('zip-county-mismatch')] };
  if (typeof stateorprovince !== 'string' || stateorprovince.trim() === '' || faulty('stateorprovince')) return {};
  if (stateorprovince.trim().toUpperCase() !== found.state) return { [`${prefix}/stateorprovince`]: [text('zip-county-mismatch')] };
  return {};
}
