import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSsn } from '#server/crypto.ts';
import { databases, type TestDb } from './helpers/databases.ts';
import { countRows, enrollmentWorld, type EnrollmentWorld } from './enrollment.fixtures.ts';

const child = {
  firstname: 'Grace',
  lastname: 'Lovelace',
  dateofbirth: '2015-04-01',
  gender: 'Female',
  relationship: 'child',
  istobaccouser: false,
  additionalid: '123456789',
};

describe.each(databases())('dependent routes on $name', (database) => {
  let handle: TestDb;
  let world: EnrollmentWorld;
  beforeAll(async () => {
    handle = await database.create();
    world = await enrollmentWorld(handle.db);
  });
  afterAll(async () => {
    await world?.close();
    await handle?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, member: 'alice' | 'bob' | null, payload?: object) =>
    world.app.inject({ method, url, headers: member ? world[member].auth : {}, ...(payload ? { payload } : {}) });

  it('adds a dependent: SSN encrypted at rest, masked in the answer', async () => {
    const response = await call('POST', '/api/Dependent', 'alice', child);
    expect(response.statusCode).toBe(200);
    const dependent = response.json().data;
    expect(dependent).toMatchObject({
      memberid: world.alice.memberId,
      firstname: 'Grace',
      lastname: 'Lovelace',
      dateofbirth: '2015-04-01',
      gender: 'Female',
      relationship: 'child',
      istobaccouser: false,
      isonhealthpolicy: 'Yes',
      additionalid: '***-**-6789',
      createdby: world.alice.email,
    });
    expect(dependent.age).toBeGreaterThanOrEqual(10);
    const row = await handle.db.selectFrom('dependent').selectAll().where('id', '=', dependent.id).executeTakeFirstOrThrow();
    expect(row.ssn_ciphertext).not.toContain('123456789');
    expect(decryptSsn(row.ssn_ciphertext!, world.config.SSN_KEY)).toBe('123456789');
    expect(JSON.stringify(response.json())).not.toContain('123456789');
  });

  it("lists the caller's dependents, with or without their own memberid", async () => {
    const own = await call('GET', '/api/Dependent', 'alice');
    expect(own.statusCode).toBe(200);
    expect(own.json().data.dependents.map((d: { firstname: string }) => d.firstname)).toEqual(['Grace']);
    const withId = await call('GET', `/api/Dependent?memberid=${world.alice.memberId}`, 'alice');
    expect(withId.json().data).toEqual(own.json().data);
    expect((await call('GET', '/api/Dependent', 'bob')).json().data.dependents).toEqual([]);
  });

  it("refuses another member's list", async () => {
    const response = await call('GET', `/api/Dependent?memberid=${world.alice.memberId}`, 'bob');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: 'You may not access this record.' });
  });

  it.each([
    ['a missing first name', { ...child, firstname: undefined }, '/firstname'],
    ['an SSN of 8 digits', { ...child, additionalid: '12345678' }, '/additionalid'],
    ['a relationship that is not spouse or child', { ...child, relationship: 'cousin' }, '/relationship'],
    ['a date of birth before 1941-01-01', { ...child, dateofbirth: '1930-01-01' }, '/dateofbirth'],
    ['a date of birth in the future', { ...child, dateofbirth: '2999-01-01' }, '/dateofbirth'],
    ['a date of birth that does not exist', { ...child, dateofbirth: '2015-02-30' }, '/dateofbirth'],
  ])('refuses %s with 400 and stores nothing', async (_label, body, field) => {
    const before = await countRows(handle.db, 'dependent');
    const response = await call('POST', '/api/Dependent', 'alice', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(response.json().message).not.toBe('');
    expect(Object.keys(response.json().fieldErrors)).toContain(field);
    expect(await countRows(handle.db, 'dependent')).toBe(before);
  });

  it('changes a dependent of the caller', async () => {
    const [grace] = (await call('GET', '/api/Dependent', 'alice')).json().data.dependents;
    const response = await call('PUT', '/api/Dependent', 'alice', { ...child, id: grace.id, firstname: 'Gracie', additionalid: '987654321' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: grace.id, firstname: 'Gracie', additionalid: '***-**-4321' });
  });

  it("refuses to change or remove another member's dependent, and changes nothing", async () => {
    const [grace] = (await call('GET', '/api/Dependent', 'alice')).json().data.dependents;
    const before = await handle.db.selectFrom('dependent').selectAll().where('id', '=', grace.id).executeTakeFirstOrThrow();

    const put = await call('PUT', '/api/Dependent', 'bob', { ...child, id: grace.id, firstname: 'Hijacked' });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toMatchObject({ code: 'NOT_FOUND' });
    const del = await call('DELETE', `/api/Dependent/${grace.id}`, 'bob');
    expect(del.statusCode).toBe(404);

    const after = await handle.db.selectFrom('dependent').selectAll().where('id', '=', grace.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('keeps the stored SSN when a change sends it masked or not at all', async () => {
    const [grace] = (await call('GET', '/api/Dependent', 'alice')).json().data.dependents;
    const masked = await call('PUT', '/api/Dependent', 'alice', { ...child, id: grace.id, additionalid: '***-**-4321' });
    expect(masked.statusCode).toBe(200);
    const omitted = await call('PUT', '/api/Dependent', 'alice', { ...child, id: grace.id, additionalid: undefined, pcpname: 'Dr. Who' });
    expect(omitted.json().data).toMatchObject({ additionalid: '***-**-4321', pcpname: 'Dr. Who' });
    const row = await handle.db.selectFrom('dependent').select('ssn_ciphertext').where('id', '=', grace.id).executeTakeFirstOrThrow();
    expect(decryptSsn(row.ssn_ciphertext!, world.config.SSN_KEY)).toBe('987654321');
  });

  it("answers the dependent document's own messages", async () => {
    const response = await call('POST', '/api/Dependent', 'alice', { ...child, firstname: '', dateofbirth: '1930-05-05', additionalid: '12-34' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject({
      '/firstname': ['First Name is required'],
      '/dateofbirth': ['DOB must be between 1941-01-01 and today.'],
      '/additionalid': ['Please enter a valid Social Security Number.'],
    });
  });

  it('refuses a bad change with 400 and keeps the dependent as it was', async () => {
    const [grace] = (await call('GET', '/api/Dependent', 'alice')).json().data.dependents;
    const response = await call('PUT', '/api/Dependent', 'alice', { ...child, id: grace.id, lastname: '' });
    expect(response.statusCode).toBe(400);
    expect((await call('GET', '/api/Dependent', 'alice')).json().data.dependents[0].lastname).toBe('Lovelace');
  });

  it('removes a dependent of the caller', async () => {
    const [grace] = (await call('GET', '/api/Dependent', 'alice')).json().data.dependents;
    const response = await call('DELETE', `/api/Dependent/${grace.id}`, 'alice');
    expect(response.json()).toEqual({ success: true, data: null, message: '' });
    expect((await call('GET', '/api/Dependent', 'alice')).json().data.dependents).toEqual([]);
    expect((await call('DELETE', `/api/Dependent/${grace.id}`, 'alice')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/Dependent/not-an-id', 'alice')).statusCode).toBe(400);
  });

  it('requires a sign-in for every call', async () => {
    expect((await call('GET', '/api/Dependent', null)).statusCode).toBe(401);
    expect((await call('POST', '/api/Dependent', null, child)).statusCode).toBe(401);
    expect((await call('PUT', '/api/Dependent', null, { ...child, id: world.alice.memberId })).statusCode).toBe(401);
    expect((await call('DELETE', `/api/Dependent/${world.alice.memberId}`, null)).statusCode).toBe(401);
  });
});
