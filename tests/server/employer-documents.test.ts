/**
 * The server's refusals follow the documents resolved for the employer: an override of one employer changes the
 * texts (and, where it relaxes a rule, the rule) of that employer's answers only; another employer keeps the base
 * document's. Before sign-in the employer is the one the link names (the request's accountid).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as overrides from '#db/repositories/employer/document-override.repository.ts';
import { applyOverride } from '#server/content/apply-override.ts';
import { loadBaseContent } from '#server/content/base-content.ts';
import { databases } from './helpers/databases.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { createEmployer, registerBody, registerMember, type RegisteredMember, type TestEmployer } from './helpers/fixtures.ts';

const PATCHES: Record<string, unknown> = {
  login: { messages: { 'email-required': 'Your work e-mail, please.', 'login-failed': 'No luck signing in.' } },
  'forgot-password': { messages: { 'email-invalid': 'That is no e-mail address.' } },
  registration: { messages: { 'register-failed': 'You are already with us.' } },
  // Relationship made optional (an override can no longer do that: this is a version stored before the override
  // surface, or any document the server is given): the stored row still needs one, refused with this employer's text.
  dependent: {
    schema: { definitions: { dependent: { required: ['firstname', 'lastname', 'dateofbirth', 'gender', 'istobaccouser'] } } },
    messages: { 'relationship-required': 'Tell us how you are related.' },
  },
  // The reason made optional (refused at save today, as above): an order still needs one, with this employer's text.
  waiver: { schema: { required: [] }, messages: { 'select-waiver-reason': 'Pick a reason for waiving, please.' } },
};

/** The patches that make a field of the base document optional, which the override surface refuses at save. */
const LOOSENED = new Set(['dependent', 'waiver']);

const child = { firstname: 'Grace', lastname: 'Lovelace', dateofbirth: '2015-04-01', gender: 'Female', istobaccouser: false, additionalid: '123456789' };

describe.each(databases())('answers from the employer\'s documents on $name', (database) => {
  const t = useTestApp(database);
  let changed: TestEmployer;
  let plain: TestEmployer;
  let changedMember: RegisteredMember;
  let plainMember: RegisteredMember;

  beforeAll(async () => {
    changed = await createEmployer(t.db, { accountname: 'Changed Co' });
    plain = await createEmployer(t.db, { accountname: 'Plain Co' });
    const base = loadBaseContent();
    for (const [documentid, patch] of Object.entries(PATCHES)) {
      const { problems } = applyOverride(base, documentid, patch);
      if (LOOSENED.has(documentid)) expect(problems.join('; '), documentid).toMatch(/is required by the base document/);
      else expect(problems, documentid).toEqual([]);
      await overrides.insertVersion(t.db, { accountid: changed.accountid, documentid, status: 'published', patch, staffId: null, now: new Date() });
    }
    changedMember = await registerMember(t.app, changed);
    plainMember = await registerMember(t.app, plain);
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers });
  const messageOf = (response: { json: () => { message: string } }) => response.json().message;

  it("checks a sign-in with the link's employer's login document, and answers its texts", async () => {
    const missing = (accountid?: string) => post('/api/Login', { password: 'x', ...(accountid ? { accountid } : {}) });
    const changedAnswer = await missing(changed.accountid);
    expect(changedAnswer.statusCode).toBe(400);
    expect(changedAnswer.json()).toMatchObject({ message: 'Your work e-mail, please.', fieldErrors: { '/email': ['Your work e-mail, please.'] } });
    expect(messageOf(await missing(plain.accountid))).toBe('Email is required.');
    expect(messageOf(await missing())).toBe('Email is required.');

    const wrong = (email: string, accountid: string) => post('/api/Login', { email, password: 'Wr0ng!Pass', accountid });
    const failed = await wrong('nobody.changed@example.test', changed.accountid);
    expect(failed.statusCode).toBe(401);
    expect(messageOf(failed)).toBe('No luck signing in.');
    expect(messageOf(await wrong('nobody.plain@example.test', plain.accountid))).toBe('Login failed. Please try again.');
  });

  it('refuses an employer id that is not an identifier', async () => {
    const response = await post('/api/Login', { email: 'a@b.test', password: 'x', accountid: 'not-an-id' });
    expect(response.statusCode).toBe(400);
  });

  it("checks Forgot Password with the link's employer's document", async () => {
    const forgot = (accountid: string) => post('/api/Member/ForgotPassword', { email: 'nope', accountid });
    expect(messageOf(await forgot(changed.accountid))).toBe('That is no e-mail address.');
    expect(messageOf(await forgot(plain.accountid))).toBe('Please enter a valid email address.');
  });

  it("answers a second registration with the employer's registration text", async () => {
    const again = (employer: TestEmployer, email: string) => post('/api/Member/Register', registerBody(employer, { personalemailaddress: email }));
    expect((await again(changed, changedMember.email)).json()).toMatchObject({ code: 'ALREADY_REGISTERED', message: 'You are already with us.' });
    expect(messageOf(await again(plain, plainMember.email))).toBe('Register failed. Please try again.');
  });

  it("refuses a dependent without a relationship with the employer's text, even where its document made it optional", async () => {
    const changedAnswer = await post('/api/Dependent', child, changedMember.auth);
    expect(changedAnswer.statusCode).toBe(400);
    expect(changedAnswer.json()).toMatchObject({ message: 'Tell us how you are related.', fieldErrors: { '/relationship': ['Tell us how you are related.'] } });
    expect(messageOf(await post('/api/Dependent', child, plainMember.auth))).toBe('Relationship is required');
    expect(await t.db.selectFrom('dependent').select('id').execute()).toEqual([]);
  });

  it("refuses a waiver without a reason with the employer's waiver text, even where its document made it optional", async () => {
    const waive = { order: { category: 'waive' }, memberAccount: {} };
    const changedAnswer = await post('/api/Order', waive, changedMember.auth);
    expect(changedAnswer.statusCode).toBe(400);
    expect(changedAnswer.json()).toMatchObject({
      message: 'Pick a reason for waiving, please.',
      fieldErrors: { '/memberAccount/waivecoveragereason': ['Pick a reason for waiving, please.'] },
    });
    expect(messageOf(await post('/api/Order', waive, plainMember.auth))).toBe('Please select a waiver reason');
    expect(await t.db.selectFrom('member_order').select('id').execute()).toEqual([]);
  });
});
