/**
 * Optimistic concurrency of every staff write that replaces a whole resource (docs/security.md, "Optimistic
 * concurrency"): the GET answers an ETag; the PUT must name it in If-Match (428 without, nothing written); a tag
 * someone else's save made stale is refused 412 with who changed it and when (nothing written); the current tag
 * saves and answers the new ETag. Where a PUT may create (a draft, an identity provider), If-None-Match: * stands
 * for "I read none".
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FormDocument } from '#engine/core/index.ts';
import { FAMILY_TIERS } from '#domain/contribution.ts';
import type { ContentStore } from '#server/plugins/content.plugin.ts';
import { databases } from './helpers/databases.ts';
import { countRows } from './enrollment.fixtures.ts';
import { createEmployer, type TestEmployer } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { signInStaff, type SignedInStaff } from './staff-fixtures.ts';

type Resource = {
  name: string;
  /** The GET that answers the tag, and the PUT that names it. */
  read: (employer: TestEmployer) => string;
  write: (employer: TestEmployer) => string;
  /** Two different bodies: what A and B each save. */
  body: (n: 1 | 2) => object;
  /** What the GET answers of the stored version, to see that a refused write changed nothing. */
  stored: (data: unknown) => unknown;
  /** The code of a stale write. */
  staleCode: string;
};

const employerUrl = (employer: TestEmployer) => `/api/staff/employers/${employer.accountid}`;
const rules = (amount: number) =>
  FAMILY_TIERS.map((tier) => ({ contributionclass: 'ALL', ageMin: 0, ageMax: 120, tier, state: null, ratingArea: null, amount }));

describe.each(databases())('staff whole-resource writes name what they read, on $name', (database) => {
  const t = useTestApp(database);
  let a: SignedInStaff;
  let b: SignedInStaff;
  const waiverWith = (text: string) => {
    const document = structuredClone((t.app.content as ContentStore).base.forms.get('waiver')!) as FormDocument;
    return { ...document, title: text };
  };

  const resources: Resource[] = [
    {
      name: "the employer's settings",
      read: employerUrl,
      write: employerUrl,
      body: (n) => ({ name: `Settings ${n} ${randomUUID().slice(0, 8)}`, email: null, planyear: 2027, employeazecustomer: 1, hsaonly: 0, edoc_period: n * 10, broker: null }),
      stored: (data) => (data as { edoc_period: number }).edoc_period,
      staleCode: 'RESOURCE_CHANGED',
    },
    {
      name: "the employer's contacts",
      read: (employer) => `${employerUrl(employer)}/contacts`,
      write: (employer) => `${employerUrl(employer)}/contacts`,
      body: (n) => ({ contacts: [{ contacttype: 3, displaytoemployee: true, firstname: `Contact ${n}`, middlename: null, lastname: 'HR', emailaddress: null, phonenumber: null }] }),
      stored: (data) => (data as Array<{ firstname: string }>).map((contact) => contact.firstname),
      staleCode: 'RESOURCE_CHANGED',
    },
    {
      name: "the employer's additional services",
      read: (employer) => `${employerUrl(employer)}/products`,
      write: (employer) => `${employerUrl(employer)}/products`,
      body: (n) => ({ products: [{ productname: `Vision ${n}`, vendorname: 'ClearSight', description: '', subcategory: null, taxstatus: null, active: true, options: [{ option: 'Individual', cost: n }] }] }),
      stored: (data) => (data as Array<{ productname: string; active: boolean }>).filter((product) => product.active).map((product) => product.productname),
      staleCode: 'RESOURCE_CHANGED',
    },
    {
      name: "the employer's contribution rules",
      read: (employer) => `${employerUrl(employer)}/contribution-rules`,
      write: (employer) => `${employerUrl(employer)}/contribution-rules`,
      body: (n) => ({ rules: rules(100 * n) }),
      stored: (data) => (data as Array<{ amount: number }>).map((rule) => rule.amount),
      staleCode: 'RESOURCE_CHANGED',
    },
    {
      name: "the employer's identity provider",
      read: (employer) => `${employerUrl(employer)}/identity-provider`,
      write: (employer) => `${employerUrl(employer)}/identity-provider`,
      body: (n) => ({
        displayName: `Login ${n}`,
        issuer: 'https://login.example.test',
        clientId: 'portal',
        clientSecret: 'secret',
        emailClaim: 'email',
        allowedDomains: ['example.test'],
        registration: 'census',
      }),
      stored: (data) => (data as { displayName: string } | null)?.displayName ?? null,
      staleCode: 'RESOURCE_CHANGED',
    },
    {
      name: 'a draft',
      read: (employer) => `${employerUrl(employer)}/content/waiver`,
      write: (employer) => `${employerUrl(employer)}/content/waiver/draft`,
      body: (n) => ({ document: waiverWith(`Waiver ${n}`) }),
      stored: (data) => (data as { draft: { document: { title: string } } | null }).draft?.document.title ?? null,
      staleCode: 'DRAFT_CHANGED',
    },
  ];

  beforeAll(async () => {
    a = await signInStaff(t.app, 'implementer');
    b = await signInStaff(t.app, 'implementer');
  });

  /** When B's save happened: its audit entry's time; a draft's is the version's save time. */
  const changedAt = async (resource: Resource, employer: TestEmployer) => {
    const row =
      resource.name === 'a draft'
        ? await t.db.selectFrom('document_override').select('updatedon as at').where('accountid', '=', employer.accountid).where('status', '=', 'draft').executeTakeFirstOrThrow()
        : await t.db.selectFrom('staff_audit').select('createdon as at').where('staff_user_id', '=', b.id).orderBy('createdon', 'desc').limit(1).executeTakeFirstOrThrow();
    return new Date(row.at).toISOString();
  };
  const read = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: a.headers });
    expect(response.statusCode).toBe(200);
    return { etag: response.headers.etag as string | undefined, data: response.json().data as unknown };
  };
  const put = (who: SignedInStaff, url: string, payload: object, condition: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url, headers: { ...who.headers, ...condition }, payload });
  /** The condition of a write made on what `url` answers now. */
  const asRead = async (url: string): Promise<Record<string, string>> => {
    const { etag } = await read(url);
    return etag ? { 'if-match': etag } : { 'if-none-match': '*' };
  };

  describe.each(resources)('$name', (resource) => {
    let employer: TestEmployer;
    beforeAll(async () => {
      employer = await createEmployer(t.db, { accountname: `Preconditions ${randomUUID().slice(0, 8)}` });
      // Every resource starts stored, so the first write below is a replace.
      expect((await put(a, resource.write(employer), resource.body(1), await asRead(resource.read(employer)))).statusCode).toBe(200);
    });

    it('refuses a write without If-Match with 428, and writes nothing', async () => {
      const before = await read(resource.read(employer));
      const audits = await countRows(t.db, 'staff_audit');
      const refused = await put(a, resource.write(employer), resource.body(2), {});
      expect(refused.statusCode).toBe(428);
      expect(refused.json()).toMatchObject({ success: false, code: 'PRECONDITION_REQUIRED', message: expect.stringContaining('If-Match') });
      const after = await read(resource.read(employer));
      expect(resource.stored(after.data)).toEqual(resource.stored(before.data));
      expect(after.etag).toBe(before.etag);
      expect(await countRows(t.db, 'staff_audit')).toBe(audits);
    });

    it('refuses a stale tag with 412 naming who changed it and when, and writes nothing', async () => {
      const readByA = await read(resource.read(employer));
      const savedByB = await put(b, resource.write(employer), resource.body(2), { 'if-match': readByA.etag! });
      expect(savedByB.statusCode).toBe(200);
      const afterB = await read(resource.read(employer));

      const stale = await put(a, resource.write(employer), resource.body(1), { 'if-match': readByA.etag! });
      expect(stale.statusCode).toBe(412);
      const failure = stale.json();
      expect(failure).toMatchObject({ success: false, code: resource.staleCode, data: { changedBy: b.email, changedAt: expect.any(String) } });
      expect(failure.message).toContain(b.email);
      expect(failure.data.changedAt).toBe(await changedAt(resource, employer));
      const now = await read(resource.read(employer));
      expect(resource.stored(now.data)).toEqual(resource.stored(afterB.data));
      expect(now.etag).toBe(afterB.etag);
    });

    it('saves with the current tag and answers the new ETag, which the next GET answers too', async () => {
      const current = await read(resource.read(employer));
      const saved = await put(a, resource.write(employer), resource.body(1), { 'if-match': current.etag! });
      expect(saved.statusCode).toBe(200);
      const etag = saved.headers.etag as string;
      expect(etag).toMatch(/^"[^"]+"$/);
      expect(etag).not.toBe(current.etag);
      const after = await read(resource.read(employer));
      expect(after.etag).toBe(etag);
      expect(resource.stored(after.data)).not.toEqual(resource.stored(current.data));
    });

    it('never matches a weak tag (If-Match compares strongly)', async () => {
      const current = await read(resource.read(employer));
      expect((await put(a, resource.write(employer), resource.body(2), { 'if-match': `W/${current.etag}` })).statusCode).toBe(412);
    });
  });

  it('creates with If-None-Match: * only where there is none yet (identity provider, draft)', async () => {
    const employer = await createEmployer(t.db, { accountname: `Preconditions new ${randomUUID().slice(0, 8)}` });
    for (const resource of resources.filter((r) => r.name === "the employer's identity provider" || r.name === 'a draft')) {
      expect((await read(resource.read(employer))).etag).toBeUndefined();
      const created = await put(a, resource.write(employer), resource.body(1), { 'if-none-match': '*' });
      expect(created.statusCode, resource.name).toBe(200);
      const again = await put(b, resource.write(employer), resource.body(2), { 'if-none-match': '*' });
      expect(again.statusCode, resource.name).toBe(412);
      expect(again.json()).toMatchObject({ code: resource.staleCode, data: { changedBy: a.email } });
    }
    // A list or the settings always exist: If-None-Match: * is no precondition they take.
    const contacts = await put(a, `${employerUrl(employer)}/contacts`, resources[1]!.body(1), { 'if-none-match': '*' });
    expect(contacts.statusCode).toBe(428);
  });
});
