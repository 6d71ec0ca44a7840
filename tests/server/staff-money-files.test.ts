/**
 * Staff money and files (docs/staff-employers.md): a contribution rule set must pay every age 0 to 120 of every
 * tier (a refused set names the missing band and writes nothing); a negative price or amount is refused on its
 * field, never turned into 0; staff open a stored ICHRA document and the logo (typed, inline, nosniff; 404 for
 * an unknown or unsafe name; a member's token refused).
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
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Class Full-time, every tier, in the given age bands, $400 a month. */
const fullTime = (...bands: Array<[number, number]>): StaffContributionRule[] =>
  bands.flatMap(([ageMin, ageMax]) => FAMILY_TIERS.map((tier) => ({ contributionclass: 'Full-time', ageMin, ageMax, tier, state: null, ratingArea: null, amount: 400 })));

const product = (cost: number) => ({
  productname: 'Vision Care',
  vendorname: 'ClearSight',
  description: 'Eye exams and lenses',
  subcategory: null,
  taxstatus: 'Post-Tax',
  active: true,
  options: [
    { option: 'Individual', cost: 7.5 },
    { option: 'Family', cost },
  ],
});

describe.each(databases())('staff money and files on $name', (database) => {
  const t = useTestApp(database);
  let implementer: SignedInStaff;
  let viewer: SignedInStaff;
  let accountid: string;
  let member: RegisteredMember;

  /** A call; a PUT is made on what the resource is now (its ETag read just before). */
  const call = async (who: SignedInStaff | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) => {
    const condition = who ? await conditionOfWrite(t.app, who, method, url) : {};
    return t.app.inject({ method, url, headers: { ...(who?.headers ?? {}), ...condition, ...headers }, ...(payload ? { payload } : {}) });
  };
  const written = async () => [await countRows(t.db, 'contribution_rule'), await countRows(t.db, 'product_option'), await countRows(t.db, 'staff_audit')];

  beforeAll(async () => {
    implementer = await signInStaff(t.app, 'implementer');
    viewer = await signInStaff(t.app, 'viewer');
    const name = `Money Files ${randomUUID().slice(0, 8)}`;
    const created = await call(implementer, 'POST', '/api/staff/employers', {
      name,
      email: 'benefits@money.example',
      planyear: 2026,
      employeazecustomer: 1,
      hsaonly: 0,
      edoc_period: null,
      broker: null,
    });
    expect(created.statusCode).toBe(200);
    accountid = created.json().data.accountid;
    member = await registerMember(t.app as FastifyInstance, { accountid, accountname: name, teamid: created.json().data.teamid });
  });

  describe('contribution rules cover every age 0 to 120 of every tier', () => {
    it('refuses a set that leaves out the 65-and-over, naming the band, and writes nothing', async () => {
      const before = await written();
      const response = await call(implementer, 'PUT', `/api/staff/employers/${accountid}/contribution-rules`, { rules: fullTime([0, 29], [30, 64]) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(response.json().fieldErrors['/rules']).toEqual(FAMILY_TIERS.map((_, index) => expect.stringContaining(['Employee:', 'Employee + Spouse:', 'Employee + Children:', 'Family:'][index]!)));
      expect(response.json().fieldErrors['/rules']).toContain('Class Full-time, tier Employee + Spouse: no contribution for ages 65 to 120.');
      // Each problem once: listed under the set, the message only counting them.
      expect(response.json().message).toBe('These contribution rules are refused: 4 problems.');
      const twice = fullTime([0, 120]);
      const inverted = { ...twice[0]!, ageMin: 64, ageMax: 30 };
      const duplicated = await call(implementer, 'PUT', `/api/staff/employers/${accountid}/contribution-rules`, { rules: [...twice, inverted, inverted] });
      expect(duplicated.json().fieldErrors['/rules']).toEqual([expect.stringContaining('are inverted')]);
      expect(await written()).toEqual(before);
    });

    it('refuses a gap in the middle of one tier', async () => {
      const rules = fullTime([0, 29], [40, 120]).concat(fullTime([30, 39]).filter((rule) => rule.tier !== 'family'));
      const response = await call(implementer, 'PUT', `/api/staff/employers/${accountid}/contribution-rules`, { rules });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors['/rules']).toEqual(['Class Full-time, tier Family: no contribution for ages 30 to 39.']);
    });

    it('stores a set that covers 0 to 120 (as the draft, then in force once published)', async () => {
      expect((await call(implementer, 'PUT', `/api/staff/employers/${accountid}/contribution-rules`, { rules: fullTime([0, 64], [65, 120]) })).statusCode).toBe(200);
      const response = await call(implementer, 'POST', `/api/staff/employers/${accountid}/contribution-rules/publish`);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toHaveLength(8);
    });

    it('previews the unsaved set sent with the request, checked the same way', async () => {
      const draft = fullTime([0, 64], [65, 120]).map((rule) => ({ ...rule, amount: rule.ageMin === 65 ? 900 : 450 }));
      const preview = await call(viewer, 'POST', `/api/staff/employers/${accountid}/contribution-preview`, { class: 'Full-time', age: 70, zip: '30301', spouse: false, children: 0, rules: draft });
      expect(preview.json().data).toMatchObject({ amount: 900, text: 'a 70-year-old in class Full-time in ZIP 30301 gets $900.00' });
      const refused = await call(viewer, 'POST', `/api/staff/employers/${accountid}/contribution-preview`, { age: 70, zip: '30301', spouse: false, children: 0, rules: fullTime([0, 64]) });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors['/rules']).toContain('Class Full-time, tier Employee: no contribution for ages 65 to 120.');
    });

    it("answers 404 for an unknown employer's preview before it reads the draft's amounts, and 428 for a change without If-Match before its amounts", async () => {
      const rules = fullTime([0, 120]).map((rule) => ({ ...rule, amount: -5 }));
      const preview = await call(viewer, 'POST', `/api/staff/employers/${randomUUID()}/contribution-preview`, { age: 70, zip: '30301', spouse: false, children: 0, rules });
      expect(preview.statusCode).toBe(404);
      const unnamed = await t.app.inject({ method: 'PUT', url: `/api/staff/employers/${accountid}/contribution-rules`, headers: implementer.headers, payload: { rules } });
      expect(unnamed.statusCode).toBe(428);
    });

    it('refuses a negative amount on its field, writing nothing', async () => {
      const before = await written();
      const rules = fullTime([0, 120]).map((rule, index) => (index === 1 ? { ...rule, amount: -5 } : rule));
      const response = await call(implementer, 'PUT', `/api/staff/employers/${accountid}/contribution-rules`, { rules });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ '/rules/1/amount': ['An amount cannot be negative (-5 was entered): enter 0 or more.'] });
      expect(await written()).toEqual(before);
    });
  });

  describe('prices', () => {
    it('refuses a negative price with a message on its field, not changed to 0, writing nothing', async () => {
      const before = await written();
      const response = await call(implementer, 'PUT', `/api/staff/employers/${accountid}/products`, { products: [product(-12.5)] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'A price cannot be negative (-12.5 was entered): enter 0 or more.',
        fieldErrors: { '/products/0/options/1/cost': ['A price cannot be negative (-12.5 was entered): enter 0 or more.'] },
      });
      expect(await written()).toEqual(before);
      expect((await call(viewer, 'GET', `/api/staff/employers/${accountid}/products`)).json().data).toEqual([]);
    });

    it('names every refused price, and still refuses more than two decimals and huge numbers', async () => {
      const two = await call(implementer, 'PUT', `/api/staff/employers/${accountid}/products`, { products: [{ ...product(-1), options: [{ option: 'A', cost: -0.01 }, { option: 'B', cost: 1.005 }] }] });
      expect(two.statusCode).toBe(400);
      expect(Object.keys(two.json().fieldErrors)).toEqual(['/products/0/options/0/cost', '/products/0/options/1/cost']);
      expect((await call(implementer, 'PUT', `/api/staff/employers/${accountid}/products`, { products: [product(-1e300)] })).statusCode).toBe(400);
      expect((await call(implementer, 'PUT', `/api/staff/employers/${accountid}/products`, { products: [product(0)] })).statusCode).toBe(200);
    });
  });

  describe('opening stored files', () => {
    beforeAll(async () => {
      expect((await call(implementer, 'POST', `/api/staff/employers/${accountid}/ichra-documents`, { filename: 'ICHRA Plan.pdf', contentBase64: PDF.toString('base64') })).statusCode).toBe(200);
      expect((await call(implementer, 'PUT', `/api/staff/employers/${accountid}/logo`, { filename: 'logo.jpg', contentBase64: JPEG.toString('base64') })).statusCode).toBe(200);
    });

    it('serves an ICHRA document to a viewer as an inline PDF that is not sniffed', async () => {
      const response = await call(viewer, 'GET', `/api/staff/employers/${accountid}/ichra-documents/${encodeURIComponent('ICHRA Plan.pdf')}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`inline; filename*=UTF-8''ICHRA%20Plan.pdf`);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.rawPayload.equals(PDF)).toBe(true);
    });

    it('serves the logo as the stored JPEG', async () => {
      const response = await call(viewer, 'GET', `/api/staff/employers/${accountid}/logo`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.rawPayload.equals(JPEG)).toBe(true);
    });

    it.each([
      ['an unknown name', 'missing.pdf'],
      ['a path', '..%2F..%2Fetc%2Fpasswd'],
      ['a backslash path', '..%5Cx.pdf'],
      ['a hidden name', '.x.pdf'],
      ['a NUL', 'x%00.pdf'],
    ])('answers 404 for %s', async (_, name) => {
      const response = await call(viewer, 'GET', `/api/staff/employers/${accountid}/ichra-documents/${name}`);
      expect([400, 404]).toContain(response.statusCode);
      expect(response.headers['content-type']).toContain('application/json');
      if (name === 'missing.pdf') expect(response.statusCode).toBe(404);
    });

    it('answers 404 for an unknown employer, and for an employer without a logo', async () => {
      expect((await call(viewer, 'GET', `/api/staff/employers/${randomUUID()}/ichra-documents/${encodeURIComponent('ICHRA Plan.pdf')}`)).statusCode).toBe(404);
      expect((await call(viewer, 'GET', `/api/staff/employers/${randomUUID()}/logo`)).statusCode).toBe(404);
      const bare = await call(implementer, 'POST', '/api/staff/employers', { name: `No Logo ${randomUUID().slice(0, 8)}`, email: 'x@money.example', planyear: 2026, employeazecustomer: 0, hsaonly: 0, edoc_period: null, broker: null });
      expect((await call(viewer, 'GET', `/api/staff/employers/${bare.json().data.accountid}/logo`)).statusCode).toBe(404);
    });

    it("refuses a member's token and no session", async () => {
      for (const url of [`/api/staff/employers/${accountid}/ichra-documents/${encodeURIComponent('ICHRA Plan.pdf')}`, `/api/staff/employers/${accountid}/logo`]) {
        expect((await t.app.inject({ method: 'GET', url, headers: member.auth })).statusCode).toBe(401);
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      }
    });
  });
});
