/**
 * The staff console's employer set-up (docs/staff-employers.md): roles, bad input refused with nothing written,
 * every change in the staff audit, and what employees then see (registration link, documents, services).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { StaffContributionRule } from '#contracts/staff/staff-employers.ts';
import { FAMILY_TIERS } from '#domain/enrollment/contribution.ts';
import { databases } from './helpers/databases.ts';
import { countRows } from './enrollment.fixtures.ts';
import { registerMember, type RegisteredMember } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { conditionOfWrite, signInStaff, type SignedInStaff } from './staff-fixtures.ts';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const employerBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Staff Test Employer ${randomUUID().slice(0, 8)}`,
  email: 'benefits@staff-test.example',
  planyear: new Date().getUTCFullYear(),
  employeazecustomer: 1,
  hsaonly: 0,
  edoc_period: null,
  broker: { firstname: 'Bea', lastname: 'Broker', emailaddress: 'bea@broker.example', phonenumber: '(555) 010-3000' },
  ...overrides,
});

/** One amount per tier for ages 0-120, or two bands whose oldest gets `ratio` times the youngest. */
const rules = (ratio = 2, contributionclass = 'ALL'): StaffContributionRule[] =>
  FAMILY_TIERS.flatMap((tier) => [
    { contributionclass, ageMin: 0, ageMax: 39, tier, state: null, ratingArea: null, amount: 300 },
    { contributionclass, ageMin: 40, ageMax: 120, tier, state: null, ratingArea: null, amount: 300 * ratio },
  ]);

describe.each(databases())('staff employer set-up on $name', (database) => {
  const t = useTestApp(database);
  let implementer: SignedInStaff;
  let viewer: SignedInStaff;
  let accountid: string;
  let member: RegisteredMember;

  /** A call; a PUT is made on what the resource is now (its ETag read just before: staff-preconditions.test.ts holds the refusals). */
  const call = async (who: SignedInStaff | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const condition = who ? await conditionOfWrite(t.app, who, method, url) : {};
    return t.app.inject({ method, url, headers: { ...who?.headers, ...condition }, ...(payload ? { payload } : {}) });
  };
  const auditCount = () => countRows(t.db, 'staff_audit');
  const lastAudit = () => t.db.selectFrom('staff_audit').selectAll().orderBy('createdon', 'desc').limit(1).executeTakeFirstOrThrow();

  beforeAll(async () => {
    implementer = await signInStaff(t.app, 'implementer');
    viewer = await signInStaff(t.app, 'viewer');
    const created = await call(implementer, 'POST', '/api/staff/employers', employerBody({ name: 'Globex Staff Test' }));
    expect(created.statusCode).toBe(200);
    accountid = created.json().data.accountid;
    member = await registerMember(t.app as FastifyInstance, { accountid, accountname: 'Globex Staff Test', teamid: created.json().data.teamid });
  });

  describe('employers', () => {
    it('creates an employer whose registration link works at once, recorded in the audit', async () => {
      const before = await auditCount();
      const response = await call(implementer, 'POST', '/api/staff/employers', employerBody({ name: 'Initech', planyearstart: `${new Date().getUTCFullYear()}-07-01` }));
      expect(response.statusCode).toBe(200);
      const employer = response.json().data;
      const year = new Date().getUTCFullYear();
      expect(employer).toMatchObject({
        name: 'Initech',
        planyear: year,
        planyearstart: `${year}-07-01`,
        planyearend: `${year + 1}-06-30`,
        employeazecustomer: 1,
        broker: { firstname: 'Bea', lastname: 'Broker' },
        mediadata: null,
        registrationlink: `http://portal.test/register?employer_id=${employer.accountid}`,
      });
      const branding = await t.app.inject({ method: 'GET', url: `/api/Employer/Branding/${employer.accountid}` });
      expect(branding.json().data.accountname).toBe('Initech');
      const employee = await registerMember(t.app as FastifyInstance, { accountid: employer.accountid, accountname: 'Initech', teamid: employer.teamid });
      const broker = await t.app.inject({ method: 'GET', url: `/api/Brocker/${employer.teamid}`, headers: employee.auth });
      expect(broker.json().data).toEqual([{ firstName: 'Bea', lastName: 'Broker', emailAddress: 'bea@broker.example', phoneNumber: '(555) 010-3000' }]);
      expect(await auditCount()).toBe(before + 1);
      expect(await lastAudit()).toMatchObject({ staff_user_id: implementer.id, action: 'create', entity: 'employer', entity_id: employer.accountid, before: null });
    });

    it('lists employers with their employees counted; a viewer may read', async () => {
      const response = await call(viewer, 'GET', '/api/staff/employers');
      expect(response.statusCode).toBe(200);
      const globex = response.json().data.find((row: { accountid: string }) => row.accountid === accountid);
      expect(globex).toEqual({
        accountid,
        name: 'Globex Staff Test',
        email: 'benefits@staff-test.example',
        planyear: new Date().getUTCFullYear(),
        employees: { invited: 0, registered: 1, enrolled: 0, waived: 0, total: 1 },
      });
    });

    it('updates the whole record, with before and after in the audit', async () => {
      const response = await call(implementer, 'PUT', `/api/staff/employers/${accountid}`, employerBody({ name: 'Globex Staff Test', hsaonly: 1, edoc_period: 15, broker: null }));
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ hsaonly: 1, edoc_period: 15, broker: null });
      const audit = await lastAudit();
      expect(audit).toMatchObject({ action: 'update', entity_id: accountid, before: { hsaonly: 0, edoc_period: null }, after: { hsaonly: 1, edoc_period: 15 } });
    });

    it("sets, reads back, keeps and clears the HSA administrator; a refused one changes nothing", async () => {
      const created = await call(implementer, 'POST', '/api/staff/employers', employerBody({ hsaadministrator: '  Summit HSA Services ' }));
      expect(created.statusCode).toBe(200);
      const id: string = created.json().data.accountid;
      const stored = async () => (await t.db.selectFrom('employer').select('hsaadministrator').where('accountid', '=', id).executeTakeFirstOrThrow()).hsaadministrator;
      const name = created.json().data.name;
      expect(created.json().data.hsaadministrator).toBe('Summit HSA Services');
      expect((await call(implementer, 'GET', `/api/staff/employers/${id}`)).json().data.hsaadministrator).toBe('Summit HSA Services');

      // A client that does not send it (an older console) keeps what is stored.
      expect((await call(implementer, 'PUT', `/api/staff/employers/${id}`, employerBody({ name }))).json().data.hsaadministrator).toBe('Summit HSA Services');
      const refused = await call(implementer, 'PUT', `/api/staff/employers/${id}`, employerBody({ name, hsaadministrator: 'x'.repeat(201) }));
      expect(refused.statusCode).toBe(400);
      expect(await stored()).toBe('Summit HSA Services');

      const changed = await call(implementer, 'PUT', `/api/staff/employers/${id}`, employerBody({ name, hsaadministrator: 'Ridge Line HSA' }));
      expect(changed.json().data.hsaadministrator).toBe('Ridge Line HSA');
      expect(await lastAudit()).toMatchObject({ before: { hsaadministrator: 'Summit HSA Services' }, after: { hsaadministrator: 'Ridge Line HSA' } });
      const cleared = await call(implementer, 'PUT', `/api/staff/employers/${id}`, employerBody({ name, hsaadministrator: null }));
      expect(cleared.json().data.hsaadministrator).toBeNull();
      expect(await stored()).toBeNull();
    });

    it('refuses a viewer, a member token, no session and a change without the CSRF header, writing nothing', async () => {
      const before = [await countRows(t.db, 'employer'), await auditCount()];
      expect((await call(viewer, 'POST', '/api/staff/employers', employerBody())).statusCode).toBe(403);
      const asMember = await t.app.inject({ method: 'POST', url: '/api/staff/employers', headers: { ...member.auth, 'x-staff-request': '1' }, payload: employerBody() });
      expect(asMember.statusCode).toBe(401);
      expect((await call(null, 'GET', '/api/staff/employers')).statusCode).toBe(401);
      const noCsrf = await t.app.inject({ method: 'POST', url: '/api/staff/employers', headers: { cookie: implementer.cookie }, payload: employerBody() });
      expect(noCsrf.statusCode).toBe(403);
      expect([await countRows(t.db, 'employer'), await auditCount()]).toEqual(before);
    });

    it.each([
      ['no name', { name: '' }],
      ['a plan year start not the 1st', { planyearstart: `${new Date().getUTCFullYear()}-03-15` }],
      ['a plan year start in another year', { planyearstart: '1999-01-01' }],
      ['an unknown customer value', { employeazecustomer: 7 }],
      ['a bad e-mail', { email: 'nobody' }],
      ['a plan year out of range', { planyear: 1999 }],
      ['the name of another employer', { name: 'globex staff test' }],
      ['an HSA administrator over 200 characters', { hsaadministrator: 'H'.repeat(201) }],
      ['a blank HSA administrator', { hsaadministrator: '   ' }],
      ['a NUL in the HSA administrator', { hsaadministrator: 'Summit\u0000HSA' }],
      ['a lone surrogate in the HSA administrator', { hsaadministrator: 'Summit \ud800HSA' }],
    ])('refuses %s, writing nothing', async (_, change) => {
      const before = [await countRows(t.db, 'employer'), await countRows(t.db, 'broker'), await auditCount()];
      const response = await call(implementer, 'POST', '/api/staff/employers', employerBody(change));
      expect([400, 409]).toContain(response.statusCode);
      expect([await countRows(t.db, 'employer'), await countRows(t.db, 'broker'), await auditCount()]).toEqual(before);
    });

    it('answers 404 for an unknown employer and 400 for an id that is not one', async () => {
      expect((await call(viewer, 'GET', `/api/staff/employers/${randomUUID()}`)).statusCode).toBe(404);
      expect((await call(viewer, 'GET', '/api/staff/employers/acme')).statusCode).toBe(400);
      const unknown = await t.app.inject({ method: 'PUT', url: `/api/staff/employers/${randomUUID()}`, headers: { ...implementer.headers, 'if-match': '*' }, payload: employerBody() });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('logo', () => {
    it('stores a JPEG as the base64 mediadata the branding answers', async () => {
      const response = await call(implementer, 'PUT', `/api/staff/employers/${accountid}/logo`, { filename: 'logo.jpg', contentBase64: JPEG.toString('base64') });
      expect(response.statusCode).toBe(200);
      const branding = await t.app.inject({ method: 'GET', url: `/api/Employer/Branding/${accountid}` });
      expect(branding.json().data.mediadata).toBe(JPEG.toString('base64'));
      expect(await lastAudit()).toMatchObject({ action: 'logo', after: { base64length: JPEG.toString('base64').length } });
    });

    it.each([
      ['a PNG', PNG.toString('base64'), 'The file is not a JPEG image.'],
      ['text that is not base64', '@@not base64@@', 'The file is not base64 text.'],
      ['a JPEG above the limit', Buffer.concat([JPEG, Buffer.alloc(256 * 1024)]).toString('base64'), 'The file is larger than 256 KB.'],
    ])('refuses %s, writing nothing', async (_, contentBase64, message) => {
      const before = [await t.db.selectFrom('employer').select('mediadata').where('accountid', '=', accountid).executeTakeFirstOrThrow(), await auditCount()];
      const response = await call(implementer, 'PUT', `/api/staff/employers/${accountid}/logo`, { filename: 'logo.jpg', contentBase64 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { '/contentBase64': [message] } });
      expect([await t.db.selectFrom('employer').select('mediadata').where('accountid', '=', accountid).executeTakeFirstOrThrow(), await auditCount()]).toEqual(before);
    });

    it('refuses a viewer', async () => {
      expect((await call(viewer, 'PUT', `/api/staff/employers/${accountid}/logo`, { filename: 'logo.jpg', contentBase64: JPEG.toString('base64') })).statusCode).toBe(403);
    });
  });

  describe('contacts', () => {
    const contact = (overrides: object = {}) => ({
      contacttype: 3,
      displaytoemployee: true,
      firstname: 'Hana',
      middlename: null,
      lastname: 'Resources',
      emailaddress: 'hr@globex.example',
      phonenumber: '(555) 010-4000',
      ...overrides,
    });

    it('replaces the list; employees see the displayed ones', async () => {
      const response = await call(implementer, 'PUT', `/api/staff/employers/${accountid}/contacts`, {
        contacts: [contact(), contact({ contacttype: 4, displaytoemployee: false, firstname: 'Bill', lastname: 'Ing' })],
      });
      expect(response.statusCode).toBe(200);
      const [hr, billing] = response.json().data;
      expect(hr).toMatchObject({ id: expect.any(String), contacttype: 3, firstname: 'Hana' });
      expect(billing).toMatchObject({ contacttype: 4, displaytoemployee: false });
      const seen = await t.app.inject({ method: 'GET', url: `/api/Contacts/${accountid}`, headers: member.auth });
      expect(seen.json().data.contacts.map((c: { firstname: string }) => c.firstname)).toContain('Hana');
      const kept = await call(implementer, 'PUT', `/api/staff/employers/${accountid}/contacts`, { contacts: [{ ...contact({ firstname: 'Hanna' }), id: hr.id }] });
      expect(kept.json().data).toEqual([expect.objectContaining({ id: hr.id, firstname: 'Hanna' })]);
      expect(await lastAudit()).toMatchObject({ action: 'contacts', before: [{ firstname: 'Hana' }, { firstname: 'Bill' }], after: [{ firstname: 'Hanna' }] });
      expect((await call(viewer, 'GET', `/api/staff/employers/${accountid}/contacts`)).json().data).toHaveLength(1);
    });

    it.each([
      ['a type outside 1-5', { contacts: [contact({ contacttype: 6 })] }],
      ['a contact without a last name', { contacts: [contact({ lastname: '' })] }],
      ["another employer's contact id", { contacts: [{ ...contact(), id: randomUUID() }] }],
    ])('refuses %s, writing nothing', async (_, body) => {
      const before = [await countRows(t.db, 'employer_contact'), await auditCount()];
      expect((await call(implementer, 'PUT', `/api/staff/employers/${accountid}/contacts`, body)).statusCode).toBe(400);
      expect([await countRows(t.db, 'employer_contact'), await auditCount()]).toEqual(before);
    });
  });

  describe('ICHRA documents', () => {
    it('stores a PDF where /api/media/getdocs lists it to the employees, and deletes it', async () => {
      const response = await call(implementer, 'POST', `/api/staff/employers/${accountid}/ichra-documents`, { filename: 'ICHRA Plan Document.pdf', contentBase64: PDF.toString('base64') });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual([{ filename: 'ICHRA Plan Document.pdf', size: PDF.length, name_es: null }]);
      const docs = await t.app.inject({
        method: 'GET',
        url: `/api/media/getdocs?containerName=ichra-documents&folderName=${encodeURIComponent('Globex Staff Test')}`,
        headers: member.auth,
      });
      expect(docs.json().data.documents).toEqual([expect.objectContaining({ name: 'ICHRA Plan Document', filename: 'ICHRA Plan Document.pdf' })]);
      const file = await t.app.inject({ method: 'GET', url: docs.json().data.documents[0].url });
      expect(file.rawPayload.equals(PDF)).toBe(true);
      expect(await lastAudit()).toMatchObject({ action: 'document-upload', after: { filename: 'ICHRA Plan Document.pdf', size: PDF.length } });

      const deleted = await call(implementer, 'DELETE', `/api/staff/employers/${accountid}/ichra-documents/${encodeURIComponent('ICHRA Plan Document.pdf')}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json().data).toEqual([]);
      expect(await lastAudit()).toMatchObject({ action: 'document-delete', after: null });
      expect((await call(implementer, 'DELETE', `/api/staff/employers/${accountid}/ichra-documents/missing.pdf`)).statusCode).toBe(404);
    });

    it.each([
      ['a JPEG named .pdf', { filename: 'x.pdf', contentBase64: JPEG.toString('base64') }],
      ['a PDF not named .pdf', { filename: 'x.exe', contentBase64: PDF.toString('base64') }],
      ['a name with a path', { filename: '../x.pdf', contentBase64: PDF.toString('base64') }],
      ['a hidden name', { filename: '.x.pdf', contentBase64: PDF.toString('base64') }],
      ['a PDF above 5 MB', { filename: 'big.pdf', contentBase64: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]).toString('base64') }],
    ])('refuses %s, writing nothing', async (_, body) => {
      const before = await auditCount();
      expect((await call(implementer, 'POST', `/api/staff/employers/${accountid}/ichra-documents`, body)).statusCode).toBe(400);
      expect((await call(viewer, 'GET', `/api/staff/employers/${accountid}/ichra-documents`)).json().data).toEqual([]);
      expect(await auditCount()).toBe(before);
    });

    it('refuses a viewer', async () => {
      const response = await call(viewer, 'POST', `/api/staff/employers/${accountid}/ichra-documents`, { filename: 'x.pdf', contentBase64: PDF.toString('base64') });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('additional services', () => {
    const product = (overrides: object = {}) => ({
      productname: 'Vision Care',
      vendorname: 'ClearSight',
      description: 'Eye exams and glasses.',
      subcategory: 'Vision',
      taxstatus: 'Pre-Tax',
      active: true,
      options: [
        { option: 'Individual', cost: 7.5 },
        { option: 'Family', cost: 15 },
      ],
      ...overrides,
    });

    it('replaces the list; the employees are offered it, and a product left out is turned off', async () => {
      const response = await call(implementer, 'PUT', `/api/staff/employers/${accountid}/products`, { products: [product()] });
      expect(response.statusCode).toBe(200);
      const [saved] = response.json().data;
      expect(saved).toMatchObject({ id: expect.any(String), productname: 'Vision Care', options: [{ option: 'Individual', cost: 7.5 }, { option: 'Family', cost: 15 }] });
      const offered = await t.app.inject({ method: 'GET', url: '/api/Product', headers: member.auth });
      expect(offered.json().data.productlist.map((p: { productname: string }) => p.productname)).toEqual(['Vision Care']);

      await call(implementer, 'PUT', `/api/staff/employers/${accountid}/products`, { products: [] });
      expect((await t.app.inject({ method: 'GET', url: '/api/Product', headers: member.auth })).json().data.productlist).toEqual([]);
      expect((await call(viewer, 'GET', `/api/staff/employers/${accountid}/products`)).json().data).toEqual([expect.objectContaining({ id: saved.id, active: false })]);
      expect(await lastAudit()).toMatchObject({ action: 'products', before: [{ active: true }], after: [{ active: false }] });
    });

    it.each([
      ['a price with three decimals', { products: [product({ options: [{ option: 'One', cost: 1.005 }] })] }],
      ['a negative price', { products: [product({ options: [{ option: 'One', cost: -1 }] })] }],
      ['a product without options', { products: [product({ options: [] })] }],
      ['an unknown tax status', { products: [product({ taxstatus: 'Sometimes' })] }],
    ])('refuses %s, writing nothing', async (_, body) => {
      const before = [await countRows(t.db, 'product'), await countRows(t.db, 'product_option'), await auditCount()];
      expect((await call(implementer, 'PUT', `/api/staff/employers/${accountid}/products`, body)).statusCode).toBe(400);
      expect([await countRows(t.db, 'product'), await countRows(t.db, 'product_option'), await auditCount()]).toEqual(before);
    });

    it("refuses another employer's product id", async () => {
      const other = await call(implementer, 'POST', '/api/staff/employers', employerBody());
      const theirs = await call(implementer, 'PUT', `/api/staff/employers/${other.json().data.accountid}/products`, { products: [product()] });
      const before = await auditCount();
      const response = await call(implementer, 'PUT', `/api/staff/employers/${accountid}/products`, { products: [product({ id: theirs.json().data[0].id })] });
      expect(response.statusCode).toBe(400);
      expect(await auditCount()).toBe(before);
    });
  });

  describe('contribution rules', () => {
    it('replaces the set (drafted, then published) and previews what a person gets', async () => {
      const drafted = await call(implementer, 'PUT', `/api/staff/employers/${accountid}/contribution-rules`, { rules: rules(2) });
      expect(drafted.statusCode).toBe(200);
      expect(await lastAudit()).toMatchObject({ action: 'contribution-rules-draft', before: [], after: expect.arrayContaining([expect.objectContaining({ amount: 600 })]) });
      const response = await call(implementer, 'POST', `/api/staff/employers/${accountid}/contribution-rules/publish`);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toHaveLength(8);
      expect(await lastAudit()).toMatchObject({ action: 'contribution-rules', before: [], after: expect.arrayContaining([expect.objectContaining({ amount: 600 })]) });

      const preview = await call(viewer, 'POST', `/api/staff/employers/${accountid}/contribution-preview`, { age: 45, zip: '30301', spouse: true, children: 1 });
      expect(preview.statusCode).toBe(200);
      expect(preview.json().data).toMatchObject({ amount: 600, tier: 'family', state: 'GA', ratingArea: 3, text: 'a 45-year-old in ZIP 30301 with a spouse and one child gets $600.00' });
      const young = await call(viewer, 'POST', `/api/staff/employers/${accountid}/contribution-preview`, { age: 25, zip: '30301', spouse: false, children: 2 });
      expect(young.json().data.text).toBe('a 25-year-old in ZIP 30301 with two children gets $300.00');
    });

    it('previews a draft set without storing it', async () => {
      const draft = rules(3).map((rule) => ({ ...rule, amount: rule.amount * 2 }));
      const preview = await call(viewer, 'POST', `/api/staff/employers/${accountid}/contribution-preview`, { age: 50, zip: '30301', spouse: false, children: 0, rules: draft });
      expect(preview.json().data).toMatchObject({ amount: 1800, text: 'a 50-year-old in ZIP 30301 gets $1,800.00' });
      expect((await call(viewer, 'GET', `/api/staff/employers/${accountid}/contribution-rules`)).json().data).toHaveLength(8);
    });

    it('refuses more than 3 to 1 within a class with a clear message, writing nothing', async () => {
      const before = [await countRows(t.db, 'contribution_rule'), await auditCount()];
      const response = await call(implementer, 'PUT', `/api/staff/employers/${accountid}/contribution-rules`, { rules: rules(3.5) });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('These contribution rules are refused: 4 problems.');
      expect(response.json().fieldErrors['/rules']).toHaveLength(4);
      expect(response.json().fieldErrors['/rules']).toContain("Class ALL, tier Employee, anywhere: the oldest's amount is more than 3 times the youngest's.");
      expect([await countRows(t.db, 'contribution_rule'), await auditCount()]).toEqual(before);
    });

    it.each([
      ['overlapping bands', [...rules(2), { contributionclass: 'ALL', ageMin: 30, ageMax: 45, tier: 'employee', state: null, ratingArea: null, amount: 400 }]],
      ['an amount with three decimals', rules(2).map((rule, index) => (index === 0 ? { ...rule, amount: 300.005 } : rule))],
      ['an unknown tier', rules(2).map((rule, index) => (index === 0 ? { ...rule, tier: 'couple' } : rule))],
    ])('refuses %s, writing nothing', async (_, list) => {
      const before = [await countRows(t.db, 'contribution_rule'), await auditCount()];
      expect((await call(implementer, 'PUT', `/api/staff/employers/${accountid}/contribution-rules`, { rules: list })).statusCode).toBe(400);
      expect([await countRows(t.db, 'contribution_rule'), await auditCount()]).toEqual(before);
    });

    it('answers 400 for an unknown ZIP in the preview, and refuses a viewer changing rules', async () => {
      expect((await call(viewer, 'POST', `/api/staff/employers/${accountid}/contribution-preview`, { age: 45, zip: '00000', spouse: false, children: 0 })).statusCode).toBe(400);
      expect((await call(viewer, 'PUT', `/api/staff/employers/${accountid}/contribution-rules`, { rules: rules(2) })).statusCode).toBe(403);
    });
  });
});
