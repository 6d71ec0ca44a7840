/**
 * Optimistic concurrency of every staff write that replaces a whole resource (docs/security.md, "Optimistic
 * concurrency"): the GET answers an ETag; the PUT must name it in If-Match (428 without, nothing written); a tag
 * someone else's save made stale is refused 412 with who changed it and when (nothing written); the current tag
 * saves and answers the new ETag. Where a PUT may create (a draft, an identity provider, the logo), If-None-Match: *
 * stands for "I read none". The uploads (logo, ICHRA documents), a document's deletion, a staff user's role and the
 * console settings are held the same way.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FormDocument } from '#engine/runtime/index.ts';
import { FAMILY_TIERS } from '#domain/enrollment/contribution.ts';
import type { ContentStore } from '#server/content/content-store.ts';
import { databases } from './helpers/databases.ts';
import { countRows } from './enrollment.fixtures.ts';
import { createEmployer, type TestEmployer } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { signInStaff, type SignedInStaff } from './staff-fixtures.ts';

type Resource = {
  name: string;
  /** The GET that answers the tag, and the write (PUT unless `method` says) that names it. */
  read: (employer: TestEmployer) => string;
  write: (employer: TestEmployer) => string;
  method?: 'PUT' | 'POST';
  /** Where the GET answers the tag, when not in its ETag header (the logo's, in the employer's logotag). */
  tagOf?: (data: unknown) => string | null;
  /** Two different bodies: what A and B each save. */
  body: (n: 1 | 2) => object;
  /** What the GET answers of the stored version, to see that a refused write changed nothing. */
  stored: (data: unknown) => unknown;
  /** The code of a stale write. */
  staleCode: string;
};

const employerUrl = (employer: TestEmployer) => `/api/staff/employers/${employer.accountid}`;
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
/** A JPEG or PDF of its own for each n (the servers check the first bytes only). */
const jpeg = (n: number) => Buffer.concat([JPEG, Buffer.from(`logo ${n}`)]).toString('base64');
const pdf = (n: number) => Buffer.from(`%PDF-1.4\n% ${'v'.repeat(n)}\n%%EOF\n`).toString('base64');
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
      read: (employer) => `${employerUrl(employer)}/contribution-rules/draft`,
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
      name: "the employer's logo",
      read: employerUrl,
      write: (employer) => `${employerUrl(employer)}/logo`,
      tagOf: (data) => (data as { logotag: string | null }).logotag,
      body: (n) => ({ filename: 'logo.jpg', contentBase64: jpeg(n) }),
      stored: (data) => (data as { mediadata: string | null }).mediadata,
      staleCode: 'RESOURCE_CHANGED',
    },
    {
      name: "the employer's ICHRA documents",
      read: (employer) => `${employerUrl(employer)}/ichra-documents`,
      write: (employer) => `${employerUrl(employer)}/ichra-documents`,
      method: 'POST',
      // The same name each time: an upload that replaces the document (a new name is tested below).
      body: (n) => ({ filename: 'ICHRA Plan.pdf', contentBase64: pdf(n) }),
      stored: (data) => data,
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
  const readAs = async (who: SignedInStaff, url: string, tagOf?: (data: unknown) => string | null) => {
    const response = await t.app.inject({ method: 'GET', url, headers: who.headers });
    expect(response.statusCode).toBe(200);
    const data = response.json().data as unknown;
    return { etag: (tagOf ? tagOf(data) : response.headers.etag) ?? undefined, data };
  };
  const writeAs = (method: 'PUT' | 'POST' | 'PATCH' | 'DELETE', who: SignedInStaff, url: string, payload: object | undefined, condition: Record<string, string>) =>
    t.app.inject({ method, url, headers: { ...who.headers, ...condition }, payload });

  describe.each(resources)('$name', (resource) => {
    let employer: TestEmployer;
    const read = (url: string) => readAs(a, url, resource.tagOf);
    const put = (who: SignedInStaff, url: string, payload: object, condition: Record<string, string>) => writeAs(resource.method ?? 'PUT', who, url, payload, condition);
    /** The condition of a write made on what `url` answers now. */
    const asRead = async (url: string): Promise<Record<string, string>> => {
      const { etag } = await read(url);
      return etag ? { 'if-match': etag } : { 'if-none-match': '*' };
    };
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

  it('creates with If-None-Match: * only where there is none yet (identity provider, draft, logo)', async () => {
    const employer = await createEmployer(t.db, { accountname: `Preconditions new ${randomUUID().slice(0, 8)}` });
    const creatable = ["the employer's identity provider", 'a draft', "the employer's logo"];
    for (const resource of resources.filter((r) => creatable.includes(r.name))) {
      expect((await readAs(a, resource.read(employer), resource.tagOf)).etag).toBeUndefined();
      const created = await writeAs('PUT', a, resource.write(employer), resource.body(1), { 'if-none-match': '*' });
      expect(created.statusCode, resource.name).toBe(200);
      const again = await writeAs('PUT', b, resource.write(employer), resource.body(2), { 'if-none-match': '*' });
      expect(again.statusCode, resource.name).toBe(412);
      expect(again.json()).toMatchObject({ code: resource.staleCode, data: { changedBy: a.email } });
    }
    // A list or the settings always exist: If-None-Match: * is no precondition they take.
    const contacts = await writeAs('PUT', a, `${employerUrl(employer)}/contacts`, resources[1]!.body(1), { 'if-none-match': '*' });
    expect(contacts.statusCode).toBe(428);
    expect((await writeAs('POST', a, `${employerUrl(employer)}/ichra-documents`, { filename: 'New.pdf', contentBase64: pdf(1) }, { 'if-none-match': '*' })).statusCode).toBe(428);
  });

  it("answers the logo's tag as the logo file's ETag, the one its upload names", async () => {
    const employer = await createEmployer(t.db, { accountname: `Preconditions logo ${randomUUID().slice(0, 8)}` });
    const uploaded = await writeAs('PUT', a, `${employerUrl(employer)}/logo`, { filename: 'logo.jpg', contentBase64: jpeg(3) }, { 'if-none-match': '*' });
    const file = await t.app.inject({ method: 'GET', url: `${employerUrl(employer)}/logo`, headers: a.headers });
    expect(file.headers.etag).toBe(uploaded.headers.etag);
    expect(file.headers.etag).toBe(uploaded.json().data.logotag);
  });

  it("holds every change of the ICHRA documents (a new name, a replace, a deletion) to the documents' tag", async () => {
    const employer = await createEmployer(t.db, { accountname: `Preconditions documents ${randomUUID().slice(0, 8)}` });
    const url = `${employerUrl(employer)}/ichra-documents`;
    const empty = await readAs(a, url);
    expect(empty.etag).toMatch(/^"[^"]+"$/);
    const first = await writeAs('POST', b, url, { filename: 'First.pdf', contentBase64: pdf(1) }, { 'if-match': empty.etag! });
    expect(first.statusCode).toBe(200);
    // A, who read the empty folder, neither adds another document nor deletes B's without seeing it.
    const added = await writeAs('POST', a, url, { filename: 'Second.pdf', contentBase64: pdf(2) }, { 'if-match': empty.etag! });
    expect(added.statusCode).toBe(412);
    expect(added.json()).toMatchObject({ code: 'RESOURCE_CHANGED', data: { changedBy: b.email } });
    const deleteUrl = `${url}/First.pdf`;
    expect((await writeAs('DELETE', a, deleteUrl, undefined, {})).statusCode).toBe(428);
    expect((await writeAs('DELETE', a, deleteUrl, undefined, { 'if-match': empty.etag! })).statusCode).toBe(412);
    expect((await readAs(a, url)).data).toEqual([{ filename: 'First.pdf', size: expect.any(Number), name_es: null }]);
    // Replacing First.pdf with other bytes of the same size changes the tag too.
    const current = await readAs(a, url);
    const sameSize = Buffer.from(Buffer.from(pdf(1), 'base64').toString().replace('% v', '% w')).toString('base64');
    const replaced = await writeAs('POST', b, url, { filename: 'First.pdf', contentBase64: sameSize }, { 'if-match': current.etag! });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.headers.etag).not.toBe(current.etag);
    expect((await writeAs('DELETE', a, deleteUrl, undefined, { 'if-match': current.etag! })).statusCode).toBe(412);
    const deleted = await writeAs('DELETE', a, deleteUrl, undefined, { 'if-match': replaced.headers.etag as string });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual([]);
    expect(deleted.headers.etag).toBe(empty.etag);
  });
});

describe.each(databases())("an admin's changes of staff users and console settings name what they read, on $name", (database) => {
  const t = useTestApp(database);
  let a: SignedInStaff;
  let b: SignedInStaff;
  beforeAll(async () => {
    a = await signInStaff(t.app, 'admin');
    b = await signInStaff(t.app, 'admin');
  });
  const call = (method: 'GET' | 'PATCH', who: SignedInStaff, url: string, payload?: object, condition: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...who.headers, ...condition }, payload });

  it("refuses a role change without If-Match (428) or made on a stale listing (412), and saves on the listed etag", async () => {
    const colleague = await signInStaff(t.app, 'viewer');
    const listed = async () => ((await call('GET', a, '/api/staff/users')).json().data as Array<{ id: string; etag: string; role: string }>).find((user) => user.id === colleague.id)!;
    const readByA = await listed();
    const url = `/api/staff/users/${colleague.id}`;
    const audits = await countRows(t.db, 'staff_audit');
    const missing = await call('PATCH', a, url, { role: 'admin' });
    expect(missing.statusCode).toBe(428);
    expect(missing.json()).toMatchObject({ code: 'PRECONDITION_REQUIRED' });
    expect(await countRows(t.db, 'staff_audit')).toBe(audits);

    const byB = await call('PATCH', b, url, { role: 'implementer' }, { 'if-match': readByA.etag });
    expect(byB.statusCode).toBe(200);
    const stale = await call('PATCH', a, url, { role: 'admin' }, { 'if-match': readByA.etag });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ code: 'RESOURCE_CHANGED', data: { changedBy: b.email, changedAt: expect.any(String) } });
    expect((await listed()).role).toBe('implementer');
    // Disabling is the same change of access.
    expect((await call('PATCH', a, url, { disabled: true }, { 'if-match': readByA.etag })).statusCode).toBe(412);

    const current = await listed();
    expect(current.etag).toBe(byB.headers.etag);
    const saved = await call('PATCH', a, url, { role: 'admin' }, { 'if-match': current.etag });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ role: 'admin', etag: saved.headers.etag });
  });

  it('refuses a change of the console settings without If-Match (428) or on a stale read (412)', async () => {
    const readByA = await call('GET', a, '/api/staff/settings');
    const etag = readByA.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const value = (readByA.json().data as { secondFactorRequired: boolean }).secondFactorRequired;
    expect(value).toBe(false);
    expect((await call('PATCH', a, '/api/staff/settings', { secondFactorRequired: false })).statusCode).toBe(428);
    // B saves the same value again: the settings stay as A read them, so A's save still holds.
    const byB = await call('PATCH', b, '/api/staff/settings', { secondFactorRequired: false }, { 'if-match': etag });
    expect(byB.statusCode).toBe(200);
    expect(byB.headers.etag).toBe(etag);
    // A tag that is not the current one (as one read before a colleague's change): refused, naming who changed them last.
    const other = await call('PATCH', a, '/api/staff/settings', { secondFactorRequired: false }, { 'if-match': '"another"' });
    expect(other.statusCode).toBe(412);
    expect(other.json()).toMatchObject({ code: 'RESOURCE_CHANGED', data: { changedBy: b.email } });
    expect((await call('GET', a, '/api/staff/settings')).headers.etag).toBe(etag);
  });
});
