/**
 * Forgot password and reset (ASVS V2.5): the request answers the same whether or not the address has an account; the
 * e-mailed link is single use, lives RESET_TOKEN_MINUTES and is stored only as a hash; a reset follows the
 * set-password document's rules and ends every session of the member.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as members from '#db/repositories/member/member.repository.ts';
import * as setPasswordTokens from '#db/repositories/sign-in/set-password-token.repository.ts';
import * as signinFailures from '#db/repositories/sign-in/signin-failure.repository.ts';
import { message } from '#engine/runtime/index.ts';
import type { Language } from '#contracts/language.ts';
import { catalogueMessage, mailLanguage } from '../../content/catalogue-messages.ts';
import { AppError } from '../../errors.ts';
import { hashPassword, randomToken, sha256 } from '../../security/crypto.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { endAllSessions } from '../../security/tokens.ts';
import { authRateLimit, envelope, failures, ok, uuid } from '../../http/route-schemas.ts';

/** A forgot-password link works once, for this long (ASVS V2.5.2 asks for a short life). */
export const RESET_TOKEN_MINUTES = 30;

export async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  /**
   * A new single-use reset link for the member (earlier unused ones expire), e-mailed in the member's language, else
   * in the language of the page the reset was asked on.
   */
  async function mailResetLink(member: members.MemberRow, asked: Language): Promise<void> {
    const now = new Date();
    const token = randomToken();
    await app.db.transaction().execute(async (tx) => {
      await setPasswordTokens.expireUnusedForMember(tx, member.id, now);
      await setPasswordTokens.insert(tx, {
        id: randomUUID(),
        memberid: member.id,
        token_hash: sha256(token),
        purpose: 'reset',
        expires_at: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
      });
    });
    const link = `${app.config.PUBLIC_URL}/reset-password?${new URLSearchParams({ token }).toString()}`;
    const language = mailLanguage(member, asked);
    await app.mail.send({
      to: member.emailaddress,
      subject: catalogueMessage('mail-reset-subject', {}, language),
      text: catalogueMessage('mail-reset-body', { name: member.firstname, link, minutes: RESET_TOKEN_MINUTES }, language),
    });
  }

  app.post<{ Body: { email: string; accountid?: string } }>(
    '/api/Member/ForgotPassword',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['member'],
        summary: 'E-mail a single-use reset link (30 minutes); the same answer whether or not the address has an account',
        body: {
          type: 'object',
          required: ['email'],
          properties: {
            email: { type: 'string', maxLength: 320 },
            accountid: { ...uuid, description: "The employer of the link the page was opened with: its 'forgot-password' document checks the request and gives the texts" },
          },
        },
        response: { 200: envelope({ type: 'null' }), ...failures },
      },
    },
    async (request) => {
      const { email, accountid = null } = request.body;
      const forgot = await app.content.form('forgot-password', accountid, request.language);
      await app.content.validate('forgot-password', accountid, { email }, { language: request.language });
      // The answer does the same work for every address (the lookup, the security event); the link is made and
      // mailed after it, so the answer's time does not tell whether the address has an account.
      const member = await members.findByEmail(app.db, email);
      await recordSecurityEvent(app, request, 'reset-requested', member?.id ?? null);
      if (member) app.inFlight.afterAnswer(request.log, 'reset link mail', () => mailResetLink(member, request.language));
      return ok(null, message(forgot, 'reset-requested'));
    },
  );

  app.post<{ Body: { token: string; password: string } }>(
    '/api/Member/ResetPassword',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['member'],
        summary: "Set a new password with a forgot-password link's token (the set-password rules); every session of the member ends",
        body: {
          type: 'object',
          required: ['token', 'password'],
          properties: { token: { type: 'string', maxLength: 200 }, password: { type: 'string', maxLength: 200 } },
        },
        response: { 200: envelope({ type: 'null' }), ...failures },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      const usable = await setPasswordTokens.findUsableReset(app.db, sha256(token), new Date());
      const member = usable ? await members.findById(app.db, usable.memberid) : undefined;
      // A link that names no member names no employer either: its refusal has the base document's text.
      const setPassword = await app.content.form('set-password', member?.accountid ?? null, request.language);
      const tokenInvalid = () => new AppError('TOKEN_INVALID', 403, message(setPassword, 'reset-link-invalid'));
      if (!usable || !member) throw tokenInvalid();
      await app.content.validate('set-password', member.accountid, { password }, { language: request.language });

      const passwordHash = await hashPassword(password);
      await app.db.transaction().execute(async (tx) => {
        const now = new Date();
        if (!(await setPasswordTokens.markUsed(tx, usable.id, now))) throw tokenInvalid();
        await setPasswordTokens.expireUnusedForMember(tx, member.id, now);
        await members.update(tx, member.id, {
          password_hash: passwordHash,
          ispasswordchanged: member.ispasswordchanged ?? now,
          modifiedon: now,
          modifiedby: member.emailaddress,
        });
        await endAllSessions(tx, member.id, 'password-reset', now);
        await signinFailures.clear(tx, sha256(member.emailaddress.trim().toLowerCase()));
        await recordSecurityEvent(app, request, 'password-reset', member.id, tx);
      });
      return ok(null, message(setPassword, 'reset-done'));
    },
  );
}
