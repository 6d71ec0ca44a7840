/**
 * What implementation staff change on an employer's account: its settings and its logo. Each change runs in one
 * transaction with its audit record (who, what, before and after), after every check has passed, so a refused
 * change writes nothing. The employer's contacts, files, products and contribution rules have modules of their own
 * (staff-employer-*.ts, staff-contribution-rules.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { StaffEmployer, StaffEmployerInput, StaffEmployerSummary } from '#contracts/staff/staff-employers.ts';
import { isIsoDate } from '#domain/values/dates.ts';
import { statusCounts } from '#domain/employer/employee-status.ts';
import type { DbOrTx } from '#db/database.ts';
import * as brokers from '#db/repositories/employer/broker.repository.ts';
import * as contacts from '#db/repositories/employer/contact.repository.ts';
import { rosterOf } from '#db/repositories/employer/employee-roster.repository.ts';
import * as employers from '#db/repositories/employer/employer.repository.ts';
import { recordStaffChange } from '#db/repositories/staff/staff-audit.repository.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { representationTag, requireUnchanged, type Precondition } from '../../http/preconditions.ts';
import type { Staff } from '../../ports.ts';
import { decodeUpload } from './uploads.ts';
import { standingOf } from '../staff-employees/employee-roster.ts';

/** The largest logo: it travels base64 in every branding answer. */
export const LOGO_MAX_BYTES = 256 * 1024;

export type Employer = employers.EmployerRow;

/**
 * The employer locked for the rest of the transaction, or 404: its settings and lists are compared with what the
 * person read and written under this lock, so two saves of the same version cannot both pass.
 */
export async function lockedEmployer(tx: DbOrTx, accountid: string): Promise<Employer> {
  await employers.lockForUpdate(tx, accountid);
  return employerOr404(tx, accountid);
}

/** The employer, or 404. */
export async function employerOr404(db: DbOrTx, accountid: string): Promise<Employer> {
  const employer = await employers.findById(db, accountid);
  if (!employer) throw notFound('There is no such employer.');
  return employer;
}

/** The employers of `visible` (null: every one), each with its employees counted by status. */
export async function listEmployers(db: DbOrTx, visible: string[] | null): Promise<StaffEmployerSummary[]> {
  const [all, roster] = await Promise.all([employers.listAll(db), rosterOf(db, null)]);
  const rows = visible ? all.filter((row) => visible.includes(row.accountid)) : all;
  const standings = new Map<string, ReturnType<typeof standingOf>[]>();
  for (const entry of roster) {
    const list = standings.get(entry.member.accountid) ?? [];
    list.push(standingOf(entry));
    standings.set(entry.member.accountid, list);
  }
  return rows.map((row) => ({
    accountid: row.accountid,
    name: row.accountname,
    email: row.emailaddress,
    planyear: row.businessyear,
    employees: statusCounts(standings.get(row.accountid) ?? []),
  }));
}

export async function employerDetails(db: DbOrTx, publicUrl: string, employer: Employer): Promise<StaffEmployer> {
  const [broker] = await brokers.listByTeam(db, employer.teamid);
  return {
    accountid: employer.accountid,
    name: employer.accountname,
    email: employer.emailaddress,
    planyear: employer.businessyear,
    planyearstart: employer.planyearstart,
    planyearend: employer.planyearend,
    employeazecustomer: employer.employeazecustomer as StaffEmployer['employeazecustomer'],
    hsaonly: employer.hsaonly as StaffEmployer['hsaonly'],
    edoc_period: employer.edoc_period,
    hsaadministrator: employer.hsaadministrator,
    teamid: employer.teamid,
    broker: broker ? { firstname: broker.firstname, lastname: broker.lastname, emailaddress: broker.emailaddress, phonenumber: broker.phonenumber } : null,
    mediadata: employer.mediadata,
    logotag: logoTag(employer.mediadata),
    registrationlink: `${publicUrl}/register?employer_id=${employer.accountid}`,
  };
}

/** The plan year's first and last day: 12 months from planyearstart (January 1 of planyear when absent). */
function planYearDays(input: StaffEmployerInput): { planyearstart: string; planyearend: string } {
  const start = input.planyearstart ?? `${input.planyear}-01-01`;
  const message = `The plan year must start on the first of a month in ${input.planyear}.`;
  if (!isIsoDate(start) || !start.endsWith('-01') || !start.startsWith(`${input.planyear}-`)) throw badRequest(message, { '/planyearstart': [message] });
  const [year, month] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
  const end = new Date(Date.UTC(year + 1, month - 1, 0)).toISOString().slice(0, 10);
  return { planyearstart: start, planyearend: end };
}

/** The HSA administrator to store, trimmed: null clears it; absent, the one stored stays (none for a new employer). */
const administratorOf = (input: StaffEmployerInput, stored: string | null) =>
  input.hsaadministrator === undefined ? stored : input.hsaadministrator === null ? null : input.hsaadministrator.trim();

async function requireUniqueName(db: DbOrTx, name: string, accountid: string | null): Promise<void> {
  if (await employers.findOtherByName(db, name, accountid)) {
    throw new AppError('CONFLICT', 409, `An employer named ${name.trim()} exists already.`, { '/name': ['Another employer has this name.'] });
  }
}

const brokerRow = (teamid: string, broker: StaffEmployerInput['broker']) =>
  broker && { id: randomUUID(), teamid, firstname: broker.firstname.trim(), lastname: broker.lastname.trim(), emailaddress: broker.emailaddress, phonenumber: broker.phonenumber };

/** An employer's settings: what PUT replaces (not the logo, set by its own call, nor the link made of the id). */
function settingsOf(details: StaffEmployer) {
  const { mediadata: _logo, logotag: _logoTag, registrationlink: _link, ...settings } = details;
  return settings;
}

/** The tag of an employer's logo (what PUT .../logo names), null when it has none. */
export const logoTag = (mediadata: string | null) => (mediadata === null ? null : representationTag(mediadata));

/** The tag of an employer's settings (its ETag): a new logo leaves it, so a settings form read before stays current. */
export const employerTag = (details: StaffEmployer) => representationTag(settingsOf(details));

/** What the audit keeps of an employer: its settings, the logo only as a fingerprint. */
function auditView(details: StaffEmployer) {
  const { mediadata } = details;
  return { ...settingsOf(details), logo: mediadata ? { sha256: createHash('sha256').update(mediadata).digest('hex'), base64length: mediadata.length } : null };
}

/**
 * A new employer with everything its registration link needs: the account (plan year, settings), its team and
 * broker. Documents, contacts, services and contribution rules are added after; an employer without rules pays
 * no contribution, which the enrollment shows as $0.00.
 */
export async function createEmployer(db: DbOrTx, publicUrl: string, staff: Staff, input: StaffEmployerInput): Promise<StaffEmployer> {
  const days = planYearDays(input);
  return db.transaction().execute(async (tx) => {
    await requireUniqueName(tx, input.name, null);
    const teamid = input.teamid ?? randomUUID();
    const row = await employers.insert(tx, {
      accountid: randomUUID(),
      accountname: input.name.trim(),
      teamid,
      mediadata: null,
      emailaddress: input.email,
      employeazecustomer: input.employeazecustomer,
      hsaonly: input.hsaonly,
      edoc_period: input.edoc_period,
      hsaadministrator: administratorOf(input, null),
      ...days,
      businessyear: input.planyear,
    });
    if (input.broker) await brokers.replaceForTeam(tx, teamid, brokerRow(teamid, input.broker));
    const after = await employerDetails(tx, publicUrl, row);
    await recordStaffChange(tx, { staffId: staff.id, action: 'create', entity: 'employer', entityId: row.accountid, before: null, after: auditView(after) });
    return after;
  });
}

/** Replaces the employer's settings (`read`: the version they were edited from, its tag). */
export async function updateEmployer(db: DbOrTx, publicUrl: string, staff: Staff, accountid: string, input: StaffEmployerInput, read: Precondition): Promise<StaffEmployer> {
  const days = planYearDays(input);
  return db.transaction().execute(async (tx) => {
    const current = await lockedEmployer(tx, accountid);
    const before = await employerDetails(tx, publicUrl, current);
    await requireUnchanged(tx, read, employerTag(before), { name: "the employer's settings", entity: 'employer', entityId: accountid, actions: ['create', 'update'] });
    await requireUniqueName(tx, input.name, accountid);
    const teamid = input.teamid ?? current.teamid;
    const row = await employers.update(tx, accountid, {
      accountname: input.name.trim(),
      teamid,
      emailaddress: input.email,
      employeazecustomer: input.employeazecustomer,
      hsaonly: input.hsaonly,
      edoc_period: input.edoc_period,
      hsaadministrator: administratorOf(input, current.hsaadministrator),
      ...days,
      businessyear: input.planyear,
    });
    await brokers.replaceForTeam(tx, teamid, brokerRow(teamid, input.broker));
    const after = await employerDetails(tx, publicUrl, row!);
    await recordStaffChange(tx, { staffId: staff.id, action: 'update', entity: 'employer', entityId: accountid, before: auditView(before), after: auditView(after) });
    return after;
  });
}

/**
 * Stores the logo (JPEG, at most LOGO_MAX_BYTES) as the spec's mediadata: the file's base64; `read`: the logo it
 * replaces (its tag), or that there was none.
 */
export async function setLogo(db: DbOrTx, publicUrl: string, staff: Staff, accountid: string, contentBase64: string, read: Precondition): Promise<StaffEmployer> {
  const bytes = decodeUpload(contentBase64, 'jpeg', LOGO_MAX_BYTES, '/contentBase64');
  return db.transaction().execute(async (tx) => {
    const before = await employerDetails(tx, publicUrl, await lockedEmployer(tx, accountid));
    await requireUnchanged(tx, read, before.logotag, { name: "the employer's logo", entity: 'employer', entityId: accountid, actions: ['logo'] });
    const row = await employers.update(tx, accountid, { mediadata: bytes.toString('base64') });
    const after = await employerDetails(tx, publicUrl, row!);
    await recordStaffChange(tx, { staffId: staff.id, action: 'logo', entity: 'employer', entityId: accountid, before: auditView(before).logo, after: auditView(after).logo });
    return after;
  });
}
