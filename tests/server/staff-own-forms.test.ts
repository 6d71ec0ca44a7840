/**
 * Forms of the employer's own in the console (docs/staff.md): the employer's documents list them after the base
 * documents; the empty form the console starts one from and the step the console adds for it pass the server's
 * checks as they are (the console's edits and the server's checks agree), and another employer never sees them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContentStore } from '#server/content/content-store.ts';
import { addOwnStep, emptyOwnForm } from '../../src/staff/documents/own-steps/own-forms.ts';
import { addField, fieldGroupsOf } from '../../src/staff/documents/field-builder/field-edits.ts';
import { databases } from './helpers/databases.ts';
import { createEmployer, type TestEmployer } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { signInStaff, type SignedInStaff } from './staff-fixtures.ts';

describe.each(databases())("forms of the employer's own in the console on $name", (database) => {
  const t = useTestApp(database);
  let implementer: SignedInStaff;
  let viewer: SignedInStaff;
  beforeAll(async () => {
    implementer = await signInStaff(t.app, 'implementer');
    viewer = await signInStaff(t.app, 'viewer');
  });

  const url = (employer: TestEmployer, id: string, tail = '') => `/api/staff/employers/${employer.accountid}/content/${id}${tail}`;
  const publish = async (employer: TestEmployer, id: string, document: unknown) => {
    const draft = await t.app.inject({ method: 'PUT', url: url(employer, id, '/draft'), headers: { ...implementer.headers, 'if-none-match': '*' }, payload: { document } as object });
    expect(draft.statusCode, draft.body).toBe(200);
    const { version, etag } = draft.json().data;
    const published = await t.app.inject({ method: 'POST', url: url(employer, id, '/publish'), headers: implementer.headers, payload: { version, etag } });
    expect(published.statusCode, published.body).toBe(200);
  };
  const documents = async (employer: TestEmployer, staff = viewer) =>
    t.app.inject({ method: 'GET', url: `/api/staff/employers/${employer.accountid}/content`, headers: staff.headers });

  it("lists the base documents, then the employer's own forms with their titles, to a viewer; not another employer's", async () => {
    const employer = await createEmployer(t.db);
    const other = await createEmployer(t.db);
    const before = (await documents(employer)).json().data as { id: string; own: boolean }[];
    expect(before.some((document) => document.id === 'profile' && !document.own)).toBe(true);
    expect(before.some((document) => document.own)).toBe(false);

    // The console's empty form, with a field added by the field builder, is accepted as it is and published.
    const empty = emptyOwnForm('commute-survey', 'Commute Survey');
    const { document: form } = addField(empty, null, fieldGroupsOf(empty)[0]!, {
      kind: 'choice',
      label: 'How do you get to work?',
      help: 'Most days.',
      required: false,
      options: ['Public transit', 'Bicycle', 'Car'],
      after: null,
    });
    const draft = await t.app.inject({ method: 'PUT', url: url(employer, 'commute-survey', '/draft'), headers: { ...implementer.headers, 'if-none-match': '*' }, payload: { document: form } });
    expect(draft.statusCode, draft.body).toBe(200);
    // No base document, nothing published yet: both null (the console tells such a form by them).
    const read = (await t.app.inject({ method: 'GET', url: url(employer, 'commute-survey'), headers: viewer.headers })).json().data;
    expect(read).toMatchObject({ base: null, resolved: null, published: null, draft: { version: 1 } });
    const { version, etag } = draft.json().data;
    const published = await t.app.inject({ method: 'POST', url: url(employer, 'commute-survey', '/publish'), headers: implementer.headers, payload: { version, etag } });
    expect(published.statusCode, published.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: url(employer, 'commute-survey'), headers: viewer.headers })).json().data).toMatchObject({ base: null, resolved: { title: 'Commute Survey' } });
    const listed = (await documents(employer)).json().data as { id: string; title: string; kind: string; own: boolean }[];
    expect(listed.at(-1)).toEqual({ id: 'commute-survey', title: 'Commute Survey', kind: 'form', own: true });
    expect(((await documents(other)).json().data as { id: string }[]).some((document) => document.id === 'commute-survey')).toBe(false);

    // The flow with the console's step for it, before the profile: accepted and published.
    const flow = structuredClone((t.app.content as ContentStore).base.flows.get('enrollment')!);
    await publish(employer, 'enrollment', addOwnStep(flow as never, { form: 'commute-survey', title: 'Commute Survey', before: 'profile' }));
  });

  it('answers 404 for an unknown employer and 401 without a staff session', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/staff/employers/00000000-0000-4000-8000-000000000000/content', headers: viewer.headers });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/staff/employers/${(await createEmployer(t.db)).accountid}/content` });
    expect(anonymous.statusCode).toBe(401);
  });
});
