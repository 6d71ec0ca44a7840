/**
 * The server's own texts follow the language of the request (cookie bp_lang, else Accept-Language, else English):
 * its refusals, its 404 and 500, its rate limit; the staff API stays English as the console is. Its e-mails follow
 * the member's language (member.language), else the language of the page the member asked on, else English.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MailService } from '#server/ports.ts';
import { plainSubject } from '#server/plugins/mail.plugin.ts';
import { mailInvitation } from '#server/services/member/invitations.ts';
import { createTestApp } from './helpers/app.ts';
import { databases } from './helpers/databases.ts';
import { createEmployer, latestMailText, registerBody, registerMember, type RegisteredMember, type TestEmployer } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { signInStaff } from './staff-fixtures.ts';

const SPANISH = { cookie: 'bp_lang=es' };

describe.each(databases())("answers in the request's language on $name", (database) => {
  const t = useTestApp(database, {
    beforeRoutes: (app) => {
      app.get('/api/test/fails', async () => {
        throw new Error('a fault of ours');
      });
    },
  });
  let employer: TestEmployer;
  let member: RegisteredMember;
  beforeAll(async () => {
    employer = await createEmployer(t.db);
    member = await registerMember(t.app, employer);
  });

  const removeUnknownDependent = (headers: Record<string, string>) =>
    t.app.inject({ method: 'DELETE', url: `/api/Dependent/${randomUUID()}`, headers: { ...member.auth, ...headers } });

  it('refuses in Spanish for a Spanish request (cookie or Accept-Language) and in English otherwise', async () => {
    const byCookie = await removeUnknownDependent(SPANISH);
    expect(byCookie.statusCode).toBe(404);
    expect(byCookie.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'No se encontró este dependiente.' });
    expect((await removeUnknownDependent({ 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' })).json().message).toBe('No se encontró este dependiente.');
    expect((await removeUnknownDependent({})).json().message).toBe('This dependent was not found.');
    // The chosen language (the cookie) wins over the browser's.
    expect((await removeUnknownDependent({ cookie: 'bp_lang=en', 'accept-language': 'es' })).json().message).toBe('This dependent was not found.');
  });

  it('answers an address no route has, a session that ended and a fault of ours in Spanish', async () => {
    const nowhere = await t.app.inject({ method: 'GET', url: '/api/Nowhere', headers: SPANISH });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No se encontró.' });
    const ended = await t.app.inject({ method: 'GET', url: '/api/Member/GetMember', headers: { ...SPANISH, authorization: 'Bearer not-a-token' } });
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Inicie sesión de nuevo.' });
    const failed = await t.app.inject({ method: 'GET', url: '/api/test/fails', headers: SPANISH });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ success: false, data: null, code: 'INTERNAL', message: 'Algo salió mal.' });
    expect((await t.app.inject({ method: 'GET', url: '/api/test/fails' })).json().message).toBe('Something went wrong.');
  });

  it('keeps the staff API in English whatever the language of the request', async () => {
    const staff = await signInStaff(t.app, 'viewer');
    const nowhere = await t.app.inject({ method: 'GET', url: '/api/staff/nowhere', headers: { ...staff.headers, cookie: `${staff.cookie}; bp_lang=es` } });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().message).toBe('Not found.');
  });

  it('limits sign-in attempts in the language of the request', async () => {
    const limited = await createTestApp(t.db, { env: { AUTH_RATE_LIMIT: '1' } });
    try {
      const attempt = () =>
        limited.app.inject({ method: 'POST', url: '/api/Login', remoteAddress: '192.0.2.41', headers: SPANISH, payload: { email: member.email, password: 'Wr0ng!Pass' } });
      expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Demasiados intentos. Espere un minuto y vuelva a intentarlo.' });
    } finally {
      await limited.close();
    }
  });

  describe('e-mails', () => {
    const forgot = async (email: string, headers: Record<string, string> = {}) => {
      const answer = await t.app.inject({ method: 'POST', url: '/api/Member/ForgotPassword', headers, payload: { email } });
      expect(answer.statusCode).toBe(200);
      await t.app.inFlight.settled();
    };
    const latestSubject = async (email: string) =>
      (await t.db.selectFrom('mail_outbox').select('subject').where('recipient', '=', email).orderBy('createdon', 'desc').limit(1).executeTakeFirstOrThrow()).subject;
    const setLanguage = (language: 'en' | 'es' | null) => t.db.updateTable('member').set({ language }).where('id', '=', member.memberId).execute();

    it("sends the password reset in the member's language, whatever the page's", async () => {
      await setLanguage('es');
      await forgot(member.email);
      expect(await latestSubject(member.email)).toBe('Restablezca su contraseña del Benefit Portal');
      const text = await latestMailText(t, member.email);
      expect(text).toMatch(/^Hola, Ada:\n\nAlguien pidió establecer una nueva contraseña/);
      expect(text).toContain('vence en 30 minutos');
      expect(text).toMatch(/https?:\/\/\S+\/reset-password\?token=/);

      await setLanguage('en');
      await forgot(member.email, SPANISH);
      expect(await latestSubject(member.email)).toBe('Reset your Benefit Portal password');
      expect(await latestMailText(t, member.email)).toMatch(/^Hello Ada,\n\nSomeone asked to set a new password/);
    });

    it('sends it in the language of the page it was asked on when the member never chose one, else in English', async () => {
      await setLanguage(null);
      await forgot(member.email, SPANISH);
      expect(await latestSubject(member.email)).toBe('Restablezca su contraseña del Benefit Portal');
      await forgot(member.email);
      expect(await latestSubject(member.email)).toBe('Reset your Benefit Portal password');
      expect(await latestMailText(t, member.email)).toContain('The link works once and expires in 30 minutes.');
    });

    it('sends the invitation of a registration made in Spanish in Spanish', async () => {
      const body = registerBody(employer, { firstname: 'Rosa' });
      const email = body.memberdto.personalemailaddress;
      const registered = await t.app.inject({ method: 'POST', url: '/api/Member/Register', headers: SPANISH, payload: body });
      expect(registered.statusCode).toBe(200);
      expect(await latestSubject(email)).toBe(`Le damos la bienvenida a los beneficios de ${employer.accountname}`);
      expect(await latestMailText(t, email)).toMatch(/^Hola, Rosa:\n\n.* le invita al Benefit Portal\. Establezca su contraseña para terminar su registro:/);
    });

    it("sends the invitation's subject as plain text on one line, whatever markup the employer's name was typed with", async () => {
      const marked = await createEmployer(t.db, { accountname: '<b>Smith</b> &amp; Sons\r\nBcc: someone@example.test' });
      const body = registerBody(marked);
      const registered = await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: body });
      expect(registered.statusCode).toBe(200);
      expect(await latestSubject(body.memberdto.personalemailaddress)).toBe('Welcome to Smith & Sons Bcc: someone@example.test benefits');
      expect(plainSubject('Caf&eacute; &#233;&#xE9; &lt;i&gt; <i>x</i>')).toBe('Café éé <i> x');
    });
  });
});

describe("the invitation staff's census sends", () => {
  const sent: Array<{ subject: string; text: string }> = [];
  const mail: MailService = { send: async (message) => void sent.push(message) };
  const invitee = { firstname: 'Rosa', personalemailaddress: 'rosa@example.test' };

  it("is in English before the member chose a language, in the member's language after", async () => {
    await mailInvitation(mail, { ...invitee, language: null }, 'Acme', 'http://portal.test/set-password?token=x');
    await mailInvitation(mail, { ...invitee, language: 'es' }, 'Acme', 'http://portal.test/set-password?token=y');
    expect(sent.map((message) => message.subject)).toEqual([
      'Welcome to Acme benefits',
      'Le damos la bienvenida a los beneficios de Acme',
    ]);
    expect(sent[0]!.text).toBe(
      'Hello Rosa,\n\nAcme invites you to the Benefit Portal. Set your password to finish your registration:\n\nhttp://portal.test/set-password?token=x\n\n' +
        'The link works once and expires in 7 days. If you did not register, ignore this e-mail.',
    );
    expect(sent[1]!.text).toContain('Hola, Rosa:\n\nAcme le invita al Benefit Portal.');
    expect(sent[1]!.text).toContain('vence en 7 días');
  });
});
