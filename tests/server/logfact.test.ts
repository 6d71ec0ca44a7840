import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { databases } from './helpers/databases.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { createEmployer, registerMember, type TestEmployer } from './helpers/fixtures.ts';

describe.each(databases())('event log route on $name', (database) => {
  const t = useTestApp(database);
  let employer: TestEmployer;
  beforeAll(async () => {
    employer = await createEmployer(t.db);
  });

  const facts = () => t.db.selectFrom('log_fact').selectAll().execute();

  it('stores the event with account and member from the token, never from the body', async () => {
    const a = await registerMember(t.app, employer);
    const b = await registerMember(t.app, employer);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/LogFact/v2',
      headers: a.auth,
      payload: {
        title: 'PROFILE ENTERED',
        data: { description: 'Profile saved', User: b.email },
        accountid: employer.accountid,
        memberid: a.memberId,
        action: 'PROFILE ENTERED',
        effectivedate: '2026-02-01',
      },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id;
    const row = await t.db.selectFrom('log_fact').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      title: 'PROFILE ENTERED',
      accountid: employer.accountid,
      memberid: a.memberId,
      action: 'PROFILE ENTERED',
      effectivedate: '2026-02-01',
      data: { description: 'Profile saved', User: a.email },
    });
  });

  it.each([
    ['another member', (other: string) => ({ memberid: other })],
    ['another employer', () => ({ accountid: randomUUID() })],
  ])('refuses an event naming %s: 403, nothing stored', async (_label, ids) => {
    const a = await registerMember(t.app, employer);
    const b = await registerMember(t.app, employer);
    const before = (await facts()).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/LogFact/v2',
      headers: a.auth,
      payload: { title: 'PROFILE ENTERED', data: { description: 'Profile saved', User: a.email }, ...ids(b.memberId) },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect((await facts()).length).toBe(before);
  });

  it('accepts the search-log shape: title and data only', async () => {
    const a = await registerMember(t.app, employer);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/LogFact/v2',
      headers: a.auth,
      payload: { title: 'Health plan search', data: { description: '{"totalplans":3}', User: a.email } },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a malformed event and stores nothing', async () => {
    const a = await registerMember(t.app, employer);
    const before = (await facts()).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/LogFact/v2',
      headers: a.auth,
      payload: { data: 'text', effectivedate: '2026-13-45' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual(['/data', '/effectivedate', '/title']);
    expect((await facts()).length).toBe(before);
  });

  it('needs a bearer token', async () => {
    const before = (await facts()).length;
    const res = await t.app.inject({ method: 'POST', url: '/api/LogFact/v2', payload: { title: 'X', data: {} } });
    expect(res.statusCode).toBe(401);
    expect((await facts()).length).toBe(before);
  });
});
