/**
 * The audit trail in words for the console's Audit Trail screen: the action, the entity (an employer by name where
 * it is one), who, and what changed between the before and after in sentences (docs/staff.md, The audit trail);
 * the event log's events in sentences too.
 */
import type { StaffAuditEntry } from '#contracts/staff/staff-audit.ts';
import type { StaffEvent } from '#contracts/staff/staff-employees.ts';
import { mergePatch } from '#engine/documents/index.ts';
import { changeSummary } from '../documents/versions/change-summary.ts';
import type { Json } from '../documents/document-edits.ts';

const ACTIONS: Record<string, string> = {
  create: 'Created',
  'create-from-command-line': 'Created on the command line',
  'create-from-identity-provider': 'Created at a sign-in through the identity provider',
  'role-from-identity-provider': "Role set by the identity provider's groups",
  update: 'Changed',
  delete: 'Removed',
  'save-draft': 'Saved a draft',
  publish: 'Published',
  rollback: 'Rolled back',
  approve: 'Approved the guarded texts of a draft',
  logo: 'Changed the logo',
  contacts: 'Changed the contacts',
  'document-upload': 'Uploaded an ICHRA document',
  'document-delete': 'Deleted an ICHRA document',
  'document-name': 'Named an ICHRA document in Spanish',
  products: 'Changed the services',
  'contribution-rules': 'Published the contribution rules',
  'contribution-rules-draft': 'Saved a draft of the contribution rules',
  'contribution-rules-discard': 'Discarded the draft of the contribution rules',
  'contribution-rules-rollback': 'Rolled back the contribution rules',
  'census-import': 'Imported a census',
  'census-update': 'Updated from a census',
  invite: 'Invited',
  read: 'Read',
  'sign-in-failed': 'Sign-in failed',
  'second-factor-on': 'Turned two-step verification on',
  'second-factor-off': 'Turned two-step verification off',
  'second-factor-reset': 'Reset two-step verification',
};

/** The entities the trail names, in words; the Entity filter offers them in this order. */
export const ENTITIES: ReadonlyArray<readonly [entity: string, words: string]> = [
  ['employer', 'Employer'],
  ['document_override', 'Document'],
  ['member', 'Employee'],
  ['staff_user', 'Staff user'],
  ['employees', 'Employees list'],
  ['enrollment_report', 'Enrollment report'],
  ['payroll_report', 'Payroll report'],
  ['event_log', 'Event log'],
  ['staff_audit', 'Audit trail'],
  ['staff_console_setting', 'Console settings'],
  ['identity_provider', 'Identity provider'],
];
const ENTITY_WORDS = new Map(ENTITIES);

const SIGN_IN_FAILURES: Record<string, string> = {
  'wrong-password': 'wrong password',
  'wrong-code': 'wrong second-factor code',
  disabled: 'the staff user is disabled',
  locked: 'locked after repeated failures',
  'unknown-email': 'no staff user has this address',
  'member-email': "a member's address (not recorded)",
};

export const actionWords = (action: string) => ACTIONS[action] ?? action;

/** The entity in words, with the employer's name where it is one's (and a document's id after it). */
export function entityWords(entry: Pick<StaffAuditEntry, 'entity' | 'entityId' | 'employerName'>): string {
  const kind = ENTITY_WORDS.get(entry.entity) ?? entry.entity;
  const [, documentId] = entry.entityId.split('/');
  const which = entry.employerName ? [entry.employerName, documentId].filter(Boolean).join(' / ') : entry.entityId;
  return which ? `${kind}: ${which}` : kind;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Who acted: the staff user, or for a failed sign-in by no staff user the address tried. */
export function whoWords(entry: Pick<StaffAuditEntry, 'staffEmail' | 'after'>): string {
  if (entry.staffEmail) return entry.staffEmail;
  const tried = isObject(entry.after) && typeof entry.after.email === 'string' ? entry.after.email : null;
  return tried ? `${tried} (no staff user)` : 'unknown';
}

const MAX_VALUE = 60;
function valueWords(value: unknown): string {
  const text = value === undefined ? '(none)' : typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}
const quotedWords = (value: unknown) => `'${valueWords(value)}'`;
const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * The employer's settings by the employer form's plain names, their coded values in words: a specialist reads
 * "offer additional services", not the spec code employeazecustomer.
 */
const SETTINGS: Record<string, { name: string; values?: Record<string, string> }> = {
  employeazecustomer: { name: 'offer additional services', values: { 1: 'yes', 2: 'no', 0: 'closed at the profile' } },
  hsaonly: { name: 'HSA-eligible plans only', values: { 0: 'no', 1: 'yes' } },
  edoc_period: { name: 'days before the enrollment cut-off' },
  hsaadministrator: { name: 'HSA administrator' },
  planyear: { name: 'plan year' },
  planyearstart: { name: 'plan year start' },
  teamid: { name: 'team ID' },
};

/** A recorded member's name in words: "contactType" -> "contact type", "edoc_period" -> "days before the enrollment cut-off". */
const nameWords = (name: string) =>
  SETTINGS[name]?.name ??
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
/** A recorded value in words: a setting's code by its meaning, any other as it is. */
const settingValue = (name: string, value: unknown) => (typeof value === 'number' || typeof value === 'string' ? (SETTINGS[name]?.values?.[String(value)] ?? value) : value);

/** One part that changed, as a sentence: set (it was empty), cleared (it is empty now), or changed from one value to another. */
function partSentence(name: string, before: unknown, after: unknown): string {
  const what = nameWords(name);
  if (isEmpty(before)) return `Set ${what} to ${quotedWords(settingValue(name, after))}.`;
  if (isEmpty(after)) return `Cleared ${what} (it was ${quotedWords(settingValue(name, before))}).`;
  return `Changed ${what} from ${quotedWords(settingValue(name, before))} to ${quotedWords(settingValue(name, after))}.`;
}

/**
 * What changed, one sentence per part ("Changed name from 'Acme' to 'Acme Corp'."), what a read was filtered by,
 * why a sign-in failed. A document's change is said by documentSentences, which knows its labels.
 */
export function changeLines(entry: Pick<StaffAuditEntry, 'action' | 'before' | 'after'>): string[] {
  const { action, before, after } = entry;
  if (action === 'sign-in-failed' && isObject(after)) return [`Refused: ${SIGN_IN_FAILURES[String(after.reason)] ?? String(after.reason)}.`];
  if (action === 'read' && isObject(after) && isObject(after.filters)) {
    const filters = Object.entries(after.filters);
    return filters.length === 0 ? ['Read everything, with no filter.'] : [`Filtered by ${filters.map(([name, value]) => `${name}: ${valueWords(value)}`).join('; ')}.`];
  }
  if (isObject(before) && isObject(after)) {
    const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return names.filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name])).map((name) => partSentence(name, before[name], after[name]));
  }
  if (isObject(after)) return Object.entries(after).filter(([, value]) => !isEmpty(value)).map(([name, value]) => `With ${nameWords(name)} ${quotedWords(settingValue(name, value))}.`);
  if (before !== null && before !== undefined && (after === null || after === undefined)) return ['Removed.'];
  return after === null || after === undefined ? [] : [`Now ${quotedWords(after)}.`];
}

/** The patch of a document version as the trail records it ({ version, status, patch }); none: the base document. */
const patchOf = (recorded: unknown) => (isObject(recorded) ? recorded.patch : undefined);

/**
 * A document's change in the trail, in the sentences the publish confirmation uses (change-summary.ts): the
 * document before and after, each the base document with the recorded patch applied (a form of the employer's
 * own, `base` null, is recorded whole), so fields and steps are named by their labels.
 */
export function documentSentences(base: Json | null, before: unknown, after: unknown): string[] {
  const documentOf = (recorded: unknown): Json => {
    const patch = patchOf(recorded);
    if (base === null) return isObject(patch) ? patch : {};
    return (patch === undefined || patch === null ? base : mergePatch(base, patch)) as Json;
  };
  const sentences = changeSummary(documentOf(before), documentOf(after)).map((sentence) => `${sentence}.`);
  return sentences.length > 0 ? sentences : ['No change for employees.'];
}

/**
 * A second staff member's approval of a draft's guarded texts, as the trail records it ({ version, savedBy } before,
 * { version, approvedBy, guardedTexts } after): which version, who saved it, and each text approved.
 */
export function approvalSentences(before: unknown, after: unknown): string[] {
  const saved = isObject(before) && typeof before.savedBy === 'string' ? `, saved by ${before.savedBy}` : '';
  const version = isObject(after) && typeof after.version === 'number' ? `version ${after.version}` : 'the draft';
  const texts = isObject(after) && Array.isArray(after.guardedTexts) ? after.guardedTexts.filter(isObject) : [];
  return [
    `Approved ${version}${saved}.`,
    ...texts.map((text) => `Guarded text ${String(text.pointer)}${text.language === 'en' ? '' : ` (${String(text.language)})`} now reads ${quotedWords(text.after)}.`),
  ];
}

/** When, to the second, in UTC. */
export const whenWords = (createdon: string) => `${createdon.slice(0, 10)} ${createdon.slice(11, 19)} UTC`;

/** The members of an event's data said on their own line rather than as answers. */
const EVENT_OWN = new Set(['description', 'User']);

/**
 * An event of the event log in sentences: what the portal recorded it as (its description, when it is more than
 * the event's name), for which coverage date, by whom, and each answer it carries (a step of the employer's own
 * records its form's answers): "Answered commute mode: 'Bike'."
 */
export function eventLines(event: Pick<StaffEvent, 'title' | 'action' | 'effectivedate' | 'data'>): string[] {
  const { data } = event;
  const lines: string[] = [];
  const record = isObject(data) ? data : {};
  const description = record.description;
  if (typeof description === 'string' && description !== '' && description !== event.title && description !== event.action) {
    lines.push(/[.!?]$/.test(description) ? description : `${description}.`);
  }
  if (event.effectivedate) lines.push(`For coverage from ${event.effectivedate.slice(0, 10)}.`);
  if (typeof record.User === 'string' && record.User !== '') lines.push(`By ${record.User}.`);
  for (const [name, value] of Object.entries(record)) {
    if (!EVENT_OWN.has(name)) lines.push(isEmpty(value) ? `Left ${nameWords(name)} unanswered.` : `Answered ${nameWords(name)}: ${quotedWords(value)}.`);
  }
  if (!isObject(data) && !isEmpty(data)) lines.push(`Recorded ${quotedWords(data)}.`);
  return lines;
}
