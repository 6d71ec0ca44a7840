/**
 * What Authorize keeps whatever the employer's documents say, on PGlite and PostgreSQL (issue 19, The server keeps
 * the invariants): a purchase needs `ichraacknowledged: true` (else 400 with the acknowledgment document's own
 * text, nothing written), every enrollment records the versions of the documents in force and a purchase the
 * acknowledgment's time and the ICHRA documents listed then, and the stored profile is checked against the profile
 * and dependent documents in force (an override that asks for more after the member saved refuses the
 * authorization, naming the field). POST /api/Order's main orders keep the same acknowledgment and record.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as overrides from '#db/repositories/employer/document-override.repository.ts';
import { effectiveDateChoices } from '#domain/enrollment/effective-dates.ts';
import { loadBaseContent } from '#server/content/base-content.ts';
import { seedDemoDocuments } from '#server/content/demo-documents.ts';
import { storageIn } from '#server/infra/storage.ts';
import { databases } from './helpers/databases.ts';
import { registerMember } from './helpers/fixtures.ts';
import { completeProfile, countRows, setBirthdate, useEnrollmentWorld } from './enrollment.fixtures.ts';
import { FIXTURE_COUNTY, FIXTURE_ZIP, fixturePlanPremiums, HSA_PLAN } from './plan-premiums.fixture.ts';

const NOW = new Date('2025-11-20T12:00:00Z');
const base = loadBaseContent();
const baseProfileRequired = (base.forms.get('profile')!.schema as { required: string[] }).required;
const baseDependent = (base.forms.get('dependent')!.schema as { definitions: { dependent: { required: string[] } } }).definitions.dependent;
const ACKNOWLEDGE_TEXT = 'Please tick the ICHRA certification before you authorize.';

describe.each(databases())('what Authorize keeps, whatever the documents say, on $name', (database) => {
  const world = useEnrollmentWorld(database, { now: () => NOW, planPremiums: fixturePlanPremiums });
  let offered: string[] = [];

  beforeAll(async () => {
    const employer = await world.db.selectFrom('employer').selectAll().where('accountid', '=', world.demo.accountid).executeTakeFirstOrThrow();
    offered = effectiveDateChoices(world.today, { edocPeriod: employer.edoc_period, planYearStart: employer.planyearstart, planYearEnd: employer.planyearend });
    await seedDemoDocuments(storageIn(world.db), world.demo.accountid, world.demo.accountname);
  });

  /** A member of the demo employer with a complete profile (and `kids` children), enrolled in nothing. */
  const fresh = async (kids = 0) => {
    const member = await registerMember(world.app, world.demo, { firstname: 'Ivy' });
    await completeProfile(world.db, member.memberId);
    await setBirthdate(world.db, member.memberId, '1980-03-01');
    await world.db.updateTable('member').set({ postalcode: FIXTURE_ZIP }).where('id', '=', member.memberId).execute();
    for (let i = 0; i < kids; i += 1) {
      await world.db
        .insertInto('dependent')
        .values({ id: randomUUID(), memberid: member.memberId, firstname: `Kid${i}`, lastname: 'I', dateofbirth: '2015-01-01', gender: 'Male', relationship: 'child', createdby: 't', modifiedby: 't' })
        .execute();
    }
    return member;
  };

  /** Publishes an override of the demo employer's document as staff would (the version it became). */
  const publish = async (documentid: string, patch: unknown): Promise<number> =>
    world.db.transaction().execute(async (tx) => {
      await overrides.lockDocument(tx, world.demo.accountid, documentid);
      await overrides.retirePublished(tx, world.demo.accountid, documentid);
      const row = await overrides.insertVersion(tx, { accountid: world.demo.accountid, documentid, status: 'published', patch, staffId: null, now: NOW });
      return row.version;
    });
  /** Back to the base document, so the other tests see it. */
  const unpublish = (documentid: string) => overrides.retirePublished(world.db, world.demo.accountid, documentid);

  const authorize = (auth: { authorization: string }, payload: object) =>
    world.app.inject({ method: 'POST', url: '/api/Enrollment/Authorize', headers: { ...auth, 'idempotency-key': randomUUID() }, payload });
  const buy = (extra: object = {}) => ({
    effectivedate: offered[0],
    healthoption: 'buy',
    planid: HSA_PLAN,
    postalcode: FIXTURE_ZIP,
    countycode: FIXTURE_COUNTY,
    hsamonthly: 0,
    ...extra,
  });
  const waive = () => ({ effectivedate: offered[0], healthoption: 'waive', postalcode: '', countycode: '', hsamonthly: 0, waivecoveragereason: 'Coverage through Spouse/Partner' });

  const tables = ['member_order', 'member_account', 'enrollment', 'idempotency_key', 'log_fact'] as const;
  const counts = async () => Promise.all(tables.map((table) => countRows(world.db, table)));
  const enrollmentOf = (id: string) => world.db.selectFrom('enrollment').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('a purchase needs the ICHRA acknowledgment', () => {
    it("refuses a purchase without it with the acknowledgment document's own text (the employer's), nothing written", async () => {
      await publish('ichra-acknowledgment', { messages: { 'acknowledge-checkbox': ACKNOWLEDGE_TEXT } });
      try {
        const member = await fresh();
        const before = await counts();
        for (const sent of [buy(), buy({ ichraacknowledged: false })]) {
          const response = await authorize(member.auth, sent);
          expect(response.statusCode, response.body).toBe(400);
          expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: ACKNOWLEDGE_TEXT, fieldErrors: { '/ichraacknowledged': [ACKNOWLEDGE_TEXT] } });
        }
        expect(await counts()).toEqual(before);
      } finally {
        await unpublish('ichra-acknowledgment');
      }
    });

    it("answers the base document's text when the employer changed nothing", async () => {
      const member = await fresh();
      const response = await authorize(member.auth, buy());
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(base.forms.get('ichra-acknowledgment')!.messages['acknowledge-checkbox']);
    });

    it('records the acknowledgment with its time, the ICHRA documents listed then and the versions in force', async () => {
      const version = await publish('ichra-acknowledgment', { messages: { 'acknowledge-checkbox': ACKNOWLEDGE_TEXT } });
      try {
        const member = await fresh();
        const response = await authorize(member.auth, buy({ ichraacknowledged: true }));
        expect(response.statusCode, response.body).toBe(200);
        const { enrollmentid } = response.json().data;
        const record = await enrollmentOf(enrollmentid);
        expect(record).toMatchObject({ memberid: member.memberId, accountid: world.demo.accountid, healthoption: 'buy', planyear: Number(offered[0]!.slice(0, 4)) });
        expect(new Date(record.ichraacknowledgedat!).toISOString()).toBe(NOW.toISOString());
        // The names GET /api/media/getdocs lists to the member.
        const listed = await world.app.inject({
          method: 'GET',
          url: `/api/media/getdocs?containerName=ichra-documents&folderName=${encodeURIComponent(world.demo.accountname)}`,
          headers: member.auth,
        });
        const names = listed.json().data.documents.map((document: { name: string }) => document.name);
        expect(names).toEqual(['ICHRA Notice to Employees', 'ICHRA Plan Document']);
        expect(record.ichradocuments).toEqual(names);
        // Every document by its id: the published override's version, 0 for the base ones.
        const versions = record.documentversions as Record<string, number>;
        expect(version).toBeGreaterThan(0);
        expect(versions['ichra-acknowledgment']).toBe(version);
        expect(versions).toMatchObject({ profile: 0, dependent: 0, contributions: 0, enrollment: 0 });
        expect(Object.keys(versions).sort()).toEqual([...base.forms.keys(), ...base.flows.keys()].sort());
      } finally {
        await unpublish('ichra-acknowledgment');
      }
    });

    it('a waiver needs no acknowledgment; its enrollment records the versions and no acknowledgment', async () => {
      const version = await publish('enrollment', { title: 'Benefits Enrollment 2026' });
      try {
        const member = await fresh();
        const response = await authorize(member.auth, waive());
        expect(response.statusCode, response.body).toBe(200);
        const record = await enrollmentOf(response.json().data.enrollmentid);
        expect(record).toMatchObject({ healthoption: 'waive', ichraacknowledgedat: null, ichradocuments: null });
        expect((record.documentversions as Record<string, number>).enrollment).toBe(version);
      } finally {
        await unpublish('enrollment');
      }
    });

    it('POST /api/Order: a health insurance order needs it too, and its enrollment is recorded the same way', async () => {
      const member = await fresh();
      const order = { order: { category: 'healthinsurance', planid: HSA_PLAN, countycode: FIXTURE_COUNTY, policyeffectivedate: offered[0] }, memberAccount: {} };
      const before = await counts();
      const refused = await world.app.inject({ method: 'POST', url: '/api/Order', headers: member.auth, payload: order });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().fieldErrors)).toEqual(['/ichraacknowledged']);
      expect(await counts()).toEqual(before);
      const placed = await world.app.inject({ method: 'POST', url: '/api/Order', headers: member.auth, payload: { ...order, ichraacknowledged: true } });
      expect(placed.statusCode, placed.body).toBe(200);
      const record = await world.db.selectFrom('enrollment').selectAll().where('memberid', '=', member.memberId).executeTakeFirstOrThrow();
      expect(record).toMatchObject({ healthoption: 'buy', ichradocuments: ['ICHRA Notice to Employees', 'ICHRA Plan Document'] });
      expect(record.id).toBe((await world.db.selectFrom('member_order').select('enrollmentid').where('id', '=', placed.json().data.id).executeTakeFirstOrThrow()).enrollmentid);
    });
  });

  describe('the stored profile is checked against the documents in force', () => {
    it('refuses (PROFILE_INCOMPLETE) a member an override asks more of since the profile was saved, naming the field; nothing written', async () => {
      const member = await fresh();
      // The SSN was optional when the member saved; the employer now requires it.
      await publish('profile', { schema: { required: [...baseProfileRequired, 'additionalid'] } });
      try {
        const before = await counts();
        for (const sent of [buy({ ichraacknowledged: true }), waive()]) {
          const response = await authorize(member.auth, sent);
          expect(response.statusCode, response.body).toBe(400);
          expect(response.json()).toMatchObject({ success: false, code: 'PROFILE_INCOMPLETE' });
          expect(response.json().message).toContain('SSN');
          expect(Object.keys(response.json().fieldErrors)).toEqual(['/additionalid']);
        }
        expect(await counts()).toEqual(before);
        // A stored SSN (kept encrypted, answered masked) counts as given.
        await world.db.updateTable('member').set({ ssn_last4: '6789', ssn_ciphertext: 'stored' }).where('id', '=', member.memberId).execute();
        const response = await authorize(member.auth, buy({ ichraacknowledged: true }));
        expect(response.statusCode, response.body).toBe(200);
      } finally {
        await unpublish('profile');
      }
    });

    it("checks each dependent against the dependent document in force, naming the dependent's field", async () => {
      const member = await fresh(1);
      await publish('dependent', { schema: { definitions: { dependent: { required: [...baseDependent.required, 'additionalid'] } } } });
      try {
        const response = await authorize(member.auth, buy({ ichraacknowledged: true }));
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().code).toBe('PROFILE_INCOMPLETE');
        expect(response.json().message).toContain('Dependent #1: SSN');
        expect(Object.keys(response.json().fieldErrors)).toEqual(['/dependents/0/additionalid']);
      } finally {
        await unpublish('dependent');
      }
    });

    it('counts the dependent ages on the effective date chosen: a child 25 on the first date offered and 26 on the next', async () => {
      expect(offered.slice(0, 2)).toEqual(['2026-01-01', '2026-02-01']);
      const member = await fresh();
      await world.db
        .insertInto('dependent')
        .values({ id: randomUUID(), memberid: member.memberId, firstname: 'Sky', lastname: 'I', dateofbirth: '2000-01-15', gender: 'Male', relationship: 'child', istobaccouser: false, createdby: 't', modifiedby: 't' })
        .execute();
      const before = await counts();
      const later = await authorize(member.auth, { ...waive(), effectivedate: offered[1] });
      expect(later.statusCode, later.body).toBe(400);
      expect(later.json()).toMatchObject({
        code: 'PROFILE_INCOMPLETE',
        fieldErrors: { '/dependents/0/dateofbirth': ['A child must be under 26 on the coverage effective date, unless disabled.'] },
      });
      expect(later.json().message).toContain('Dependent #1: Date of Birth');
      expect(await counts()).toEqual(before);
      const first = await authorize(member.auth, waive());
      expect(first.statusCode, first.body).toBe(200);
    });

    it('refuses a profile that misses a field the base document requires (a member who never completed step 1)', async () => {
      const member = await fresh();
      await world.db.updateTable('member').set({ gender: null, pcpname: null }).where('id', '=', member.memberId).execute();
      const response = await authorize(member.auth, waive());
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'PROFILE_INCOMPLETE' });
      expect(Object.keys(response.json().fieldErrors).sort()).toEqual(['/gender', '/pcpname']);
      expect(response.json().message).toMatch(/Gender, PCP Name/);
    });
  });
});
