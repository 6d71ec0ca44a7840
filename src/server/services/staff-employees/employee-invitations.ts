/** The set-password invitation staff send an employee (the same mail as registration's: member/invitations.ts). */
import type { StaffEmployee } from '#contracts/staff/staff-employees.ts';
import type { DbOrTx } from '#db/database.ts';
import { rosterEntryOf } from '#db/repositories/employer/employee-roster.repository.ts';
import type * as employers from '#db/repositories/employer/employer.repository.ts';
import * as members from '#db/repositories/member/member.repository.ts';
import { recordStaffChange } from '#db/repositories/staff/staff-audit.repository.ts';
import type { Config } from '../../config.ts';
import { AppError, notFound } from '../../errors.ts';
import type { ContentService, MailService, Staff } from '../../ports.ts';
import { mailInvitation, newInvitationLink } from '../member/invitations.ts';
import { ownAnswersOf, toEmployee } from './employee-roster.ts';

/**
 * E-mails an employee of the employer a new set-password link (the first invitation or a resend; older links stop
 * working). 404 for a member of another employer, 409 once the password is set.
 */
export async function inviteEmployee(
  db: DbOrTx,
  context: { config: Pick<Config, 'PUBLIC_URL'>; mail: MailService; content: ContentService },
  staff: Staff,
  employer: employers.EmployerRow,
  memberid: string,
): Promise<StaffEmployee> {
  const { member, link } = await db.transaction().execute(async (tx) => {
    const member = await members.findById(tx, memberid);
    if (!member || member.accountid !== employer.accountid) throw notFound('There is no such employee of this employer.');
    if (member.ispasswordchanged !== null) throw new AppError('CONFLICT', 409, 'This employee has set a password already: they sign in, or reset it from the sign-in page.');
    const before = (await rosterEntryOf(tx, employer.accountid, memberid))!;
    const link = await newInvitationLink(tx, context.config, member);
    await recordStaffChange(tx, {
      staffId: staff.id,
      action: 'invite',
      entity: 'member',
      entityId: memberid,
      before: { invitedOn: before.invitedOn?.toISOString() ?? null },
      after: { invitedOn: new Date().toISOString() },
    });
    return { member, link };
  });
  await mailInvitation(context.mail, member, employer.accountname, link);
  const entry = (await rosterEntryOf(db, employer.accountid, memberid))!;
  return toEmployee(entry, await ownAnswersOf(db, context.content, employer.accountid, [memberid]));
}
