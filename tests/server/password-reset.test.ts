/**
 * ASVS V2.5 (recovery) and V2.1.7 (common passwords): Forgot Password answers the same for every address, a reset
 * link works once for 30 minutes and is stored only as a hash, the new password follows the set-password rules
 * (common passwords refused), and every session of the member ends. Mail bodies rest encrypted in the outbox.
 * Forgot Password does the same database work before answering for an address with an account and one without, so
 * its time does not tell them apart (bench/forgot-password.bench.ts times it; the test counts the work).
 */
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app.ts';
import { databases } from './helpers/databases.ts';
import {
  createEmployer,
  latestLink,
  latestResetToken,
  registerBody,
  registerMember,
  TEST_PASSWORD,
  type TestEmployer,
} from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';

const NEW_PASSWORD = 'Quiet#Harbor72';

describe.each(databases())('password reset on $name', (database) => {
  const t = useTestApp(database);
  let employer: TestEmployer;
  beforeAll(async () => {
    employer = await createEmployer(t.db);
  });

  // The link is made and mailed after the answer: wait for that work before reading the outbox.
  const forgot = async (email: unknown) => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/Member/ForgotPassword', payload: { email } });
    await t.app.inFlight.settled();
    return answer;
  };
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/Member/ResetPassword', payload: { token, password } });
  const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/Login', payload: { email, password } });
  const mails = async (email: string) => (await t.db.selectFrom('mail_outbox').select('id').where('recipient', '=', email).execute()).length;

  it('answers the same whether or not the address has an account, and mails only an account', async () => {
    const member = await registerMember(t.app, employer);
    const before = await mails(member.email);
    const known = await forgot(member.email.toUpperCase());
    const unknown = await forgot('nobody@example.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({
      success: true,
      data: null,
      message: 'If an account uses that e-mail address, a link to set a new password is on its way. The link works once, for 30 minutes.',
    });
    expect(await mails(member.email)).toBe(before + 1);
    expect(await mails('nobody@example.test')).toBe(0);
    const bad = await forgot('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ '/email': ['Please enter a valid email address.'] });
  });

  it('does the same database work before answering for an address with an account and one without; the link is made and mailed after the answer', async () => {
    /** Each statement the app runs, as its kind and tables, marked as run before or after the answer was decided. */
    let journal: string[] = [];
    let phase: 'before' | 'after' = 'after';
    const tablesOf = (node: RootOperationNode) => [...JSON.stringify(node).matchAll(/"kind":"IdentifierNode","name":"([a-z_]+)"/g)].map((match) => match[1]).join(',');
    const recorder: KyselyPlugin = {
      transformQuery: ({ node }) => {
        journal.push(`${phase} ${node.kind} ${tablesOf(node)}`);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const recording = await createTestApp(t.db.withPlugin(recorder), {
      env: { TOKEN_SECRET: t.config.TOKEN_SECRET, SSN_KEY: t.config.SSN_KEY },
      beforeRoutes: (app) => {
        app.addHook('onRequest', async () => void (phase = 'before'));
        // The handler's answer is decided here, before it is serialized and sent.
        app.addHook('preSerialization', async (_request, _reply, payload) => {
          phase = 'after';
          return payload;
        });
      },
    });
    try {
      const member = await registerMember(t.app, employer);
      const ask = async (email: string) => {
        journal = [];
        const answer = await recording.app.inject({ method: 'POST', url: '/api/Member/ForgotPassword', payload: { email } });
        await recording.app.inFlight.settled();
        expect(answer.statusCode).toBe(200);
        return { before: journal.filter((line) => line.startsWith('before ')), after: journal.filter((line) => line.startsWith('after ')) };
      };
      // A first request fills the caches (the employer's documents), so the two measured ones find them alike.
      await ask('warm-up@example.test');
      const unknown = await ask('nobody@example.test');
      const known = await ask(member.email);
      expect(known.before.length).toBeGreaterThan(0);
      expect(known.before).toEqual(unknown.before);
      expect(known.before.join('\n')).not.toMatch(/set_password_token|mail_outbox/);
      // Only after the answer, and only for the account: the link's token and its mail.
      expect(known.after.join('\n')).toMatch(/InsertQueryNode set_password_token/);
      expect(known.after.join('\n')).toMatch(/InsertQueryNode mail_outbox/);
      expect(unknown.after.join('\n')).not.toMatch(/set_password_token|mail_outbox/);
    } finally {
      await recording.close();
    }
  });

  it('sets a new password once with the link, ends every session and logs it', async () => {
    const member = await registerMember(t.app, employer);
    const otherDevice = (await login(member.email, member.password)).json().data.tokenResponse.access_token as string;
    await forgot(member.email);
    const token = await latestResetToken(t, member.email);

    const done = await reset(token, NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true, data: null, message: 'Your password is reset. Please sign in.' });
    for (const access of [member.tokens.access_token, otherDevice]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/Member/GetMember', headers: { authorization: `Bearer ${access}` } })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/Login/Refresh', headers: { cookie: `bp_refresh=${member.refreshToken}` } })).statusCode).toBe(401);
    expect((await login(member.email, member.password)).statusCode).toBe(401);
    expect((await login(member.email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(token, 'Other#Harbor73');
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'TOKEN_INVALID', message: 'This link is no longer valid. Please ask for a new one.' });
    const kinds = (await t.db.selectFrom('security_event').select('kind').where('memberid', '=', member.memberId).execute()).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['reset-requested', 'password-reset']));
  });

  it('stores the token only as a hash, and the mail body only encrypted', async () => {
    const member = await registerMember(t.app, employer);
    await forgot(member.email);
    const token = await latestResetToken(t, member.email);
    const tokens = await t.db.selectFrom('set_password_token').selectAll().where('memberid', '=', member.memberId).execute();
    const outbox = await t.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', member.email).execute();
    const stored = JSON.stringify([tokens, outbox]);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain('reset-password');
    expect(tokens.find((row) => row.purpose === 'reset')?.expires_at.getTime()).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
  });

  it('refuses a link older than 30 minutes, a set-password link, and a weak or common password', async () => {
    const member = await registerMember(t.app, employer);
    await forgot(member.email);
    const token = await latestResetToken(t, member.email);

    const weak = await reset(token, 'short');
    expect(weak.statusCode).toBe(400);
    // Every rule the password fails, listed at once; the first is the answer's message.
    expect(weak.json().fieldErrors).toEqual({
      '/password': [
        'Password must be at least 8 characters long, contain uppercase, lowercase, a number, and a special character.',
        'This password is too common or too easy to guess. Please choose another.',
      ],
    });
    expect(weak.json().message).toBe('Password must be at least 8 characters long, contain uppercase, lowercase, a number, and a special character.');
    for (const common of ['Password1!', 'P@ssw0rd1', 'Qwerty123!']) {
      const res = await reset(token, common);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ '/password': ['This password is too common or too easy to guess. Please choose another.'] });
    }
    await t.db.updateTable('set_password_token').set({ expires_at: new Date(Date.now() - 1000) }).where('memberid', '=', member.memberId).execute();
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(403);

    const body = registerBody(employer);
    await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: body });
    const invitation = await latestLink(t, body.memberdto.personalemailaddress);
    expect((await reset(invitation.token, NEW_PASSWORD)).statusCode).toBe(403);
  });

  it('refuses a common password when setting the first password too', async () => {
    const body = registerBody(employer);
    await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: body });
    const link = await latestLink(t, body.memberdto.personalemailaddress);
    const res = await t.app.inject({ method: 'POST', url: '/api/changepassword', payload: { id: link.memberId, password: 'Welcome1!', token: link.token } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ '/password': ['This password is too common or too easy to guess. Please choose another.'] });
    expect((await t.app.inject({ method: 'POST', url: '/api/changepassword', payload: { id: link.memberId, password: TEST_PASSWORD, token: link.token } })).statusCode).toBe(200);
  });

  it('a pending registration sets its first password through a reset link', async () => {
    const body = registerBody(employer);
    await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: body });
    const email = body.memberdto.personalemailaddress;
    await forgot(email);
    expect((await reset(await latestResetToken(t, email), NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('prints the link on the console only in development without SMTP_URL', async () => {
    const member = await registerMember(t.app, employer);
    const production = await createTestApp(t.db, { env: { NODE_ENV: 'production', TOKEN_SECRET: t.config.TOKEN_SECRET, SSN_KEY: t.config.SSN_KEY } });
    try {
      await production.app.inject({ method: 'POST', url: '/api/Member/ForgotPassword', payload: { email: member.email } });
      await production.app.inFlight.settled();
      // Production says only that a mail file was written: no recipient, no link (ops.test.ts checks the line).
      expect(production.announcements.join('\n')).not.toMatch(/@|token=|https?:/);
    } finally {
      await production.close();
    }
    const before = t.announcements.length;
    await forgot(member.email);
    expect(t.announcements.slice(before)).toEqual([expect.stringMatching(/^Mail to .*: Reset your Benefit Portal password http:\/\/portal\.test\/reset-password\?token=/)]);
  });
});
