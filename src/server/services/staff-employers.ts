/**
 * What implementation staff change on an employer: the account, its logo, contacts, ICHRA documents, additional
 * services and contribution rules. Each change runs in one transaction with its audit record (who, what, before
 * and after), after every check has passed, so a refused change writes nothing. The rules are the domain's
 * (ruleSetProblems, contributionCents), never restated here.
 */
import { createHash, randomUUID } from 'node:crypto';
import type {
  ContributionPreview,
  ContributionPreviewRequest,
  StaffContact,
  StaffContributionRule,
  StaffEmployer,
  StaffEmployerInput,
  StaffEmployerSummary,
  StaffProduct,
} from '#contracts/staff-employers.ts';
import { contributionCents, familyTier, ruleSetProblems, type ContributionRule } from '#domain/contribution.ts';
import { isIsoDate } from '#domain/dates.ts';
import { statusCounts } from '#domain/employee-status.ts';
import { centsToDollars, dollarsToCents, formatCents } from '#domain/money.ts';
import { ICHRA_DOCUMENTS_CONTAINER } from '#domain/parameters/enrollment.ts';
import type { DbOrTx } from '#db/database.ts';
import * as brokers from '#db/repositories/broker.repository.ts';
import * as contacts from '#db/repositories/contact.repository.ts';
import * as contributions from '#db/repositories/contribution.repository.ts';
import { rosterOf } from '#db/repositories/employee-roster.repository.ts';
import * as employers from '#db/repositories/employer.repository.ts';
import { countiesForZip, ratingAreaFor } from '#db/repositories/location.repository.ts';
import * as products from '#db/repositories/product.repository.ts';
import { recordStaffChange } from '#db/repositories/staff-audit.repository.ts';
import { AppError, badRequest, notFound } from '../errors.ts';
import { representationTag, requireUnchanged, type Precondition } from '../http/preconditions.ts';
import { isSafeSegment, storageIn, type Storage } from '../infra/storage.ts';
import { decodeUpload } from './uploads.ts';
import { standingOf } from './staff-employees.ts';

/** The largest logo: it travels base64 in every branding answer. */
export const LOGO_MAX_BYTES = 256 * 1024;
/** The largest ICHRA document. */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

type Staff = { id: string };
type Employer = employers.EmployerRow;

/**
 * The employer locked for the rest of the transaction, or 404: its settings and lists are compared with what the
 * person read and written under this lock, so two saves of the same version cannot both pass.
 */
async function lockedEmployer(tx: DbOrTx, accountid: string): Promise<Employer> {
  await employers.lockForUpdate(tx, accountid);
  return employerOr404(tx, accountid);
}

/** The employer, or 404. */
export async function employerOr404(db: DbOrTx, accountid: string): Promise<Employer> {
  const employer = await employers.findById(db, accountid);
  if (!employer) throw notFound('There is no such employer.');
  return employer;
}

export async function listEmployers(db: DbOrTx): Promise<StaffEmployerSummary[]> {
  const [rows, roster] = await Promise.all([employers.listAll(db), rosterOf(db, null)]);
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

export async function listContacts(db: DbOrTx, accountid: string): Promise<StaffContact[]> {
  return (await contacts.listByAccount(db, accountid)).map((row) => ({
    id: row.id,
    contacttype: row.contacttype as StaffContact['contacttype'],
    displaytoemployee: row.displaytoemployee,
    firstname: row.firstname,
    middlename: row.middlename,
    lastname: row.lastname,
    emailaddress: row.emailaddress,
    phonenumber: row.phonenumber,
  }));
}

/**
 * Replaces the employer's contacts with the list (ids kept when given, so a contact keeps its identity); `read` is
 * the version of the list it was edited from (its tag).
 */
export async function replaceContacts(db: DbOrTx, staff: Staff, accountid: string, list: readonly StaffContact[], read: Precondition): Promise<StaffContact[]> {
  const ids = list.map((contact) => contact.id).filter((id): id is string => id !== undefined);
  if (new Set(ids).size !== ids.length) throw badRequest('Two contacts have the same id.', { '/contacts': ['Two contacts have the same id.'] });
  return db.transaction().execute(async (tx) => {
    await lockedEmployer(tx, accountid);
    const before = await listContacts(tx, accountid);
    await requireUnchanged(tx, read, representationTag(before), { name: "the employer's contacts", entity: 'employer', entityId: accountid, actions: ['contacts'] });
    const foreign = ids.filter((id) => !before.some((contact) => contact.id === id));
    if (foreign.length > 0) throw badRequest('A contact id is not one of this employer’s contacts.', { '/contacts': [`Unknown contact id ${foreign[0]}.`] });
    await contacts.replaceForAccount(
      tx,
      accountid,
      list.map((contact) => ({
        id: contact.id ?? randomUUID(),
        accountid,
        contacttype: contact.contacttype,
        displaytoemployee: contact.displaytoemployee,
        firstname: contact.firstname.trim(),
        middlename: contact.middlename,
        lastname: contact.lastname.trim(),
        emailaddress: contact.emailaddress,
        phonenumber: contact.phonenumber,
      })),
    );
    const after = await listContacts(tx, accountid);
    await recordStaffChange(tx, { staffId: staff.id, action: 'contacts', entity: 'employer', entityId: accountid, before, after });
    return after;
  });
}

/** An ICHRA document as the console lists it: `name_es`, the Spanish name employees reading Spanish get (null: the file name). */
type StaffDocument = { filename: string; size: number; name_es: string | null };

/** The employer's ICHRA documents, as /api/media/getdocs lists them to its employees. */
export async function listDocuments(storage: Storage, accountid: string): Promise<StaffDocument[]> {
  return storage.list(ICHRA_DOCUMENTS_CONTAINER, accountid);
}

/**
 * The employer's ICHRA documents with their tag (each file's name and content), what an upload or delete names;
 * read in one statement, so the tag is that of the list.
 */
export async function taggedDocuments(storage: Storage, accountid: string): Promise<{ documents: StaffDocument[]; tag: string }> {
  const files = await storage.fingerprints(ICHRA_DOCUMENTS_CONTAINER, accountid);
  return { documents: files.map(({ filename, size, name_es }) => ({ filename, size, name_es })), tag: representationTag(files) };
}

const documentsResource = (accountid: string) => ({
  name: "the employer's ICHRA documents",
  entity: 'employer',
  entityId: accountid,
  actions: ['document-upload', 'document-delete', 'document-name'],
});

function requireDocumentName(filename: string): void {
  const message = 'The file name must be one plain name ending in .pdf (no slashes, not starting with a dot).';
  if (!isSafeSegment(filename) || !filename.toLowerCase().endsWith('.pdf')) throw badRequest(message, { '/filename': [message] });
}

/**
 * Stores a PDF (at most DOCUMENT_MAX_BYTES) in the employer's ICHRA documents folder, replacing one of that name;
 * `read`: the folder's version it was chosen on. The file is written in the audit's transaction (files live in the
 * database): the record and the file, or neither.
 */
export async function addDocument(db: DbOrTx, staff: Staff, accountid: string, filename: string, contentBase64: string, read: Precondition) {
  requireDocumentName(filename);
  const bytes = decodeUpload(contentBase64, 'pdf', DOCUMENT_MAX_BYTES, '/contentBase64');
  return db.transaction().execute(async (tx) => {
    const storage = storageIn(tx);
    await lockedEmployer(tx, accountid);
    await requireUnchanged(tx, read, (await taggedDocuments(storage, accountid)).tag, documentsResource(accountid));
    const before = (await listDocuments(storage, accountid)).find((file) => file.filename === filename) ?? null;
    const after = { filename, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    await recordStaffChange(tx, { staffId: staff.id, action: 'document-upload', entity: 'employer', entityId: accountid, before, after });
    await storage.write(ICHRA_DOCUMENTS_CONTAINER, accountid, filename, bytes);
    return taggedDocuments(storage, accountid);
  });
}

/** A stored ICHRA document's bytes, or 404 (an unknown employer or name, or a name that is no plain file name). */
export async function readDocument(db: DbOrTx, accountid: string, filename: string): Promise<Buffer> {
  await employerOr404(db, accountid);
  const bytes = isSafeSegment(filename) ? await storageIn(db).read(ICHRA_DOCUMENTS_CONTAINER, accountid, filename) : null;
  if (!bytes) throw notFound('There is no such document.');
  return bytes;
}

/** The employer's logo as the JPEG it was uploaded as, or 404 when the employer has none. */
export async function readLogo(db: DbOrTx, accountid: string): Promise<Buffer> {
  const employer = await employerOr404(db, accountid);
  if (!employer.mediadata) throw notFound('This employer has no logo.');
  return Buffer.from(employer.mediadata, 'base64');
}

/**
 * Sets the Spanish name of an ICHRA document (blank or null: none, so employees reading Spanish get its file name);
 * `read`: the folder's version it was written on.
 */
export async function nameDocumentInSpanish(db: DbOrTx, staff: Staff, accountid: string, filename: string, nameEs: string | null, read: Precondition) {
  if (!isSafeSegment(filename)) throw notFound('There is no such document.');
  return db.transaction().execute(async (tx) => {
    const storage = storageIn(tx);
    await lockedEmployer(tx, accountid);
    await requireUnchanged(tx, read, (await taggedDocuments(storage, accountid)).tag, documentsResource(accountid));
    const before = (await listDocuments(storage, accountid)).find((file) => file.filename === filename);
    if (!before) throw notFound('There is no such document.');
    const after = { ...before, name_es: spanishOf(nameEs) };
    await storage.setSpanishName(ICHRA_DOCUMENTS_CONTAINER, accountid, filename, after.name_es);
    await recordStaffChange(tx, { staffId: staff.id, action: 'document-name', entity: 'employer', entityId: accountid, before, after });
    return taggedDocuments(storage, accountid);
  });
}

/** Deletes an ICHRA document; `read`: the folder's version it was chosen on. */
export async function removeDocument(db: DbOrTx, staff: Staff, accountid: string, filename: string, read: Precondition) {
  if (!isSafeSegment(filename)) throw notFound('There is no such document.');
  return db.transaction().execute(async (tx) => {
    const storage = storageIn(tx);
    await lockedEmployer(tx, accountid);
    await requireUnchanged(tx, read, (await taggedDocuments(storage, accountid)).tag, documentsResource(accountid));
    const before = (await listDocuments(storage, accountid)).find((file) => file.filename === filename);
    if (!before) throw notFound('There is no such document.');
    await recordStaffChange(tx, { staffId: staff.id, action: 'document-delete', entity: 'employer', entityId: accountid, before, after: null });
    await storage.remove(ICHRA_DOCUMENTS_CONTAINER, accountid, filename);
    return taggedDocuments(storage, accountid);
  });
}

export async function listProducts(db: DbOrTx, accountid: string): Promise<StaffProduct[]> {
  return (await products.listOwn(db, accountid)).map(({ product, options }) => ({
    id: product.id,
    productname: product.productname,
    vendorname: product.vendorname,
    description: product.description,
    description_es: product.description_es,
    subcategory: product.subcategory,
    taxstatus: product.taxstatus as StaffProduct['taxstatus'],
    active: product.active,
    options: options.map((option) => ({ id: option.id, option: option.option, option_es: option.option_es, cost: centsToDollars(option.cost_cents) })),
  }));
}

/** What is wrong with dollars typed as a price or an amount (null when nothing): never negative, whole cents. */
function dollarsProblem(dollars: number, what: 'price' | 'amount'): string | null {
  const subject = what === 'price' ? 'A price' : 'An amount';
  if (dollars < 0) return `${subject} cannot be negative (${dollars} was entered): enter 0 or more.`;
  try {
    dollarsToCents(dollars);
    return null;
  } catch {
    return `${subject} is dollars with at most two decimals (${dollars} was entered).`;
  }
}

/**
 * The cents of each of `values` (dollars keyed by the JSON pointer of their field), or one 400 naming every
 * refused field with its message: a negative is refused, never turned into 0.
 */
function checkedCents(values: ReadonlyArray<{ dollars: number; pointer: string }>, what: 'price' | 'amount'): number[] {
  const fieldErrors: Record<string, string[]> = {};
  for (const { dollars, pointer } of values) {
    const problem = dollarsProblem(dollars, what);
    if (problem) fieldErrors[pointer] = [problem];
  }
  const messages = Object.values(fieldErrors).flat();
  if (messages.length > 0) throw badRequest(messages.length === 1 ? messages[0]! : `${messages.length} ${what}s are refused: ${messages.join(' ')}`, fieldErrors);
  return values.map(({ dollars }) => dollarsToCents(dollars));
}

/** A Spanish version of an employer's text as stored: trimmed, and null when none was written (blank or absent). */
function spanishOf(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * Replaces the employer's own additional services with the list: products and options keep the ids given (new
 * ones get new ids); a product left out is turned off, not deleted, so earlier orders keep their names. `read` is
 * the version of the list it was edited from (its tag).
 */
export async function replaceProducts(db: DbOrTx, staff: Staff, accountid: string, list: readonly StaffProduct[], read: Precondition): Promise<StaffProduct[]> {
  const prices = checkedCents(
    list.flatMap((product, index) => product.options.map((option, optionIndex) => ({ dollars: option.cost, pointer: `/products/${index}/options/${optionIndex}/cost` }))),
    'price',
  );
  let next = 0;
  const priced = list.map((product) => ({
    product,
    id: product.id ?? randomUUID(),
    options: product.options.map((option, optionIndex) => ({
      id: option.id ?? randomUUID(),
      option: option.option.trim(),
      option_es: spanishOf(option.option_es),
      cents: prices[next++]!,
      sort: optionIndex + 1,
    })),
  }));
  const allIds = [...priced.map((entry) => entry.id), ...priced.flatMap((entry) => entry.options.map((option) => option.id))];
  if (new Set(allIds).size !== allIds.length) throw badRequest('Two products or price options have the same id.', { '/products': ['Ids must be unique.'] });
  return db.transaction().execute(async (tx) => {
    await lockedEmployer(tx, accountid);
    const before = await listProducts(tx, accountid);
    await requireUnchanged(tx, read, representationTag(before), { name: "the employer's additional services", entity: 'employer', entityId: accountid, actions: ['products'] });
    const foreign = await products.foreignIds(tx, accountid, priced.map((entry) => entry.id));
    if (foreign.length > 0) throw badRequest('A product id belongs to another employer.', { '/products': [`Product ${foreign[0]} is not this employer's.`] });
    for (const entry of priced) {
      await products.upsertWithOptions(
        tx,
        {
          id: entry.id,
          accountid,
          productname: entry.product.productname.trim(),
          vendorname: entry.product.vendorname.trim(),
          description: entry.product.description,
          description_es: spanishOf(entry.product.description_es),
          category: 'additionalservices',
          subcategory: entry.product.subcategory,
          taxstatus: entry.product.taxstatus,
          active: entry.product.active,
        },
        entry.options.map((option) => ({ id: option.id, productid: entry.id, option: option.option, option_es: option.option_es, cost_cents: option.cents, sort: option.sort })),
      );
    }
    await products.deactivateOthers(tx, accountid, priced.map((entry) => entry.id));
    const after = await listProducts(tx, accountid);
    await recordStaffChange(tx, { staffId: staff.id, action: 'products', entity: 'employer', entityId: accountid, before, after });
    return after;
  });
}

const toWireRule = (rule: ContributionRule): StaffContributionRule => ({
  contributionclass: rule.contributionclass,
  ageMin: rule.ageMin,
  ageMax: rule.ageMax,
  tier: rule.tier,
  state: rule.state,
  ratingArea: rule.ratingArea,
  amount: centsToDollars(rule.amountCents),
});

export async function listRules(db: DbOrTx, accountid: string): Promise<StaffContributionRule[]> {
  return (await contributions.listByAccount(db, accountid)).map((row) => toWireRule(contributions.toDomain(row)));
}

/**
 * The domain's rules of a list from the wire, or a 400: amounts must be whole cents and not negative (each on its
 * field), and the set must pass ruleSetProblems (bands, overlaps, every age 0..120 of every tier, ICHRA's 3:1
 * within a class), every problem named.
 */
export function checkedRules(list: readonly StaffContributionRule[], pointer = '/rules'): ContributionRule[] {
  const amounts = checkedCents(list.map((rule, index) => ({ dollars: rule.amount, pointer: `${pointer}/${index}/amount` })), 'amount');
  const rules = list.map((rule, index) => ({
    contributionclass: rule.contributionclass.trim(),
    ageMin: rule.ageMin,
    ageMax: rule.ageMax,
    tier: rule.tier,
    state: rule.state,
    ratingArea: rule.ratingArea,
    amountCents: amounts[index]!,
  }));
  // Each problem once (two copies of a rule would name it twice), listed under the set rather than in the message.
  const problems = [...new Set(ruleSetProblems(rules))];
  if (problems.length > 0) throw badRequest(`These contribution rules are refused: ${problems.length === 1 ? 'one problem' : `${problems.length} problems`}.`, { [pointer]: problems });
  return rules;
}

/** Replaces the employer's contribution rules (`read`: the version of the set they were edited from, its tag). */
export async function replaceRules(db: DbOrTx, staff: Staff, accountid: string, list: readonly StaffContributionRule[], read: Precondition): Promise<StaffContributionRule[]> {
  const rules = checkedRules(list);
  return db.transaction().execute(async (tx) => {
    await lockedEmployer(tx, accountid);
    const before = await listRules(tx, accountid);
    await requireUnchanged(tx, read, representationTag(before), { name: "the employer's contribution rules", entity: 'employer', entityId: accountid, actions: ['contribution-rules'] });
    await contributions.replaceRules(tx, accountid, rules.map((rule) => ({ ...rule, id: randomUUID() })));
    const after = await listRules(tx, accountid);
    await recordStaffChange(tx, { staffId: staff.id, action: 'contribution-rules', entity: 'employer', entityId: accountid, before, after });
    return after;
  });
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** 'with a spouse and one child', 'with two children', 'with a spouse', '' (alone). */
function familyWords(spouse: boolean, children: number): string {
  const count = NUMBER_WORDS[children] ?? String(children);
  const kids = children === 0 ? null : `${count} ${children === 1 ? 'child' : 'children'}`;
  const parts = [spouse ? 'a spouse' : null, kids].filter((part): part is string => part !== null);
  return parts.length === 0 ? '' : ` with ${parts.join(' and ')}`;
}

/**
 * What the rules (the stored ones, or the draft the editor sends) pay a person: the age on the plan year's first
 * day, the ZIP's main county (its state and rating area, from the shipped crosswalk), the family tier. The
 * amount is the domain's one computation.
 */
export async function previewContribution(db: DbOrTx, employer: Employer, request: ContributionPreviewRequest): Promise<ContributionPreview> {
  const rules = request.rules ? checkedRules(request.rules, '/rules') : (await contributions.listByAccount(db, employer.accountid)).map(contributions.toDomain);
  const [county] = await countiesForZip(db, request.zip);
  if (!county) throw badRequest(`The ZIP crosswalk has no ZIP code ${request.zip}.`, { '/zip': [`The ZIP crosswalk has no ZIP code ${request.zip}.`] });
  const ratingArea = await ratingAreaFor(db, county.state, county.countycode);
  const effectiveDate = employer.planyearstart;
  const birthYear = Number(effectiveDate.slice(0, 4)) - request.age;
  const birthdate = `${String(birthYear).padStart(4, '0')}${effectiveDate.slice(4)}`;
  const dependents = [...(request.spouse ? [{ relationship: 'spouse' }] : []), ...Array.from({ length: request.children }, () => ({ relationship: 'child' }))];
  const tier = familyTier(dependents);
  const cents = contributionCents(rules, {
    contributionclass: request.class,
    birthdate,
    effectiveDate,
    tier,
    location: { state: county.state, ratingArea },
  });
  const inClass = request.class?.trim() ? ` in class ${request.class.trim()}` : '';
  return {
    amount: centsToDollars(cents),
    text: `a ${request.age}-year-old${inClass} in ZIP ${request.zip}${familyWords(request.spouse, request.children)} gets ${formatCents(cents)}`,
    state: county.state,
    ratingArea,
    tier,
  };
}
