/**
 * Whether a field of an employer's own form asks for a person's personal data by what it says or by the answers
 * it takes, whatever its key (issue 33, docs/decisions/046-personal-data-by-wording-or-shape.md): its wording (its
 * key, title, description, label, help, placeholder or message, in English or Spanish) names an SSN or tax number,
 * a date of birth or age, a person's name, an address, a phone or an e-mail; or its shape is one (it takes nine
 * digits and nothing longer, as an SSN or ITIN; an e-mail address by its format, a pattern or a rule).
 *
 * A yes-or-no field is never one: a single bit holds no number, name, date or address. A choice is read like any
 * field: its options could list birth years or ZIP codes. A name of a thing ("Team name", "Name of your
 * department") is no person's name. Pure: the field's texts and schema are passed in.
 */
import { linearRegExp } from '#engine/runtime/linear-regexp.ts';

export type PersonalKind = 'identity-number' | 'birth' | 'email' | 'phone' | 'address' | 'name';

/** One text of a field as a person reads it, with where it is ("its title", "its Spanish help text", "its key"). */
export type FieldText = { where: string; text: string };

/** A field's question: its texts, its schema node (a local `$ref` followed) and the named patterns its form's rules match its answer against. */
export type FieldQuestion = {
  texts: readonly FieldText[];
  schema: Readonly<Record<string, unknown>>;
  /** A list's items, their local `$ref` followed: a list of nine-digit numbers is shaped as they are. */
  items?: Readonly<Record<string, unknown>>;
  namedPatterns?: readonly string[];
};

/** What a field asks for and why it was recognised; `instead` says what to do. */
export type PersonalQuestion = { kind: PersonalKind; asks: string; because: string; instead: string };

/** Words naming a kind: a pattern, or a reader answering the words it found (null: none). */
type Words = RegExp | ((read: string) => string | null);
type Kind = { kind: PersonalKind; asks: string; instead: string; words: Words[] };

/**
 * The kinds of personal data, in the order they are looked for (an "e-mail address" is an e-mail, not an address),
 * each with the words that name it (matched on lower-case text without accents, so "teléfono" is "telefono").
 */
const KINDS: readonly Kind[] = [
  {
    kind: 'identity-number',
    asks: 'a Social Security Number, ITIN or other tax or identity number',
    instead: "the profile's own SSN field (additionalid) asks for it, keeps it encrypted with the member and shows it masked",
    words: [
      /social ?security/,
      /\bssn|ssn\b/,
      /\bi?tin\b/,
      /\btax ?(payer)? ?(id|identification|number|num|no\b|#)|\btaxpayer/,
      /passport|pasaporte/,
      /driver'?s? ?licen[cs]e|driving licen[cs]e|licencia de (conducir|manejo)/,
      /seguro social|seguridad social|\bnss\b/,
      /identificacion (fiscal|tributaria)|numero (fiscal|tributario|de contribuyente)|\bcontribuyente/,
      /\bcurp\b|\brfc\b|matricula consular/,
      /government[- ]?(issued )?id\b|identificacion oficial/,
    ],
  },
  {
    kind: 'birth',
    asks: 'a date of birth or an age',
    instead: "the profile's own date of birth (birthdate) and each dependent's (dateofbirth) ask for it and keep it with the member",
    words: [/birth/, /\bborn\b/, /\bd\.?o\.?b\b/, /\bage\b/, /\bhow old\b/, /nacimiento|\bnaci(o|ste|do|da|dos|das)\b|cumpleanos|\bedad\b/],
  },
  {
    kind: 'email',
    asks: 'an e-mail address',
    instead: 'the e-mail the employee registered with is kept with the member and used by the product',
    words: [/\be-? ?mails?|email/, /correo/],
  },
  {
    kind: 'phone',
    asks: 'a phone number',
    instead: "the profile's own phone (phonenumber) asks for it and keeps it with the member",
    words: [/(?<!head|ear|micro|smart|saxo|xylo|i)phones?/, /\bcell\b|cellular|mobile ?(phone|number|no\b)|\bfax\b/, /telefono|\bcelular\b|\bmovil\b/],
  },
  {
    kind: 'address',
    asks: 'a home or mailing address',
    instead: "the profile's own home address, APT, city and ZIP code (address1, address2, city, postalcode) ask for it and keep it with the member",
    words: [/address/, /\bstreet\b|\bzip\b|zip ?code|postal ?code|\bpostcode\b|\bapartment\b|\bapt\b/, /where (do|did) you live/, /direccion|domicilio|\bcalle\b|codigo postal|\bdonde vives?\b|\bapartamento\b/],
  },
  {
    kind: 'name',
    asks: "a person's name",
    instead: "the profile's own first and last names (firstname, lastname), each dependent's and the primary care physician's (pcpname) ask for them and keep them with the member",
    words: [
      /(first|last|full|given|middle|maiden|legal|family|sur|nick|preferred|christian) ?names?\b/,
      /\bapellidos?\b|nombre (completo|de pila|legal|preferido)/,
      /emergency contact|contacto de emergencia/,
      (read) => personName(read),
    ],
  },
];

/** Things whose name is no person's ("Team name", "Name of your department", "Nombre de la empresa"). */
const THINGS = new Set([
  ...['team', 'department', 'dept', 'company', 'employer', 'business', 'organization', 'organisation', 'plan', 'project', 'product', 'group', 'office', 'location', 'site', 'store', 'branch', 'event', 'pet', 'vehicle', 'car', 'school', 'club', 'charity', 'bank', 'app', 'brand', 'model', 'file'],
  ...['equipo', 'departamento', 'empresa', 'compania', 'negocio', 'organizacion', 'proyecto', 'producto', 'grupo', 'oficina', 'ubicacion', 'sitio', 'tienda', 'sucursal', 'evento', 'mascota', 'vehiculo', 'coche', 'carro', 'auto', 'escuela', 'banco', 'marca', 'modelo', 'archivo'],
]);
const DETERMINERS = /^(the|your|our|his|her|their|its|a|an|la|el|los|las|su|sus|tu|tus|un|una)$/;

/** Whether the name at `index` of the words is a thing's: "<thing> name", "name of [the] <thing>", "nombre de(l) [la] <thing>". */
function thingName(words: readonly string[], index: number): boolean {
  if (THINGS.has(words[index - 1] ?? '')) return true;
  const after = words.slice(index + 1);
  if (!['of', 'for', 'de', 'del'].includes(after[0] ?? '')) return false;
  const object = DETERMINERS.test(after[1] ?? '') ? after[2] : after[1];
  return THINGS.has(object ?? '');
}

/** A "name" or "nombre" in the text that is not a thing's (null: every one is a thing's, or there is none). */
function personName(read: string): string | null {
  const tokens = read.split(/[^a-z0-9']+/).filter((token) => token !== '');
  const person = tokens.findIndex((token, i) => /^(names?|nombres?)$/.test(token) && !thingName(tokens, i));
  return person === -1 ? null : tokens[person]!;
}

/** Text as the words are matched: lower case, no accents, single spaces. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** A field's key read as words: 'taxNumber' -> 'tax Number', 'date_of_birth' -> 'date of birth', 'address1' -> 'address 1'. */
export const keyAsWords = (key: string): string =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Za-z])([0-9])|([0-9])([A-Za-z])/g, '$1$3 $2$4')
    .replace(/[_-]+/g, ' ');

/** The personal data a text names, with the words that name it (null: none). */
export function personalWording(text: string): { kind: PersonalKind; words: string } | null {
  const read = plain(text);
  for (const { kind, words } of KINDS) {
    for (const word of words) {
      const found = typeof word === 'function' ? word(read) : (word.exec(read)?.[0].trim() ?? null);
      if (found !== null) return { kind, words: found };
    }
  }
  return null;
}

const NINE_DIGITS = ['123456789', '123-45-6789', '123 45 6789'];
/** Answers no nine-digit field takes: longer numbers and words. */
const NOT_NINE_DIGITS = ['1234567890', '12345678901', 'abcdefghi'];
const AN_EMAIL = 'ana@example.com';
const NOT_AN_EMAIL = 'ana example';
const NINE_DIGIT_PATTERNS = new Set(['ssn', 'digits-9']);

const typesOf = (schema: Readonly<Record<string, unknown>>): string[] =>
  typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type.filter((type): type is string => typeof type === 'string') : [];

/** Whether the schema's text keywords (length, pattern, enum, const) take `text`; an unusable pattern takes nothing. */
function takesText(schema: Readonly<Record<string, unknown>>, text: string): boolean {
  const types = typesOf(schema);
  if (types.length > 0 && !types.includes('string')) return false;
  const length = [...text].length;
  if (typeof schema.maxLength === 'number' && length > schema.maxLength) return false;
  if (typeof schema.minLength === 'number' && length < schema.minLength) return false;
  if (Array.isArray(schema.enum) && !schema.enum.includes(text)) return false;
  if (schema.const !== undefined && schema.const !== text) return false;
  if (typeof schema.pattern !== 'string') return true;
  try {
    return linearRegExp(schema.pattern, 'u').test(text);
  } catch {
    return false;
  }
}

/** Whether the schema's number keywords take `value`. */
function takesNumber(schema: Readonly<Record<string, unknown>>, value: number): boolean {
  const types = typesOf(schema);
  if (!types.includes('integer') && !types.includes('number')) return false;
  const bound = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  if (bound('maximum') !== undefined && value > bound('maximum')!) return false;
  if (bound('exclusiveMaximum') !== undefined && value >= bound('exclusiveMaximum')!) return false;
  if (bound('minimum') !== undefined && value < bound('minimum')!) return false;
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return false;
  return true;
}

const describeText = (schema: Readonly<Record<string, unknown>>) =>
  [typeof schema.pattern === 'string' ? `its pattern '${schema.pattern}'` : null, typeof schema.maxLength === 'number' ? `its maxLength ${schema.maxLength}` : null].filter(Boolean).join(' with ') || 'its answers';

/** The personal data the answers a schema takes are shaped as, with the shape in words (null: none). */
export function personalShape(schema: Readonly<Record<string, unknown>>, namedPatterns: readonly string[] = []): { kind: PersonalKind; shape: string } | null {
  const nineDigits = 'nine digits and nothing longer, the shape of a Social Security Number or ITIN';
  if (NINE_DIGITS.some((text) => takesText(schema, text)) && !NOT_NINE_DIGITS.some((text) => takesText(schema, text))) {
    return { kind: 'identity-number', shape: `${describeText(schema)} takes ${nineDigits}` };
  }
  if (takesNumber(schema, 123456789) && !takesNumber(schema, 1234567890)) {
    return { kind: 'identity-number', shape: `its bounds take ${nineDigits}` };
  }
  const named = namedPatterns.find((name) => NINE_DIGIT_PATTERNS.has(name));
  if (named !== undefined) return { kind: 'identity-number', shape: `a rule matches its answer against the '${named}' pattern, ${nineDigits}` };
  if (schema.format === 'email' || schema.format === 'idn-email') return { kind: 'email', shape: `its format '${schema.format}'` };
  if (typeof schema.pattern === 'string' && takesText(schema, AN_EMAIL) && !takesText(schema, NOT_AN_EMAIL)) return { kind: 'email', shape: `${describeText(schema)} takes an e-mail address` };
  if (namedPatterns.includes('email')) return { kind: 'email', shape: "a rule matches its answer against the 'email' pattern" };
  return null;
}

const kindOf = (kind: PersonalKind) => KINDS.find((candidate) => candidate.kind === kind)!;

/** Whether a field only takes true or false (or nothing): one bit, which holds no personal data. */
const yesOrNo = (schema: Readonly<Record<string, unknown>>) => {
  const types = typesOf(schema);
  return types.length > 0 && types.every((type) => type === 'boolean' || type === 'null');
};

/** What personal data the field asks for, by its wording first, then by its shape (its items' too); null: none. */
export function personalQuestion(field: FieldQuestion): PersonalQuestion | null {
  if (yesOrNo(field.schema)) return null;
  for (const { where, text } of field.texts) {
    const wording = personalWording(text);
    if (wording === null) continue;
    const { asks, instead } = kindOf(wording.kind);
    return { kind: wording.kind, asks, because: `${where} "${text}" says "${wording.words}"`, instead };
  }
  const shape = personalShape(field.schema, field.namedPatterns) ?? (field.items === undefined ? null : personalShape(field.items));
  if (shape === null) return null;
  const { asks, instead } = kindOf(shape.kind);
  return { kind: shape.kind, asks, because: shape.shape, instead };
}
