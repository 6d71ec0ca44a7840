/**
 * The refusals of a request's shape (schema validation, bad JSON, hostile text, a missing Idempotency-Key, a bad
 * URL) are catalogue texts in the request's language (cookie bp_lang, else Accept-Language, else English); the
 * staff API answers them in English whatever the request's language, as the console is English.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { databases } from './helpers/databases.ts';
import { createEmployer, registerMember, type RegisteredMember } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { STAFF_PASSWORD } from './staff-fixtures.ts';

const SPANISH = { cookie: 'bp_lang=es' };
const ENGLISH = {};
const BROWSER_SPANISH = { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' };

describe.each(databases())("request-shape refusals in the request's language on $name", (database) => {
  const t = useTestApp(database);
  let member: RegisteredMember;
  beforeAll(async () => {
    member = await registerMember(t.app, await createEmployer(t.db));
  });

  /** The enrollment call, signed in; `key` null: without an Idempotency-Key. */
  const authorize = (headers: Record<string, string>, payload: object, key: string | null = 'key-1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/Enrollment/Authorize',
      headers: { ...member.auth, ...headers, ...(key === null ? {} : { 'idempotency-key': key }) },
      payload,
    });
  const refusal = (response: { statusCode: number; json: () => unknown }) => {
    expect(response.statusCode).toBe(400);
    const answer = response.json() as { success: boolean; code: string; message: string; fieldErrors?: Record<string, string[]> };
    expect(answer).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    return answer;
  };

  it('names missing required fields', async () => {
    const spanish = refusal(await authorize(SPANISH, {}));
    expect(spanish.message).toBe('Revise estos campos: effectivedate, healthoption.');
    expect(spanish.fieldErrors).toEqual({ '/effectivedate': ['Este campo es obligatorio.'], '/healthoption': ['Este campo es obligatorio.'] });
    const english = refusal(await authorize(ENGLISH, {}));
    expect(english.message).toBe('Please check these fields: effectivedate, healthoption.');
    expect(english.fieldErrors).toEqual({ '/effectivedate': ['This field is required.'], '/healthoption': ['This field is required.'] });
  });

  it('names a value of the wrong type (and not one of the choices)', async () => {
    const body = { effectivedate: '2027-01-01', healthoption: 5 };
    const spanish = refusal(await authorize(SPANISH, body));
    expect(spanish.message).toBe('Revise este campo: healthoption.');
    expect(spanish.fieldErrors).toEqual({ '/healthoption': ['Debe ser texto.', 'Debe ser uno de estos valores: buy, waive.'] });
    // The browser's language when no language was chosen.
    expect(refusal(await authorize(BROWSER_SPANISH, body)).fieldErrors).toEqual(spanish.fieldErrors);
    const english = refusal(await authorize(ENGLISH, body));
    expect(english.message).toBe('Please check this field: healthoption.');
    expect(english.fieldErrors).toEqual({ '/healthoption': ['Must be text.', 'Must be one of: buy, waive.'] });
  });

  it('refuses a field the call does not take', async () => {
    const body = { effectivedate: '2027-01-01', healthoption: 'waive', premium: 1 };
    const spanish = refusal(await authorize(SPANISH, body));
    const notAllowed = 'Este campo no está permitido: el servidor toma los precios, los dependientes y las fechas de lo que tiene guardado.';
    expect(spanish).toMatchObject({ message: notAllowed, fieldErrors: { '/premium': [notAllowed] } });
    expect(refusal(await authorize(ENGLISH, body)).message).toBe('This field is not allowed: the server reads prices, dependents and dates from what it stores.');
  });

  it('refuses a body that is not JSON', async () => {
    const badJson = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/Login', headers: { ...headers, 'content-type': 'application/json' }, payload: '{"email":' });
    expect(refusal(await badJson(SPANISH)).message).toBe('El contenido de la solicitud no es un JSON válido.');
    expect(refusal(await badJson(BROWSER_SPANISH)).message).toBe('El contenido de la solicitud no es un JSON válido.');
    expect(refusal(await badJson(ENGLISH)).message).toBe('The request body is not valid JSON.');
  });

  it('refuses a NUL in a field, naming it', async () => {
    const body = { effectivedate: '2027-01-01', healthoption: 'waive', waivecoveragereasonother: 'a\u0000b' };
    const spanish = refusal(await authorize(SPANISH, body));
    const notAllowed = 'Contiene un carácter que no está permitido (un NUL o un sustituto UTF-16 sin pareja).';
    expect(spanish.message).toBe(`Revise este campo: waivecoveragereasonother. ${notAllowed}`);
    expect(spanish.fieldErrors).toEqual({ '/waivecoveragereasonother': [notAllowed] });
    const english = refusal(await authorize(ENGLISH, body));
    const notAllowedEnglish = 'Contains a character that is not allowed (a NUL or an unpaired surrogate).';
    expect(english.message).toBe(`Please check this field: waivecoveragereasonother. ${notAllowedEnglish}`);
    expect(english.fieldErrors).toEqual({ '/waivecoveragereasonother': [notAllowedEnglish] });
  });

  it('asks for the Idempotency-Key of the enrollment call', async () => {
    const body = { effectivedate: '2027-01-01', healthoption: 'waive' };
    const spanish = refusal(await authorize(SPANISH, body, null));
    const missing = 'Envíe la clave de la autorización en el encabezado Idempotency-Key (de 1 a 200 caracteres visibles) cada vez que autorice.';
    expect(spanish).toMatchObject({ message: missing, fieldErrors: { 'headers/idempotency-key': [missing] } });
    expect(refusal(await authorize(ENGLISH, body, null)).message).toBe(
      'Please send an Idempotency-Key header (1 to 200 visible characters) with each authorization.',
    );
  });

  it('refuses an address Fastify cannot route (before any hook has read the language)', async () => {
    const remove = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'DELETE', url, headers: { ...member.auth, ...headers } });
    const badUrl = 'La dirección de esta solicitud no es válida (una codificación porcentual incorrecta o un carácter que no está permitido).';
    expect(refusal(await remove('/api/Dependent/%', SPANISH)).message).toBe(badUrl);
    expect(refusal(await remove('/api/Dependent/%C0%AF', BROWSER_SPANISH)).message).toBe(badUrl);
    expect(refusal(await remove('/api/Dependent/%', ENGLISH)).message).toBe(
      'The address of this request is not valid (bad percent-encoding or a character that is not allowed).',
    );
    expect(refusal(await remove(`/api/Dependent/${'a'.repeat(200)}`, SPANISH)).message).toBe('Una parte de la dirección de esta solicitud es demasiado larga.');
  });

  it('keeps the staff API in English for a Spanish request', async () => {
    const staffHeaders = { 'x-staff-request': '1', cookie: 'bp_lang=es', 'accept-language': 'es' };
    const login = refusal(await t.app.inject({ method: 'POST', url: '/api/staff/login', headers: staffHeaders, payload: { password: STAFF_PASSWORD } }));
    expect(login).toMatchObject({ message: 'Please check this field: email.', fieldErrors: { '/email': ['This field is required.'] } });
    const badUrl = refusal(await t.app.inject({ method: 'GET', url: '/api/staff/employers/%', headers: staffHeaders }));
    expect(badUrl.message).toBe('The address of this request is not valid (bad percent-encoding or a character that is not allowed).');
  });
});
