/**
 * The census's person rules, read from the portal's own form documents as the employer resolves them (their
 * English texts: the staff console's language): the names and the birthdate by the profile, which the employee
 * fills next and Authorize checks again; the e-mail by the registration, the address the member signs in with.
 * So an employee the census adds passes the forms they later fill, and the census holds no rule or text of its own.
 */
import { DEFAULT_LANGUAGE } from '#contracts/language.ts';
import type { CensusPersonCheck } from '#domain/employer/census.ts';
import { validateForm, type FormDocument } from '#engine/runtime/index.ts';
import type { ContentService } from '../../ports.ts';

/**
 * The document as the census checks with it: of its required fields and rules only those of `fields`, since a fault
 * elsewhere is never the census's. The answers for those fields are the same; what is saved is making, for every
 * row, the messages of each field the census leaves out (most of the check's cost for a file of thousands).
 */
function checkingOnly(doc: FormDocument, fields: readonly string[]): FormDocument {
  const pointers = new Set(fields.map((field) => `/${field}`));
  const required = doc.schema.required;
  return {
    ...doc,
    schema: Array.isArray(required) ? { ...doc.schema, required: required.filter((field) => fields.includes(field)) } : doc.schema,
    ...(doc.rules ? { rules: doc.rules.filter((rule) => pointers.has(rule.path)) } : {}),
  };
}

/** The check with the given profile and registration documents; `today` ('YYYY-MM-DD') bounds the birthdate. */
export function personCheckBy(fullProfile: FormDocument, fullRegistration: FormDocument, today: string): CensusPersonCheck {
  const profile = checkingOnly(fullProfile, ['firstname', 'lastname', 'birthdate']);
  const registration = checkingOnly(fullRegistration, ['personalemailaddress']);
  return ({ firstname, lastname, email, birthdate }) => {
    // Each form is given only the census's fields; the faults of the fields it leaves out are not the census's.
    const person = validateForm(profile, birthdate === null ? { firstname, lastname } : { firstname, lastname, birthdate }, { today }, 'server');
    const signIn = validateForm(registration, { personalemailaddress: email }, { today }, 'server');
    return {
      firstname: person['/firstname'],
      lastname: person['/lastname'],
      email: signIn['/personalemailaddress'],
      birthdate: birthdate === null ? undefined : person['/birthdate'],
    };
  };
}

/** The check with the employer's documents in force. */
export async function censusPersonCheck(content: ContentService, accountid: string, today: string): Promise<CensusPersonCheck> {
  return personCheckBy(await content.form('profile', accountid, DEFAULT_LANGUAGE), await content.form('registration', accountid, DEFAULT_LANGUAGE), today);
}
