/**
 * The product's words as a Spanish reader sees them, read from the product's own texts: the catalogue
 * (schemas/messages/es.json) by key, the documents' Spanish (schemas/translations/es/<document>.json) by pointer.
 * A key or pointer that is gone fails the reading, so a renamed text cannot leave a journey clicking nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '../../src/contracts/language.ts';
import { COUNTY_KINDS, countyInWords, type CountyWords } from '../../src/domain/places/county-names.ts';
import type { Words } from './support.ts';

const root = join(import.meta.dirname, '..', '..');
const readJson = (path: string): unknown => JSON.parse(readFileSync(join(root, path), 'utf8'));

function found(text: string | undefined, where: string): string {
  if (text === undefined) throw new Error(`No text at ${where}`);
  return text;
}

/** A catalogue's text by its key. */
export function catalogue(language: Language): (key: string) => string {
  const { messages } = readJson(`schemas/messages/${language}.json`) as { messages: Record<string, string> };
  return (key) => found(messages[key], `schemas/messages/${language}.json ${key}`);
}

export const es = catalogue('es');

/** A document's Spanish text by its pointer (into the document as served). */
export function esText(document: string, pointer: string): string {
  const { texts } = readJson(`schemas/translations/es/${document}.json`) as { texts: Record<string, string> };
  return found(texts[pointer], `schemas/translations/es/${document}.json ${pointer}`);
}

/** A text with its {marks} filled in. */
export const filled = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (mark, name: string) => (name in values ? String(values[name]) : mark));

/**
 * The whole label and nothing else, where a shorter Spanish word is part of another label (Nombre, Nombre del
 * empleador); a required field's label ends in its mark (Nombre *).
 */
export const exactly = (text: string): RegExp => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

const ssn = esText('profile', '/schema/properties/additionalid/title');
const dependentTitle = (field: string) => esText('profile', `/schema/definitions/dependent/properties/${field}/title`);
const dependentChoice = (pointer: string) => esText('profile', `/uiSchema/dependents/items/${pointer}`);

export const SPANISH: Words = {
  registration: {
    firstName: exactly(esText('registration', '/schema/properties/firstname/title')),
    lastName: exactly(esText('registration', '/schema/properties/lastname/title')),
    email: exactly(esText('registration', '/schema/properties/personalemailaddress/title')),
    terms: new RegExp(es('terms-of-use')),
    submit: exactly(esText('registration', '/messages/submit')),
  },
  setPassword: {
    password: esText('set-password', '/schema/properties/password/title'),
    confirm: exactly(esText('set-password', '/schema/properties/confirmpassword/title')),
    submit: exactly(esText('set-password', '/messages/submit')),
  },
  signIn: {
    email: exactly(esText('login', '/schema/properties/email/title')),
    password: exactly(esText('login', '/schema/properties/password/title')),
    submit: exactly(esText('login', '/messages/submit')),
  },
  profile: {
    address: exactly(esText('profile', '/schema/properties/address1/title')),
    telephone: exactly(esText('profile', '/schema/properties/phonenumber/title')),
    zip: exactly(esText('profile', '/schema/properties/postalcode/title')),
    countyPicker: esText('profile', '/messages/county-picker-title'),
    // The naming rule the portal uses, with the catalogue's Spanish words for each kind of county.
    countyNamed: (county) => countyInWords(county, Object.fromEntries(COUNTY_KINDS.map((kind) => [kind, es(`county-name-${kind}`)])) as CountyWords),
    city: exactly(esText('profile', '/schema/properties/city/title')),
    county: exactly(esText('profile', '/schema/properties/county/title')),
    state: exactly(esText('profile', '/schema/properties/stateorprovince/title')),
    dob: exactly(esText('profile', '/schema/properties/birthdate/title')),
    gender: new RegExp(`^${esText('profile', '/schema/properties/gender/title')}`),
    female: esText('profile', '/uiSchema/gender/ui:enumNames/1'),
    smoker: new RegExp(`^${esText('profile', '/schema/properties/istobaccouser/title')}`),
    no: esText('profile', '/uiSchema/istobaccouser/ui:options/noText'),
    ssnParts: [exactly(`${ssn} ${es('ssn-part-first')}`), exactly(`${ssn} ${es('ssn-part-middle')}`), exactly(`${ssn} ${es('ssn-part-last')}`)],
    pcpName: exactly(esText('profile', '/schema/properties/pcpname/title')),
    pcpId: exactly(esText('profile', '/schema/properties/pcpid/title')),
  },
  dependent: {
    add: exactly(esText('profile', '/uiSchema/dependents/ui:options/addText')),
    group: (number) => filled(esText('profile', '/uiSchema/dependents/ui:options/itemTitle'), { number }),
    firstName: exactly(dependentTitle('firstname')),
    lastName: exactly(dependentTitle('lastname')),
    dob: exactly(dependentTitle('dateofbirth')),
    gender: new RegExp(`^${dependentTitle('gender')}`),
    relationship: new RegExp(`^${dependentTitle('relationship')}`),
    smoker: new RegExp(`^${dependentTitle('istobaccouser')}`),
    ssn: exactly(dependentTitle('additionalid')),
    choices: {
      Male: dependentChoice('gender/ui:enumNames/0'),
      Female: dependentChoice('gender/ui:enumNames/1'),
      Spouse: dependentChoice('relationship/ui:enumNames/0'),
      Child: dependentChoice('relationship/ui:enumNames/1'),
      No: dependentChoice('istobaccouser/ui:options/noText'),
    },
  },
  next: new RegExp(`^(${es('next')}|${es('proceed')})$`),
  filters: es('filters'),
};
