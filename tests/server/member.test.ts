import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { decryptSsn } from '#server/security/crypto.ts';
import { REGISTRANT_COOKIE, registrantCookieName } from '#server/security/registration-handle.ts';
import { EMPTY_ID } from '#contracts/api.ts';
import { TEST_PUBLIC_URL } from './helpers/app.ts';
import { databases } from './helpers/databases.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { createEmployer, latestLink, registerBody, registerMember, TEST_PASSWORD, TEST_PROFILE, type TestEmployer } from './helpers/fixtures.ts';

describe.each(databases())('member routes on $name', (database) => {
  const t = useTestApp(database);
  let employer: TestEmployer;
  beforeAll(async () => {
    employer = await createEmployer(t.db, { accountname: 'Acme Test Co' });
  });

  const memberCount = async () =>
    (await t.db.selectFrom('member').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

  describe('POST /api/Member/Register', () => {
    it('creates a pending member with the registration defaults and mails a link built from PUBLIC_URL', async () => {
      const body = registerBody(employer);
      const res = await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: body });
      expect(res.statusCode).toBe(200);
      const answer = res.json();
      expect(answer).toMatchObject({ success: true, data: { memberid: expect.any(String) } });

      const row = await t.db.selectFrom('member').selectAll().where('id', '=', answer.data.memberid).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        accountid: employer.accountid,
        priormemberid: EMPTY_ID,
        externalid: EMPTY_ID,
        primarymemberid: EMPTY_ID,
        origination: 1,
        relationship: 1,
        createdby: 'Register',
        gender: null,
        status: 'Active',
        contributionclass: 'ALL',
        emailaddress: body.memberdto.personalemailaddress,
        personalemailaddress: body.memberdto.personalemailaddress,
        ispasswordchanged: null,
        password_hash: null,
      });

      const link = await latestLink(t, body.memberdto.personalemailaddress);
      expect(link.url.origin).toBe(TEST_PUBLIC_URL);
      expect(link.url.pathname).toBe('/set-password');
      expect(link.employerId).toBe(employer.accountid);
      expect(link.memberId).toBe(answer.data.memberid);
      expect(link.token.length).toBeGreaterThan(30);
      expect(t.announcements.at(-1)).toBe(
        `Mail to ${body.memberdto.personalemailaddress}: Welcome to Acme Test Co benefits ${link.url.toString()}`,
      );
      const token = await t.db.selectFrom('set_password_token').selectAll().where('memberid', '=', row.id).executeTakeFirstOrThrow();
      expect(token.token_hash).not.toContain(link.token);
    });

    it('answers 409 ALREADY_REGISTERED for a known e-mail (any case) without the member id: an opaque handle while pending', async () => {
      const body = registerBody(employer);
      const first = await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: body });
      const memberid = first.json().data.memberid as string;
      const again = registerBody(employer, { personalemailaddress: body.memberdto.personalemailaddress.toUpperCase() });
      const before = await memberCount();
      const res = await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: again });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        code: 'ALREADY_REGISTERED',
        message: 'Register failed. Please try again.',
        data: { handle: expect.any(String) },
      });
      expect(res.body).not.toContain(memberid);
      expect(res.body.toLowerCase()).not.toContain(memberid.replace(/-/g, '').slice(0, 12));
      expect(await memberCount()).toBe(before);

      // An active account's e-mail: the same message, no handle; the page offers Sign In and Forgot Password.
      const member = await registerMember(t.app, employer);
      const active = await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: registerBody(employer, { personalemailaddress: member.email }) });
      expect(active.statusCode).toBe(409);
      expect(active.json()).toEqual({ success: false, code: 'ALREADY_REGISTERED', message: 'Register failed. Please try again.', data: { registered: true } });
      expect(active.body).not.toContain(member.memberId);
    });

    it('refuses an unknown employer', async () => {
      const before = await memberCount();
      for (const accountid of [randomUUID(), 'not-a-uuid']) {
        const res = await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: registerBody(employer, { accountid }) });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          success: false,
          code: 'VALIDATION_FAILED',
          message: 'An Employer must give you access before you can Register.',
        });
      }
      expect(await memberCount()).toBe(before);
    });

    it('validates the member fields with the registration document', async () => {
      const before = await memberCount();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Member/Register',
        payload: registerBody(employer, { firstname: '', personalemailaddress: 'not-an-email' }),
      });
      expect(res.statusCode).toBe(400);
      const answer = res.json();
      expect(answer).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(Object.keys(answer.fieldErrors)).toEqual(expect.arrayContaining(['/memberdto/firstname', '/memberdto/personalemailaddress']));
      expect(await memberCount()).toBe(before);
    });

    it('refuses a body without memberdto with a field error', async () => {
      const before = await memberCount();
      const res = await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: { company: 'x' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { '/memberdto': ['This field is required.'] } });
      expect(await memberCount()).toBe(before);
    });
  });

  describe('set password', () => {
    it('GET /api/Member/{id}?token= answers the password info only for that member with a live token', async () => {
      const body = registerBody(employer);
      await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: body });
      const link = await latestLink(t, body.memberdto.personalemailaddress);

      const res = await t.app.inject({ method: 'GET', url: `/api/Member/${link.memberId}?token=${link.token}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ id: link.memberId, accountid: employer.accountid, ispasswordchanged: null });

      const other = await registerMember(t.app, employer);
      const wrongMember = await t.app.inject({ method: 'GET', url: `/api/Member/${other.memberId}?token=${link.token}` });
      expect(wrongMember.statusCode).toBe(403);
      expect(wrongMember.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      const wrongToken = await t.app.inject({ method: 'GET', url: `/api/Member/${link.memberId}?token=x${link.token}` });
      expect(wrongToken.statusCode).toBe(403);
      const none = await t.app.inject({ method: 'GET', url: `/api/Member/${link.memberId}` });
      expect(none.statusCode).toBe(403);
    });

    it('sets the password once: the token is single use', async () => {
      const body = registerBody(employer);
      await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: body });
      const link = await latestLink(t, body.memberdto.personalemailaddress);
      const payload = { id: link.memberId, password: TEST_PASSWORD, token: link.token };

      const first = await t.app.inject({ method: 'POST', url: '/api/changepassword', payload });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ success: true, data: null });
      const row = await t.db.selectFrom('member').selectAll().where('id', '=', link.memberId).executeTakeFirstOrThrow();
      expect(row.ispasswordchanged).toBeInstanceOf(Date);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);

      const second = await t.app.inject({ method: 'POST', url: '/api/changepassword', payload: { ...payload, password: 'An0ther!Pass' } });
      expect(second.statusCode).toBe(403);
      expect(second.json()).toMatchObject({ code: 'TOKEN_INVALID', message: 'This link is no longer valid. Ask for a new invitation.' });
      const info = await t.app.inject({ method: 'GET', url: `/api/Member/${link.memberId}?token=${link.token}` });
      expect(info.statusCode).toBe(403);
    });

    it('refuses an expired token', async () => {
      const body = registerBody(employer);
      await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: body });
      const link = await latestLink(t, body.memberdto.personalemailaddress);
      await t.db.updateTable('set_password_token').set({ expires_at: new Date(Date.now() - 1000) }).where('memberid', '=', link.memberId).execute();

      const info = await t.app.inject({ method: 'GET', url: `/api/Member/${link.memberId}?token=${link.token}` });
      expect(info.statusCode).toBe(403);
      const res = await t.app.inject({ method: 'POST', url: '/api/changepassword', payload: { id: link.memberId, password: TEST_PASSWORD, token: link.token } });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('TOKEN_INVALID');
    });

    it("refuses another member's token and a weak password, changing nothing", async () => {
      const a = registerBody(employer);
      const b = registerBody(employer);
      await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: a });
      await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: b });
      const linkA = await latestLink(t, a.memberdto.personalemailaddress);
      const linkB = await latestLink(t, b.memberdto.personalemailaddress);

      const crossed = await t.app.inject({ method: 'POST', url: '/api/changepassword', payload: { id: linkB.memberId, password: TEST_PASSWORD, token: linkA.token } });
      expect(crossed.statusCode).toBe(403);
      expect(crossed.json().code).toBe('TOKEN_INVALID');

      const weak = await t.app.inject({ method: 'POST', url: '/api/changepassword', payload: { id: linkA.memberId, password: 'weak', token: linkA.token } });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { '/password': expect.any(Array) } });

      const missing = await t.app.inject({ method: 'POST', url: '/api/changepassword', payload: { id: linkA.memberId, token: linkA.token } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fieldErrors).toEqual({ '/password': ['This field is required.'] });

      const rows = await t.db.selectFrom('member').select(['password_hash', 'ispasswordchanged']).where('id', 'in', [linkA.memberId, linkB.memberId]).execute();
      expect(rows).toEqual([
        { password_hash: null, ispasswordchanged: null },
        { password_hash: null, ispasswordchanged: null },
      ]);
      // The weak attempt did not use up the link.
      const ok = await t.app.inject({ method: 'POST', url: '/api/changepassword', payload: { id: linkA.memberId, password: TEST_PASSWORD, token: linkA.token } });
      expect(ok.statusCode).toBe(200);
    });
  });

  /** The registrant's proof Register's answer sets (or a withdrawal clears), as a Cookie header ('' without one). */
  function registrantCookie(res: { headers: Record<string, unknown> }): string {
    const cookies = ([] as unknown[]).concat(res.headers['set-cookie'] ?? []).map(String);
    return cookies.find((cookie) => cookie.startsWith(REGISTRANT_COOKIE))?.split(';')[0] ?? '';
  }

  /** Registers twice with one e-mail: the second answer's handle. */
  async function pendingHandle(body: ReturnType<typeof registerBody>): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: body });
    expect(res.statusCode).toBe(409);
    return res.json().data.handle as string;
  }

  describe('ResendInvitation, WithdrawRegistration and DELETE /api/Member/{id}', () => {
    it('mails a new link while pending and makes the old one stop working', async () => {
      const body = registerBody(employer);
      const reg = await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: body });
      const memberid = reg.json().data.memberid;
      const old = await latestLink(t, body.memberdto.personalemailaddress);
      const handle = await pendingHandle(body);

      const res = await t.app.inject({ method: 'POST', url: '/api/Member/ResendInvitation', payload: { handle } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: null });
      const fresh = await latestLink(t, body.memberdto.personalemailaddress);
      expect(fresh.token).not.toBe(old.token);
      expect((await t.app.inject({ method: 'GET', url: `/api/Member/${memberid}?token=${old.token}` })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/Member/${memberid}?token=${fresh.token}` })).statusCode).toBe(200);
    });

    it('refuses to resend for a member id, a forged handle or a malformed body', async () => {
      const member = await registerMember(t.app, employer);
      const byId = await t.app.inject({ method: 'POST', url: '/api/Member/ResendInvitation', payload: { memberid: member.memberId } });
      expect(byId.statusCode).toBe(400);
      const forged = await t.app.inject({ method: 'POST', url: '/api/Member/ResendInvitation', payload: { handle: `eyJ${randomUUID()}` } });
      expect(forged.statusCode).toBe(404);
      const malformed = await t.app.inject({ method: 'POST', url: '/api/Member/ResendInvitation', payload: { handle: '' } });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().fieldErrors).toHaveProperty('/handle');
    });

    it('withdraws a pending registration with its tokens through the handle, so the e-mail can register again', async () => {
      const body = registerBody(employer);
      const reg = await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: body });
      const memberid = reg.json().data.memberid;
      const cookie = registrantCookie(reg);
      expect(String(reg.headers['set-cookie'])).toMatch(/HttpOnly; Secure; SameSite=Strict/);
      const handle = await pendingHandle(body);
      const res = await t.app.inject({ method: 'POST', url: '/api/Member/WithdrawRegistration', payload: { handle }, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: null });
      expect(cookie.startsWith(`${registrantCookieName(t.config, memberid)}=`)).toBe(true);
      expect(cookie).not.toContain(memberid);
      expect(registrantCookie(res)).toBe(`${registrantCookieName(t.config, memberid)}=`);
      expect(await t.db.selectFrom('member').select('id').where('id', '=', memberid).executeTakeFirst()).toBeUndefined();
      expect(await t.db.selectFrom('set_password_token').select('id').where('memberid', '=', memberid).execute()).toEqual([]);
      const again = await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: body });
      expect(again.statusCode).toBe(200);
    });

    it('withdraws each of several registrations made in one browser, which keeps a proof for each', async () => {
      const bodies = [registerBody(employer), registerBody(employer), registerBody(employer)];
      const registered = [];
      for (const body of bodies) registered.push(await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: body }));
      const ids: string[] = registered.map((res) => res.json().data.memberid);
      // The browser sends back every cookie it was given.
      let jar = registered.map(registrantCookie);
      expect(new Set(jar).size).toBe(3);
      for (const [index, body] of [bodies[0]!, bodies[2]!, bodies[1]!].entries()) {
        const handle = await pendingHandle(body);
        const res = await t.app.inject({ method: 'POST', url: '/api/Member/WithdrawRegistration', payload: { handle }, headers: { cookie: jar.join('; ') } });
        expect(res.statusCode, `withdrawal ${index + 1}`).toBe(200);
        const cleared = registrantCookie(res).split('=')[0]!;
        jar = jar.filter((cookie) => !cookie.startsWith(`${cleared}=`));
      }
      expect(jar).toEqual([]);
      expect(await t.db.selectFrom('member').select('id').where('id', 'in', ids).execute()).toEqual([]);
    });

    it('withdraws only for the browser that registered: anyone else who knows the e-mail gets 403 and deletes nothing', async () => {
      const victim = registerBody(employer);
      const victimId = (await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: victim })).json().data.memberid;
      const stranger = await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: registerBody(employer) });
      const handle = await pendingHandle(victim);
      const before = await memberCount();
      // The stranger's own proof, under its own name and renamed as the victim's: neither names the victim.
      const strangers = registrantCookie(stranger);
      const renamed = `${registrantCookieName(t.config, victimId)}=${strangers.split('=')[1]}`;
      const forged = `${registrantCookieName(t.config, victimId)}=forged.value.of.five.parts`;
      for (const cookie of ['', strangers, renamed, forged]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/Member/WithdrawRegistration', payload: { handle }, headers: { cookie } });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('only in the browser it was made in') });
      }
      expect(await memberCount()).toBe(before);
      // The handle still resends the invitation, which goes to the address itself.
      expect((await t.app.inject({ method: 'POST', url: '/api/Member/ResendInvitation', payload: { handle } })).statusCode).toBe(200);
    });

    it('gives no handle through another employer\'s link, so a member imported elsewhere cannot be reached', async () => {
      const other = await createEmployer(t.db, { accountname: 'Other Test Co' });
      const body = registerBody(employer);
      expect((await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: body })).statusCode).toBe(200);
      const elsewhere = { ...body, memberdto: { ...body.memberdto, accountid: other.accountid } };
      const res = await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: elsewhere });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ALREADY_REGISTERED', data: null });
    });

    it('DELETE /api/Member/{id}: anonymous 401, another member 403, the signed-in member itself 409 (active), nothing deleted', async () => {
      const member = await registerMember(t.app, employer);
      const body = registerBody(employer);
      const pending = (await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: body })).json().data.memberid;
      const before = await t.db.selectFrom('member').selectAll().orderBy('id').execute();
      expect((await t.app.inject({ method: 'DELETE', url: `/api/Member/${pending}` })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/Member/${pending}`, headers: member.auth })).statusCode).toBe(403);
      const active = await t.app.inject({ method: 'DELETE', url: `/api/Member/${member.memberId}`, headers: member.auth });
      expect(active.statusCode).toBe(409);
      expect(active.json()).toMatchObject({ code: 'CONFLICT', message: 'This account is active and cannot be deleted.' });
      expect(await t.db.selectFrom('member').selectAll().orderBy('id').execute()).toEqual(before);
      // A handle of an active account withdraws nothing either.
      const otherBody = registerBody(employer);
      const cookie = registrantCookie(await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: otherBody }));
      const handle = await pendingHandle(otherBody);
      const link = await latestLink(t, otherBody.memberdto.personalemailaddress);
      await t.app.inject({ method: 'POST', url: '/api/changepassword', payload: { id: link.memberId, password: TEST_PASSWORD, token: link.token } });
      const withdrawn = await t.app.inject({ method: 'POST', url: '/api/Member/WithdrawRegistration', payload: { handle }, headers: { cookie } });
      expect(withdrawn.statusCode).toBe(409);
      const malformed = await t.app.inject({ method: 'DELETE', url: '/api/Member/123', headers: member.auth });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { 'params/id': expect.any(Array) } });
    });
  });

  describe('reading and updating the member', () => {
    it('GET /api/Member/GetMember answers the signed-in member; GET /api/Member/{id} only with that member\'s bearer', async () => {
      const a = await registerMember(t.app, employer, { firstname: 'Grace', lastname: 'Hopper' });
      const b = await registerMember(t.app, employer);

      const me = await t.app.inject({ method: 'GET', url: '/api/Member/GetMember', headers: a.auth });
      expect(me.statusCode).toBe(200);
      expect(me.json().data).toMatchObject({ id: a.memberId, firstname: 'Grace', lastname: 'Hopper', accountid: employer.accountid, additionalid: null });
      expect(me.json().data).not.toHaveProperty('password_hash');
      expect(me.json().data.ispasswordchanged).toEqual(expect.any(String));

      const own = await t.app.inject({ method: 'GET', url: `/api/Member/${a.memberId}`, headers: a.auth });
      expect(own.statusCode).toBe(200);
      expect(own.json().data.id).toBe(a.memberId);
      const others = await t.app.inject({ method: 'GET', url: `/api/Member/${b.memberId}`, headers: a.auth });
      expect(others.statusCode).toBe(403);

      expect((await t.app.inject({ method: 'GET', url: '/api/Member/GetMember' })).statusCode).toBe(401);
      const forged = await t.app.inject({ method: 'GET', url: '/api/Member/GetMember', headers: { authorization: `Bearer ${a.tokens.id_token}` } });
      expect(forged.statusCode).toBe(401);
    });


    it('PUT /api/Member updates only the caller, encrypts the SSN and answers it masked', async () => {
      const a = await registerMember(t.app, employer);
      const b = await registerMember(t.app, employer);
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/Member',
        headers: a.auth,
        payload: { member: { ...TEST_PROFILE, id: a.memberId, accountid: employer.accountid, emailaddress: 'x@y.test', additionalid: '123456789' } },
      });
      expect(res.statusCode).toBe(200);
      const member = res.json().data;
      expect(member).toMatchObject({ ...TEST_PROFILE, address2: null, id: a.memberId, accountid: employer.accountid, emailaddress: a.email, additionalid: '***-**-6789', modifiedby: a.email });

      const row = await t.db.selectFrom('member').selectAll().where('id', '=', a.memberId).executeTakeFirstOrThrow();
      expect(row.ssn_ciphertext).not.toContain('6789');
      expect(decryptSsn(row.ssn_ciphertext!, t.config.SSN_KEY)).toBe('123456789');
      const other = await t.db.selectFrom('member').selectAll().where('id', '=', b.memberId).executeTakeFirstOrThrow();
      expect(other.address1).toBeNull();

      // Omitted or masked SSN keeps the stored one.
      const again = await t.app.inject({ method: 'PUT', url: '/api/Member', headers: a.auth, payload: { member: { ...TEST_PROFILE, city: 'Chicago', additionalid: '***-**-6789' } } });
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toMatchObject({ city: 'Chicago', additionalid: '***-**-6789' });
      const kept = await t.db.selectFrom('member').select('ssn_ciphertext').where('id', '=', a.memberId).executeTakeFirstOrThrow();
      expect(kept.ssn_ciphertext).toBe(row.ssn_ciphertext);
    });

    it('a saved SSN goes to the browser as its last four only, and a save that leaves it empty keeps it', async () => {
      const a = await registerMember(t.app, employer);
      const first = await t.app.inject({ method: 'PUT', url: '/api/Member', headers: a.auth, payload: { member: { ...TEST_PROFILE, additionalid: '123456789' } } });
      expect(first.statusCode).toBe(200);
      const stored = await t.db.selectFrom('member').select(['ssn_ciphertext', 'ssn_last4']).where('id', '=', a.memberId).executeTakeFirstOrThrow();

      // A returning member's profile: on file by its last four; the full number is in no answer.
      const read = await t.app.inject({ method: 'GET', url: '/api/Member/GetMember', headers: a.auth });
      expect(read.json().data.additionalid).toBe('***-**-6789');
      expect(read.body).not.toContain('123456789');
      expect(read.body).not.toContain('12345');

      // Saved again without the SSN re-entered (left empty, null, or left out): the stored one is kept.
      for (const additionalid of ['', null, '   ', undefined]) {
        const again = await t.app.inject({ method: 'PUT', url: '/api/Member', headers: a.auth, payload: { member: { ...TEST_PROFILE, pcpname: 'Dr. Lee', additionalid } } });
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json().data.additionalid).toBe('***-**-6789');
        expect(await t.db.selectFrom('member').select(['ssn_ciphertext', 'ssn_last4']).where('id', '=', a.memberId).executeTakeFirstOrThrow()).toEqual(stored);
      }

      // A new one is still checked, and replaces it once valid.
      const invalid = await t.app.inject({ method: 'PUT', url: '/api/Member', headers: a.auth, payload: { member: { ...TEST_PROFILE, additionalid: '000123456' } } });
      expect(invalid.statusCode).toBe(400);
      expect(Object.keys(invalid.json().fieldErrors)).toContain('/member/additionalid');
      const changed = await t.app.inject({ method: 'PUT', url: '/api/Member', headers: a.auth, payload: { member: { ...TEST_PROFILE, additionalid: '234567890' } } });
      expect(changed.json().data.additionalid).toBe('***-**-7890');
      const row = await t.db.selectFrom('member').select('ssn_ciphertext').where('id', '=', a.memberId).executeTakeFirstOrThrow();
      expect(decryptSsn(row.ssn_ciphertext!, t.config.SSN_KEY)).toBe('234567890');
    });

    it('PUT /api/Member ignores the current plan: only an authorization or an order sets it', async () => {
      const a = await registerMember(t.app, employer);
      await t.db.updateTable('member').set({ currentplanid: '39424OR1620003', currentplanyear: 2027 }).where('id', '=', a.memberId).execute();
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/Member',
        headers: a.auth,
        payload: { member: { ...TEST_PROFILE, currentplanid: 'FAKEPLAN-123', currentplanyear: 1999 } },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ currentplanid: '39424OR1620003', currentplanyear: 2027 });
      const row = await t.db.selectFrom('member').select(['currentplanid', 'currentplanyear']).where('id', '=', a.memberId).executeTakeFirstOrThrow();
      expect(row).toEqual({ currentplanid: '39424OR1620003', currentplanyear: 2027 });
    });

    it('PUT /api/Member refuses invalid fields with pointers under /member and changes nothing', async () => {
      const a = await registerMember(t.app, employer);
      const before = await t.db.selectFrom('member').selectAll().where('id', '=', a.memberId).executeTakeFirstOrThrow();
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/Member',
        headers: a.auth,
        payload: { member: { ...TEST_PROFILE, birthdate: '1900-01-01', additionalid: '12-345' } },
      });
      expect(res.statusCode).toBe(400);
      const answer = res.json();
      expect(answer.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(answer.fieldErrors)).toEqual(expect.arrayContaining(['/member/birthdate', '/member/additionalid']));
      const after = await t.db.selectFrom('member').selectAll().where('id', '=', a.memberId).executeTakeFirstOrThrow();
      expect(after).toEqual(before);

      const noBody = await t.app.inject({ method: 'PUT', url: '/api/Member', headers: a.auth, payload: {} });
      expect(noBody.statusCode).toBe(400);
      expect(noBody.json().fieldErrors).toEqual({ '/member': ['This field is required.'] });
    });

    it.each([
      ['another member\'s id', (other: string) => ({ id: other })],
      ['another employer\'s account id', () => ({ accountid: randomUUID() })],
    ])('PUT /api/Member refuses a body naming %s: 403, nothing changed', async (_label, ids) => {
      const a = await registerMember(t.app, employer);
      const b = await registerMember(t.app, employer);
      const before = await t.db.selectFrom('member').selectAll().where('id', 'in', [a.memberId, b.memberId]).orderBy('id').execute();
      const res = await t.app.inject({ method: 'PUT', url: '/api/Member', headers: a.auth, payload: { member: { ...TEST_PROFILE, ...ids(b.memberId), additionalid: '123456789' } } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN', message: 'You may not access this record.' });
      expect(await t.db.selectFrom('member').selectAll().where('id', 'in', [a.memberId, b.memberId]).orderBy('id').execute()).toEqual(before);
    });

    it.each([
      ['a first name of only spaces', { firstname: '   ' }, '/member/firstname', 'First Name is required'],
      ['a home address of only spaces', { address1: ' \t' }, '/member/address1', 'Home Address is required'],
      ['a PCP ID of only spaces', { pcpid: '  ' }, '/member/pcpid', 'PCP ID is required'],
      ['no smoker answer', { istobaccouser: null }, '/member/istobaccouser', 'Please select yes or no for Smoker field and try again!'],
      ['a smoker answer that is not Yes or No', { istobaccouser: 'Maybe' }, '/member/istobaccouser', 'Please select yes or no for Smoker field and try again!'],
      ['a ZIP code of 4 digits', { postalcode: '1234' }, '/member/postalcode', 'Please check the zipCode'],
      ['a telephone that is no phone number', { phonenumber: 'abc😀' }, '/member/phonenumber', 'Please enter a US phone number of 10 digits, such as 503-555-0100.'],
      ['a telephone of seven digits', { phonenumber: '555-0100' }, '/member/phonenumber', 'Please enter a US phone number of 10 digits, such as 503-555-0100.'],
      ['an SSN with area 000', { additionalid: '000121234' }, '/member/additionalid', 'Please enter a valid Social Security Number.'],
      ['an SSN with area 666', { additionalid: '666121234' }, '/member/additionalid', 'Please enter a valid Social Security Number.'],
      ['an SSN with area 9xx', { additionalid: '900121234' }, '/member/additionalid', 'Please enter a valid Social Security Number.'],
      ['an SSN with group 00', { additionalid: '123001234' }, '/member/additionalid', 'Please enter a valid Social Security Number.'],
      ['an SSN with serial 0000', { additionalid: '123450000' }, '/member/additionalid', 'Please enter a valid Social Security Number.'],
    ])('PUT /api/Member refuses %s with the profile document text and changes nothing', async (_label, change, pointer, text) => {
      const a = await registerMember(t.app, employer);
      const before = await t.db.selectFrom('member').selectAll().where('id', '=', a.memberId).executeTakeFirstOrThrow();
      const res = await t.app.inject({ method: 'PUT', url: '/api/Member', headers: a.auth, payload: { member: { ...TEST_PROFILE, ...change } } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', fieldErrors: { [pointer]: [text] } });
      expect(await t.db.selectFrom('member').selectAll().where('id', '=', a.memberId).executeTakeFirstOrThrow()).toEqual(before);
    });

    it('PUT /api/Member stores an apartment of only spaces as no value', async () => {
      const a = await registerMember(t.app, employer);
      const res = await t.app.inject({ method: 'PUT', url: '/api/Member', headers: a.auth, payload: { member: { ...TEST_PROFILE, address2: '   ' } } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.address2).toBeNull();
    });

    it('PUT /api/Member needs a bearer token', async () => {
      const res = await t.app.inject({ method: 'PUT', url: '/api/Member', payload: { member: TEST_PROFILE } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    });
  });
});
