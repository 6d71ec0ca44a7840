/**
 * The rule that tells a field of an employer's own form asking for personal data by its wording or its shape,
 * whatever its key (src/product/personal-questions.ts, docs/decisions/046-personal-data-by-wording-or-shape.md):
 * issue 33's wordings and their Spanish are recognised; the questions an employer rightly asks of its own stay
 * allowed.
 */
import { describe, expect, it } from 'vitest';
import { personalQuestion, personalShape, personalWording, type PersonalKind } from '#product/index.ts';
import { keyAsWords } from '#product/personal-questions.ts';
import type { RuleCase } from '../domain/rule-case.ts';

describe('personal data by wording', () => {
  it.each([
    // Issue 33's wordings, then their Spanish.
    { name: 'an SSN "for our records"', period: '', input: 'Social Security Number (for our records)', output: 'identity-number' },
    { name: 'SSN', period: '', input: 'SSN', output: 'identity-number' },
    { name: 'the last four of the SSN', period: '', input: 'Last 4 of SSN', output: 'identity-number' },
    { name: 'a tax number', period: '', input: 'Tax number', output: 'identity-number' },
    { name: 'a taxpayer id', period: '', input: 'Taxpayer Identification Number', output: 'identity-number' },
    { name: 'an ITIN', period: '', input: 'ITIN', output: 'identity-number' },
    { name: "a driver's license", period: '', input: "Driver's license number", output: 'identity-number' },
    { name: 'a passport', period: '', input: 'Passport number', output: 'identity-number' },
    { name: 'número de seguro social', period: '', input: 'Número de Seguro Social (para nuestros registros)', output: 'identity-number' },
    { name: 'número de identificación fiscal', period: '', input: 'Número de identificación fiscal', output: 'identity-number' },
    { name: 'número de contribuyente', period: '', input: 'Número de contribuyente (ITIN)', output: 'identity-number' },
    { name: 'licencia de conducir', period: '', input: 'Licencia de conducir', output: 'identity-number' },
    { name: 'date of birth', period: '', input: 'Date of birth', output: 'birth' },
    { name: 'born on', period: '', input: 'Born on', output: 'birth' },
    { name: 'DOB', period: '', input: 'DOB', output: 'birth' },
    { name: 'birthday', period: '', input: 'Your birthday', output: 'birth' },
    { name: 'an age', period: '', input: 'Age', output: 'birth' },
    { name: 'how old', period: '', input: 'How old are you?', output: 'birth' },
    { name: 'fecha de nacimiento', period: '', input: 'Fecha de nacimiento', output: 'birth' },
    { name: '¿cuándo nació?', period: '', input: '¿Cuándo nació?', output: 'birth' },
    { name: 'cumpleaños', period: '', input: 'Cumpleaños', output: 'birth' },
    { name: 'edad', period: '', input: 'Edad', output: 'birth' },
    { name: 'e-mail', period: '', input: 'Your e-mail address', output: 'email' },
    { name: 'email', period: '', input: 'Email', output: 'email' },
    { name: 'correo electrónico', period: '', input: 'Correo electrónico', output: 'email' },
    { name: 'dirección de correo', period: '', input: 'Dirección de correo', output: 'email' },
    { name: 'a phone', period: '', input: 'Phone', output: 'phone' },
    { name: 'a cell number', period: '', input: 'Cell number', output: 'phone' },
    { name: 'a mobile number', period: '', input: 'Mobile number', output: 'phone' },
    { name: 'teléfono', period: '', input: 'Teléfono', output: 'phone' },
    { name: 'celular', period: '', input: 'Número de celular', output: 'phone' },
    { name: 'a home address', period: '', input: 'Home address', output: 'address' },
    { name: 'a street', period: '', input: 'Street', output: 'address' },
    { name: 'a ZIP code', period: '', input: 'ZIP code', output: 'address' },
    { name: 'where you live', period: '', input: 'Where do you live?', output: 'address' },
    { name: 'dirección', period: '', input: 'Dirección', output: 'address' },
    { name: 'domicilio', period: '', input: 'Domicilio', output: 'address' },
    { name: 'código postal', period: '', input: 'Código postal', output: 'address' },
    { name: 'a full name', period: '', input: 'Full name', output: 'name' },
    { name: 'a name', period: '', input: 'Name', output: 'name' },
    { name: "a spouse's name", period: '', input: "Your spouse's name", output: 'name' },
    { name: 'a maiden name', period: '', input: 'Maiden name', output: 'name' },
    { name: 'an emergency contact', period: '', input: 'Emergency contact', output: 'name' },
    // A name, preferred or not, names the person: the badge can be printed from the census.
    { name: 'a preferred name for the badge', period: '', input: 'Preferred name for the badge', output: 'name' },
    // The profile asks for it already (PCP Name), kept with the member: a copy in an own form is refused too.
    { name: 'the name of a primary care physician', period: '', input: 'Name of your primary care physician', output: 'name' },
    { name: 'nombre', period: '', input: 'Nombre', output: 'name' },
    { name: 'apellido', period: '', input: 'Apellido', output: 'name' },
    { name: 'nombre completo', period: '', input: 'Nombre completo', output: 'name' },
    { name: 'nombre del proveedor', period: '', input: 'Nombre del proveedor de atención primaria', output: 'name' },
    { name: 'contacto de emergencia', period: '', input: 'Contacto de emergencia', output: 'name' },
    // Keys read as words.
    { name: 'the key taxNumber', period: '', input: keyAsWords('taxNumber'), output: 'identity-number' },
    { name: 'the key bornOn', period: '', input: keyAsWords('bornOn'), output: 'birth' },
    { name: 'the key fechaNacimiento', period: '', input: keyAsWords('fechaNacimiento'), output: 'birth' },
    { name: 'the key homePhone', period: '', input: keyAsWords('homePhone'), output: 'phone' },
    { name: 'the key personalemailaddress', period: '', input: keyAsWords('personalemailaddress'), output: 'email' },
    { name: 'the key mailing_address2', period: '', input: keyAsWords('mailing_address2'), output: 'address' },
    { name: 'the key lastname', period: '', input: keyAsWords('lastname'), output: 'name' },
    // What an employer rightly asks of its own: allowed.
    { name: 'an employee ID (the employer\'s own number, in its census already)', period: '', input: 'Employee ID', output: null },
    { name: 'a T-shirt size', period: '', input: 'T-shirt size', output: null },
    { name: 'the way to work', period: '', input: 'How do you get to work?', output: null },
    { name: 'a transit pass', period: '', input: 'Monthly transit pass in dollars', output: null },
    { name: 'a team name', period: '', input: 'Team name', output: null },
    { name: 'the name of a department', period: '', input: 'Name of your department', output: null },
    { name: 'nombre de la empresa', period: '', input: 'Nombre de la empresa anterior', output: null },
    { name: 'headphones', period: '', input: 'Do you need headphones?', output: null },
    { name: 'a page count', period: '', input: 'Pages printed a month', output: null },
    { name: 'a usage', period: '', input: 'Average usage', output: null },
    { name: 'talla de camiseta', period: '', input: 'Talla de camiseta', output: null },
    { name: 'the key commutemode', period: '', input: keyAsWords('commutemode'), output: null },
    { name: 'the key tshirtSize', period: '', input: keyAsWords('tshirtSize'), output: null },
    { name: 'the key classname (no SSN inside a word)', period: '', input: keyAsWords('classname'), output: null },
  ] satisfies RuleCase<string, PersonalKind | null>[])('$name', ({ input, output }) => {
    expect(personalWording(input)?.kind ?? null).toBe(output);
  });
});

describe('personal data by shape', () => {
  it.each([
    { name: 'nine digits', period: '', input: { schema: { type: 'string', pattern: '^[0-9]{9}$', maxLength: 9 } }, output: 'identity-number' },
    { name: 'digits, at most nine', period: '', input: { schema: { type: 'string', pattern: '^[0-9]+$', maxLength: 9 } }, output: 'identity-number' },
    { name: 'an SSN with dashes', period: '', input: { schema: { type: 'string', pattern: '^\\d{3}-\\d{2}-\\d{4}$', maxLength: 11 } }, output: 'identity-number' },
    { name: 'dashes optional', period: '', input: { schema: { type: 'string', pattern: '^\\d{3}-?\\d{2}-?\\d{4}$', maxLength: 11 } }, output: 'identity-number' },
    { name: 'a number of nine digits', period: '', input: { schema: { type: 'integer', minimum: 0, maximum: 999999999 } }, output: 'identity-number' },
    { name: "a rule matching the 'ssn' pattern", period: '', input: { schema: { type: 'string', maxLength: 20 }, namedPatterns: ['ssn'] }, output: 'identity-number' },
    { name: "a rule matching the 'digits-9' pattern", period: '', input: { schema: { type: 'string', maxLength: 20 }, namedPatterns: ['digits-9'] }, output: 'identity-number' },
    { name: 'the e-mail format', period: '', input: { schema: { type: 'string', format: 'email', maxLength: 254 } }, output: 'email' },
    { name: 'a pattern of an e-mail', period: '', input: { schema: { type: 'string', pattern: '^[^@]+@[^@]+$', maxLength: 254 } }, output: 'email' },
    { name: "a rule matching the 'email' pattern", period: '', input: { schema: { type: 'string', maxLength: 254 }, namedPatterns: ['email'] }, output: 'email' },
    // Allowed shapes.
    { name: 'any text of up to nine characters', period: '', input: { schema: { type: 'string', maxLength: 9 } }, output: null },
    { name: 'five digits', period: '', input: { schema: { type: 'string', pattern: '^[0-9]{5}$', maxLength: 5 } }, output: null },
    { name: 'eight digits', period: '', input: { schema: { type: 'string', pattern: '^[0-9]{8}$', maxLength: 8 } }, output: null },
    { name: 'digits of any length up to twenty', period: '', input: { schema: { type: 'string', pattern: '^[0-9]{1,20}$', maxLength: 20 } }, output: null },
    { name: "the field builder's employee number", period: '', input: { schema: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9-]*$', maxLength: 20 } }, output: null },
    { name: "the field builder's number", period: '', input: { schema: { type: 'number', minimum: 0, maximum: 1000000 } }, output: null },
    { name: 'a number without bounds', period: '', input: { schema: { type: 'integer' } }, output: null },
    { name: 'a date (a start date is no birth date)', period: '', input: { schema: { type: 'string', format: 'date', maxLength: 10 } }, output: null },
    { name: 'a choice', period: '', input: { schema: { type: 'string', enum: ['S', 'M', 'L'], maxLength: 1 } }, output: null },
  ] satisfies RuleCase<{ schema: Record<string, unknown>; namedPatterns?: string[] }, PersonalKind | null>[])('$name', ({ input, output }) => {
    expect(personalShape(input.schema, input.namedPatterns)?.kind ?? null).toBe(output);
  });
});

describe('a field read whole', () => {
  it("says which text matched and what to use instead; a yes-or-no field is never personal", () => {
    const asked = personalQuestion({ texts: [{ where: 'its key', text: 'tax Number' }], schema: { type: 'string', maxLength: 20 } });
    expect(asked).toMatchObject({ kind: 'identity-number', because: 'its key "tax Number" says "tax number"' });
    expect(asked!.instead).toContain('SSN');
    expect(personalQuestion({ texts: [{ where: 'its title', text: 'Do you have a second phone line?' }], schema: { type: 'boolean' } })).toBeNull();
    expect(personalQuestion({ texts: [{ where: 'its key', text: 'reference' }], schema: { type: 'array', items: {} }, items: { type: 'string', pattern: '^[0-9]{9}$' } })).toMatchObject({ kind: 'identity-number' });
  });
});
