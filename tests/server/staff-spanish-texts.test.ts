/**
 * The Spanish of texts staff write for an employer in English (docs/staff.md, Spanish of the employer's texts): a
 * service's description and options and an ICHRA document's name are stored beside the English, refused like any
 * hostile text (too long, NUL, a lone surrogate) with nothing written, and served in the member's language with
 * the language each text is in: Spanish where written, else the English marked 'en'.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { countRows } from './enrollment.fixtures.ts';
import { databases } from './helpers/databases.ts';
import { registerMember, type RegisteredMember } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { conditionOfWrite, signInStaff, type SignedInStaff } from './staff-fixtures.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const product = (overrides: object = {}) => ({
  productname: 'Vision Care',
  vendorname: 'ClearSight',
  description: 'Eye exams and glasses.',
  description_es: 'Exámenes de la vista y anteojos.',
  subcategory: 'Vision',
  taxstatus: 'Pre-Tax',
  active: true,
  options: [
    { option: 'Individual', option_es: 'Individual', cost: 7.5 },
    { option: 'Family', option_es: null, cost: 15 },
  ],
  ...overrides,
});

describe.each(databases())("the Spanish of an employer's texts on $name", (database) => {
  const t = useTestApp(database);
  let implementer: SignedInStaff;
  let accountid: string;
  let accountname: string;
  let member: RegisteredMember;

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const condition = await conditionOfWrite(t.app, implementer, method, url);
    return t.app.inject({ method, url, headers: { ...implementer.headers, ...condition }, ...(payload ? { payload } : {}) });
  };
  /** What the member is offered, asked in `language` (the browser's Accept-Language, as the portal's page sends it). */
  const offered = async (language: string) => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/Product', headers: { ...member.auth, 'accept-language': language } });
    return answer.json().data.productlist as Array<{ description: string; descriptionlang: string; options: Array<{ option: string; optionlang: string }> }>;
  };
  const documents = async (headers: Record<string, string>) => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/media/getdocs?containerName=ichra-documents&folderName=${encodeURIComponent(accountname)}`, headers: { ...member.auth, ...headers } });
    return (answer.json().data.documents as Array<{ name: string; namelang: string }>).map(({ name, namelang }) => ({ name, namelang }));
  };
  const productsUrl = () => `/api/staff/employers/${accountid}/products`;
  const stored = () => [countRows(t.db, 'product'), countRows(t.db, 'product_option'), countRows(t.db, 'staff_audit')];

  beforeAll(async () => {
    implementer = await signInStaff(t.app, 'implementer');
    accountname = `Bilingual Test ${randomUUID().slice(0, 8)}`;
    const created = await call('POST', '/api/staff/employers', {
      name: accountname,
      email: null,
      planyear: new Date().getUTCFullYear(),
      employeazecustomer: 1,
      hsaonly: 0,
      edoc_period: null,
      broker: null,
    });
    expect(created.statusCode, created.body).toBe(200);
    accountid = created.json().data.accountid;
    member = await registerMember(t.app as FastifyInstance, { accountid, accountname, teamid: created.json().data.teamid });
  });

  describe("a service's description and options", () => {
    it('stores the Spanish beside the English, trimmed, a blank one as none, and reads it back', async () => {
      const response = await call('PUT', productsUrl(), { products: [product({ options: [{ option: 'Individual', option_es: '  Individual ', cost: 7.5 }, { option: 'Family', option_es: '   ', cost: 15 }] })] });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data[0]).toMatchObject({
        description: 'Eye exams and glasses.',
        description_es: 'Exámenes de la vista y anteojos.',
        options: [
          { option: 'Individual', option_es: 'Individual' },
          { option: 'Family', option_es: null },
        ],
      });
      expect((await call('GET', productsUrl())).json().data[0]).toMatchObject({ description_es: 'Exámenes de la vista y anteojos.' });
      const audit = await t.db.selectFrom('staff_audit').select('after').where('action', '=', 'products').orderBy('createdon', 'desc').limit(1).executeTakeFirstOrThrow();
      expect(audit.after).toMatchObject([{ description_es: 'Exámenes de la vista y anteojos.' }]);
    });

    it('serves a member reading Spanish the Spanish where written, else the English marked as English; a member reading English the English', async () => {
      expect((await call('PUT', productsUrl(), { products: [product()] })).statusCode).toBe(200);
      expect(await offered('es-MX,es;q=0.9')).toEqual([
        expect.objectContaining({
          description: 'Exámenes de la vista y anteojos.',
          descriptionlang: 'es',
          options: [expect.objectContaining({ option: 'Individual', optionlang: 'es' }), expect.objectContaining({ option: 'Family', optionlang: 'en' })],
        }),
      ]);
      expect(await offered('en-US')).toEqual([
        expect.objectContaining({
          description: 'Eye exams and glasses.',
          descriptionlang: 'en',
          options: [expect.objectContaining({ option: 'Individual', optionlang: 'en' }), expect.objectContaining({ option: 'Family', optionlang: 'en' })],
        }),
      ]);
    });

    it('falls back to the English when no Spanish was written (an older client that sends none)', async () => {
      const { description_es: _none, ...withoutSpanish } = product();
      expect((await call('PUT', productsUrl(), { products: [{ ...withoutSpanish, options: [{ option: 'Individual', cost: 7.5 }] }] })).statusCode).toBe(200);
      expect(await offered('es')).toEqual([expect.objectContaining({ description: 'Eye exams and glasses.', descriptionlang: 'en', options: [expect.objectContaining({ option: 'Individual', optionlang: 'en' })] })]);
    });

    it('keeps the stored order in English whatever the member reads', async () => {
      expect((await call('PUT', productsUrl(), { products: [product()] })).statusCode).toBe(200);
      const option = (await offered('es'))[0]!.options[0]!;
      expect(option.option).toBe('Individual');
      const row = await t.db.selectFrom('product_option').select(['option', 'option_es']).where('productid', 'in', t.db.selectFrom('product').select('id').where('accountid', '=', accountid).where('active', '=', true)).orderBy('sort').execute();
      expect(row).toEqual([
        { option: 'Individual', option_es: 'Individual' },
        { option: 'Family', option_es: null },
      ]);
    });

    it.each([
      ['a description above 2000 characters', product({ description_es: 'a'.repeat(2001) })],
      ['an option above 100 characters', product({ options: [{ option: 'One', option_es: 'u'.repeat(101), cost: 1 }] })],
      ['a NUL in the description', product({ description_es: 'Exámenes\u0000' })],
      ['a lone surrogate in an option', product({ options: [{ option: 'One', option_es: 'Uno \ud800', cost: 1 }] })],
      ['a number for the description', product({ description_es: 42 })],
    ])('refuses %s, writing nothing', async (_, body) => {
      const before = await Promise.all(stored());
      const response = await call('PUT', productsUrl(), { products: [body] });
      expect(response.statusCode, response.body).toBe(400);
      expect(await Promise.all(stored())).toEqual(before);
    });
  });

  describe("an ICHRA document's name", () => {
    const documentUrl = (filename: string) => `/api/staff/employers/${accountid}/ichra-documents/${encodeURIComponent(filename)}/name-es`;

    beforeAll(async () => {
      for (const filename of ['Plan Document.pdf', 'Summary.pdf']) {
        expect((await call('POST', `/api/staff/employers/${accountid}/ichra-documents`, { filename, contentBase64: PDF.toString('base64') })).statusCode).toBe(200);
      }
    });

    it('stores the Spanish name; a member reading Spanish gets it, or the English marked as English; a new upload keeps it; blank clears it', async () => {
      const named = await call('PUT', documentUrl('Plan Document.pdf'), { name_es: 'Documento del plan' });
      expect(named.statusCode, named.body).toBe(200);
      expect(named.json().data).toEqual([
        { filename: 'Plan Document.pdf', size: PDF.length, name_es: 'Documento del plan' },
        { filename: 'Summary.pdf', size: PDF.length, name_es: null },
      ]);
      const audit = await t.db.selectFrom('staff_audit').select(['action', 'before', 'after']).orderBy('createdon', 'desc').limit(1).executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ action: 'document-name', before: { name_es: null }, after: { name_es: 'Documento del plan' } });

      expect(await documents({ cookie: 'bp_lang=es' })).toEqual([
        { name: 'Documento del plan', namelang: 'es' },
        { name: 'Summary', namelang: 'en' },
      ]);
      expect(await documents({ 'accept-language': 'en-US' })).toEqual([
        { name: 'Plan Document', namelang: 'en' },
        { name: 'Summary', namelang: 'en' },
      ]);

      expect((await call('POST', `/api/staff/employers/${accountid}/ichra-documents`, { filename: 'Plan Document.pdf', contentBase64: Buffer.concat([PDF, Buffer.from('\n')]).toString('base64') })).statusCode).toBe(200);
      expect((await documents({ cookie: 'bp_lang=es' }))[0]).toEqual({ name: 'Documento del plan', namelang: 'es' });

      expect((await call('PUT', documentUrl('Plan Document.pdf'), { name_es: ' ' })).json().data[0]).toMatchObject({ name_es: null });
      expect((await documents({ cookie: 'bp_lang=es' }))[0]).toEqual({ name: 'Plan Document', namelang: 'en' });
    });

    it('is refused without the version read (428), for an unknown document (404), and for hostile text, writing nothing', async () => {
      const before = await countRows(t.db, 'staff_audit');
      const unconditioned = await t.app.inject({ method: 'PUT', url: documentUrl('Summary.pdf'), headers: implementer.headers, payload: { name_es: 'Resumen' } });
      expect(unconditioned.statusCode).toBe(428);
      expect((await call('PUT', documentUrl('Missing.pdf'), { name_es: 'Falta' })).statusCode).toBe(404);
      for (const name_es of ['r'.repeat(201), 'Resumen\u0000', 'Resumen \udc00']) {
        const response = await call('PUT', documentUrl('Summary.pdf'), { name_es });
        expect(response.statusCode, JSON.stringify(name_es.slice(-3))).toBe(400);
      }
      expect(await countRows(t.db, 'staff_audit')).toBe(before);
      expect((await documents({ cookie: 'bp_lang=es' }))[1]).toEqual({ name: 'Summary', namelang: 'en' });
    });

    it('refuses a viewer', async () => {
      const viewer = await signInStaff(t.app, 'viewer');
      const condition = await conditionOfWrite(t.app, viewer, 'PUT', documentUrl('Summary.pdf'));
      const response = await t.app.inject({ method: 'PUT', url: documentUrl('Summary.pdf'), headers: { ...viewer.headers, ...condition }, payload: { name_es: 'Resumen' } });
      expect(response.statusCode).toBe(403);
    });
  });
});
