/**
 * The set-password invitation: a single-use link (its token stored only as a hash) and the e-mail that carries
 * it. Registration, its resend and the staff console's invite all send the same mail, so an employee imported by
 * staff finishes registering exactly as one who registered alone. The mail is in the member's language (their
 * profile's), else in the language of the page they registered on; staff's census invitations go before the member
 * ever chose, so in English unless the member's language is set.
 */
import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '#db/database.ts';
import type { MemberRow } from '#db/repositories/member/member.repository.ts';
import * as setPasswordTokens from '#db/repositories/sign-in/set-password-token.repository.ts';
import type { Language } from '#contracts/language.ts';
import { catalogueMessage, mailLanguage } from '../../content/catalogue-messages.ts';
import type { Config } from '../../config.ts';
import { randomToken, sha256 } from '../../security/crypto.ts';
import type { MailService } from '../../ports.ts';

export const SET_PASSWORD_TOKEN_DAYS = 7;

/** A new single-use link for a member whose password was never set; older unused links stop working. */
export async function newInvitationLink(db: DbOrTx, config: Pick<Config, 'PUBLIC_URL'>, member: Pick<MemberRow, 'id' | 'accountid'>): Promise<string> {
  const now = new Date();
  const token = randomToken();
  await setPasswordTokens.expireUnusedForMember(db, member.id, now);
  await setPasswordTokens.insert(db, {
    id: randomUUID(),
    memberid: member.id,
    token_hash: sha256(token),
    expires_at: new Date(now.getTime() + SET_PASSWORD_TOKEN_DAYS * 24 * 60 * 60 * 1000),
  });
  const params = new URLSearchParams({ employer_id: member.accountid, member_id: member.id, token });
  return `${config.PUBLIC_URL}/set-password?${params.toString()}`;
}

/**
 * E-mails the invitation with its link to the member's personal address, in the member's language, else in
 * `otherwise` (the registering person's page's language; English for staff's invitations).
 */
export async function mailInvitation(
  mail: MailService,
  member: Pick<MemberRow, 'firstname' | 'personalemailaddress' | 'language'>,
  employerName: string | null,
  link: string,
  otherwise?: Language,
): Promise<void> {
  const language = mailLanguage(member, otherwise);
  const employer = employerName ?? catalogueMessage('mail-your-employer', {}, language);
  await mail.send({
    to: member.personalemailaddress,
    subject: catalogueMessage('mail-invitation-subject', { employer }, language),
    text: catalogueMessage('mail-invitation-body', { name: member.firstname, employer, link, days: SET_PASSWORD_TOKEN_DAYS }, language),
  });
}
