/**
 * The set-password invitation: a single-use link (its token stored only as a hash) and the e-mail that carries
 * it. Registration, its resend and the staff console's invite all send the same mail, so an employee imported by
 * staff finishes registering exactly as one who registered alone.
 */
import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '#db/database.ts';
import type { MemberRow } from '#db/repositories/member.repository.ts';
import * as setPasswordTokens from '#db/repositories/set-password-token.repository.ts';
import type { Config } from '../config.ts';
import { randomToken, sha256 } from '../crypto.ts';
import type { MailService } from '../fastify-types.ts';

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

/** E-mails the invitation with its link to the member's personal address. */
export async function mailInvitation(
  mail: MailService,
  member: Pick<MemberRow, 'firstname' | 'personalemailaddress'>,
  employerName: string,
  link: string,
): Promise<void> {
  await mail.send({
    to: member.personalemailaddress,
    subject: `Welcome to ${employerName} benefits`,
    text: [
      `Hello ${member.firstname},`,
      '',
      `${employerName} invites you to the Benefit Portal. Set your password to finish your registration:`,
      '',
      link,
      '',
      `The link works once and expires in ${SET_PASSWORD_TOKEN_DAYS} days. If you did not register, ignore this e-mail.`,
    ].join('\n'),
  });
}
