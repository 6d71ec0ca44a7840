/** The event log (LogFact) as staff read it: each event with the employer's and the member's names. */
import type { StaffEvent } from '#contracts/staff/staff-employees.ts';
import type { DbOrTx } from '#db/database.ts';
import * as logFacts from '#db/repositories/member/log-fact.repository.ts';

export async function listEvents(db: DbOrTx, filter: logFacts.LogFactFilter): Promise<StaffEvent[]> {
  return (await logFacts.list(db, filter)).map((row) => ({
    id: row.id,
    title: row.title,
    accountid: row.accountid,
    employername: row.employername,
    memberid: row.memberid,
    membername: row.firstname === null ? null : `${row.firstname} ${row.lastname ?? ''}`.trim(),
    memberemail: row.memberemail,
    action: row.action,
    effectivedate: row.effectivedate,
    data: row.data,
    createdon: new Date(row.createdon).toISOString(),
  }));
}
