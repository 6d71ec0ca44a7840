import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSsn } from '#server/security/crypto.ts';
import { databases } from './helpers/databases.ts';
import { countRows, setBirthdate, useEnrollmentWorld } from './enrollment.fixtures.ts';

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
  const world = useEnrollmentWorld(database);

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, member: 'alice' | 'bob' | null, payload?: object) =>
    world.app.inject({ method, url, headers: member ? world[member].auth : {}, ...(payload ? { payload } : {}) });
  const storedRow = (id: string) => world.db.selectFrom('dependent').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

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
    const row = await world.db.selectFrom('dependent').selectAll().where('id', '=', dependent.id).executeTakeFirstOrThrow();
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
    const before = await countRows(world.db, 'dependent');
    const response = await call('POST', '/api/Dependent', 'alice', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(response.json().message).not.toBe('');
    expect(Object.keys(response.json().fieldErrors)).toContain(field);
    expect(await countRows(world.db, 'dependent')).toBe(before);
  });

  it.each([
    ['a first name of only spaces', { ...child, firstname: '   ' }, '/firstname', 'First Name is required'],
    ['a last name of only spaces', { ...child, lastname: ' \t ' }, '/lastname', 'Last Name is required'],
    ['a gender of only spaces', { ...child, gender: '  ' }, '/gender', 'Gender field is required'],
    ['an SSN with area 000', { ...child, additionalid: '000123456' }, '/additionalid', 'Please enter a valid Social Security Number.'],
    ['an SSN with area 666', { ...child, additionalid: '666123456' }, '/additionalid', 'Please enter a valid Social Security Number.'],
    ['an SSN with area 9xx', { ...child, additionalid: '912345678' }, '/additionalid', 'Please enter a valid Social Security Number.'],
    ['an SSN with group 00', { ...child, additionalid: '123004567' }, '/additionalid', 'Please enter a valid Social Security Number.'],
    ['an SSN with serial 0000', { ...child, additionalid: '123450000' }, '/additionalid', 'Please enter a valid Social Security Number.'],
    ['a dashed SSN', { ...child, additionalid: '123-45-6789' }, '/additionalid', 'Please enter a valid Social Security Number.'],
  ])('refuses %s with the document text, on POST and PUT, storing and changing nothing', async (_label, body, field, text) => {
    const before = await world.db.selectFrom('dependent').selectAll().orderBy('id').execute();
    const post = await call('POST', '/api/Dependent', 'alice', body);
    expect(post.statusCode).toBe(400);
    expect(post.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: text, fieldErrors: { [field]: [text] } });
    const [grace] = (await call('GET', '/api/Dependent', 'alice')).json().data.dependents;
    const put = await call('PUT', '/api/Dependent', 'alice', { ...body, id: grace.id });
    expect(put.statusCode).toBe(400);
    expect(put.json().fieldErrors).toMatchObject({ [field]: [text] });
    expect(await world.db.selectFrom('dependent').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('stores optional texts of only spaces as no value, and names without surrounding spaces', async () => {
    const response = await call('POST', '/api/Dependent', 'alice', { ...child, firstname: ' Ada ', pcpname: '   ', pcpid: ' ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ firstname: 'Ada', pcpname: null, pcpid: null });
    expect((await call('DELETE', `/api/Dependent/${response.json().data.id}`, 'alice')).statusCode).toBe(200);
  });

  it('changes a dependent of the caller', async () => {
    const [grace] = (await call('GET', '/api/Dependent', 'alice')).json().data.dependents;
    const response = await call('PUT', '/api/Dependent', 'alice', { ...child, id: grace.id, firstname: 'Gracie', additionalid: '587654321' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: grace.id, firstname: 'Gracie', additionalid: '***-**-4321' });
  });

  it("refuses to change or remove another member's dependent: 403, and changes nothing", async () => {
    const [grace] = (await call('GET', '/api/Dependent', 'alice')).json().data.dependents;
    const before = await storedRow(grace.id);

    const put = await call('PUT', '/api/Dependent', 'bob', { ...child, id: grace.id, firstname: 'Hijacked' });
    expect(put.statusCode).toBe(403);
    expect(put.json()).toMatchObject({ code: 'FORBIDDEN', message: 'You may not access this record.' });
    const del = await call('DELETE', `/api/Dependent/${grace.id}`, 'bob');
    expect(del.statusCode).toBe(403);

    const after = await storedRow(grace.id);
    expect(after).toEqual(before);
  });

  it('refuses a body naming another member: 403, nothing stored or changed', async () => {
    const [grace] = (await call('GET', '/api/Dependent', 'alice')).json().data.dependents;
    const before = await world.db.selectFrom('dependent').selectAll().orderBy('id').execute();
    const post = await call('POST', '/api/Dependent', 'bob', { ...child, memberid: world.alice.memberId });
    expect(post.statusCode).toBe(403);
    const put = await call('PUT', '/api/Dependent', 'alice', { ...child, id: grace.id, memberid: world.bob.memberId, firstname: 'Moved' });
    expect(put.statusCode).toBe(403);
    expect(await world.db.selectFrom('dependent').selectAll().orderBy('id').execute()).toEqual(before);
    // Its own id is fine.
    const own = await call('PUT', '/api/Dependent', 'alice', { ...child, id: grace.id, memberid: world.alice.memberId, additionalid: undefined });
    expect(own.statusCode).toBe(200);
  });

  it('answers 404 for a dependent nobody has', async () => {
    expect((await call('PUT', '/api/Dependent', 'alice', { ...child, id: randomUUID() })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/Dependent/${randomUUID()}`, 'alice')).statusCode).toBe(404);
  });

  it('keeps the stored SSN when a change sends it masked or not at all', async () => {
    const [grace] = (await call('GET', '/api/Dependent', 'alice')).json().data.dependents;
    const masked = await call('PUT', '/api/Dependent', 'alice', { ...child, id: grace.id, additionalid: '***-**-4321' });
    expect(masked.statusCode).toBe(200);
    const omitted = await call('PUT', '/api/Dependent', 'alice', { ...child, id: grace.id, additionalid: undefined, pcpname: 'Dr. Who' });
    expect(omitted.json().data).toMatchObject({ additionalid: '***-**-4321', pcpname: 'Dr. Who' });
    const row = await world.db.selectFrom('dependent').select('ssn_ciphertext').where('id', '=', grace.id).executeTakeFirstOrThrow();
    expect(decryptSsn(row.ssn_ciphertext!, world.config.SSN_KEY)).toBe('587654321');
  });

  it("answers the dependent document's own messages", async () => {
    const response = await call('POST', '/api/Dependent', 'alice', { ...child, firstname: '', dateofbirth: '1930-05-05', additionalid: '12-34' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject({
      '/firstname': ['First Name is required'],
      // A child born in 1930 is also past the dependent age.
      '/dateofbirth': ['DOB must be between 1941-01-01 and today.', 'A child must be under 26 on the coverage effective date, unless disabled.'],
      '/additionalid': ['Please enter a valid Social Security Number.'],
    });
  });

  it('refuses a bad change with 400 and keeps the dependent as it was', async () => {
    const [grace] = (await call('GET', '/api/Dependent', 'alice')).json().data.dependents;
    const before = await storedRow(grace.id);
    const response = await call('PUT', '/api/Dependent', 'alice', { ...child, id: grace.id, lastname: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Last Name is required' });
    expect((await call('GET', '/api/Dependent', 'alice')).json().data.dependents[0].lastname).toBe('Lovelace');
    expect(await storedRow(grace.id)).toEqual(before);
  });

  it('removes a dependent of the caller', async () => {
    const [grace] = (await call('GET', '/api/Dependent', 'alice')).json().data.dependents;
    const response = await call('DELETE', `/api/Dependent/${grace.id}`, 'alice');
    expect(response.json()).toEqual({ success: true, data: null, message: '' });
    expect((await call('GET', '/api/Dependent', 'alice')).json().data.dependents).toEqual([]);
    expect((await call('DELETE', `/api/Dependent/${grace.id}`, 'alice')).statusCode).toBe(404);
    await call('POST', '/api/Dependent', 'alice', child);
    const before = await countRows(world.db, 'dependent');
    const malformed = await call('DELETE', '/api/Dependent/not-an-id', 'alice');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { 'params/id': [expect.any(String)] } });
    expect(await countRows(world.db, 'dependent')).toBe(before);
  });

  it('requires a sign-in for every call', async () => {
    expect((await call('GET', '/api/Dependent', null)).statusCode).toBe(401);
    expect((await call('POST', '/api/Dependent', null, child)).statusCode).toBe(401);
    expect((await call('PUT', '/api/Dependent', null, { ...child, id: world.alice.memberId })).statusCode).toBe(401);
    expect((await call('DELETE', `/api/Dependent/${world.alice.memberId}`, null)).statusCode).toBe(401);
  });
});

/**
 * Plausible people (issue 20): on 2026-03-10 the first effective date the demo employer offers is 2026-04-01, so a
 * spouse is 18 by then and a child under 26 unless disabled, and a child is younger than the member (born
 * 1980-03-01). POST and PUT refuse any other with the dependent document's message and write nothing.
 */
describe.each(databases())('dependent ages on $name', (database) => {
  const world = useEnrollmentWorld(database, { now: () => new Date('2026-03-10T12:00:00Z') });
  const spouse = { ...child, firstname: 'Pat', gender: 'Male', relationship: 'spouse', additionalid: '587654322' };
  const tooYoung = 'A spouse must be at least 18 years old on the coverage effective date.';
  const tooOld = 'A child must be under 26 on the coverage effective date, unless disabled.';
  const older = 'A child must be younger than you.';

  const call = (method: 'POST' | 'PUT', payload: object) =>
    world.app.inject({ method, url: '/api/Dependent', headers: world.alice.auth, payload });
  const rows = () => world.db.selectFrom('dependent').selectAll().orderBy('id').execute();

  it.each<[string, typeof child & { isdisabled?: boolean }]>([
    ['a spouse 18 exactly on the effective date', { ...spouse, dateofbirth: '2008-04-01' }],
    ['a child 25 on the effective date', { ...child, dateofbirth: '2000-04-02' }],
    ['a disabled child 26 on the effective date', { ...child, dateofbirth: '2000-04-01', isdisabled: true }],
  ])('accepts %s', async (_label, body) => {
    await setBirthdate(world.db, world.alice.memberId, '1980-03-01');
    const response = await call('POST', body);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ dateofbirth: body.dateofbirth, isdisabled: body.isdisabled ?? null });
  });

  it.each([
    ['a spouse a day short of 18 on the effective date', { ...spouse, dateofbirth: '2008-04-02' }, tooYoung],
    ['a child 26 on the effective date', { ...child, dateofbirth: '2000-04-01' }, tooOld],
    ['a child 26 on the effective date, said not disabled', { ...child, dateofbirth: '2000-04-01', isdisabled: false }, tooOld],
    ['a child older than the member', { ...child, dateofbirth: '1979-06-01', isdisabled: true }, older],
  ])('refuses %s with the document text, on POST and PUT, storing and changing nothing', async (_label, body, text) => {
    await setBirthdate(world.db, world.alice.memberId, '1980-03-01');
    const before = await rows();
    const post = await call('POST', body);
    expect(post.statusCode).toBe(400);
    expect(post.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: text, fieldErrors: { '/dateofbirth': [text] } });
    const put = await call('PUT', { ...body, id: before[0]!.id });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: text, fieldErrors: { '/dateofbirth': [text] } });
    expect(await rows()).toEqual(before);
  });

  it('refuses a name without a letter', async () => {
    const before = await rows();
    const response = await call('POST', { ...child, firstname: '...' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'First Name must contain a letter.', fieldErrors: { '/firstname': ['First Name must contain a letter.'] } });
    expect(await rows()).toEqual(before);
  });
});
