/** The Audit Trail screen's words for an entry: who, the action, the entity by employer name, what changed. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StaffAuditEntry } from '../../src/contracts/staff/staff-audit.ts';
import { actionWords, changeLines, ENTITIES, entityWords, eventLines, whenWords, whoWords } from '../../src/staff/screens/audit-words.ts';

const ACCOUNT = '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a11';
const entry = (overrides: Partial<StaffAuditEntry>): StaffAuditEntry => ({
  id: 'e1',
  staffId: 's1',
  staffEmail: 'bea@staff.test',
  action: 'update',
  entity: 'employer',
  entityId: ACCOUNT,
  employerName: 'Acme',
  before: null,
  after: null,
  createdon: '2026-11-27T09:14:03.512Z',
  ...overrides,
});

describe('audit words', () => {
  it('names the action in words, and an unknown action as it is', () => {
    expect(actionWords('sign-in-failed')).toBe('Sign-in failed');
    expect(actionWords('read')).toBe('Read');
    expect(actionWords('something-new')).toBe('something-new');
  });

  it('has words for every action and entity the server records (a specialist never reads a code)', () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((item) => (item.isDirectory() ? sources(join(dir, item.name)) : item.name.endsWith('.ts') ? [readFileSync(join(dir, item.name), 'utf8')] : []));
    // The modules that write the staff audit: those calling recordStaffChange, and its repository.
    const recorded = sources('src')
      .filter((source) => source.includes('recordStaffChange') || source.includes('recordStaffRead'))
      .join('\n');
    const actions = new Set([...recorded.matchAll(/action: (?:\w+ \? )?'([a-z-]+)'(?: : '([a-z-]+)')?/g)].flatMap((match) => match.slice(1).filter(Boolean)));
    const entities = new Set([...recorded.matchAll(/entity: '([a-z_]+)'/g)].map((match) => match[1]!));
    for (const known of ['census-import', 'second-factor-reset', 'sign-in-failed', 'read']) expect(actions).toContain(known);
    expect(entities).toContain('staff_console_setting');
    const named = new Set(ENTITIES.map(([entity]) => entity));
    for (const action of actions) expect(actionWords(action), `words for the action '${action}'`).not.toBe(action);
    for (const entity of entities) expect(named, `words for the entity '${entity}'`).toContain(entity);
  });

  it('names an entity by its employer where it is one, a document with its id, and else by its id', () => {
    expect(entityWords(entry({ entity: 'payroll_report' }))).toBe('Payroll report: Acme');
    expect(entityWords(entry({ entity: 'document_override', entityId: `${ACCOUNT}/waiver` }))).toBe('Document: Acme / waiver');
    expect(entityWords(entry({ entity: 'staff_user', entityId: 's2', employerName: null }))).toBe('Staff user: s2');
    expect(entityWords(entry({ entity: 'event_log', entityId: '', employerName: null }))).toBe('Event log');
  });

  it('says who: the staff user, or the address tried by no staff user', () => {
    expect(whoWords(entry({}))).toBe('bea@staff.test');
    expect(whoWords(entry({ staffEmail: null, after: { email: 'eve@elsewhere.example', reason: 'unknown-email' } }))).toBe('eve@elsewhere.example (no staff user)');
    expect(whoWords(entry({ staffEmail: null, after: { email: null, reason: 'member-email' } }))).toBe('unknown');
  });

  it('lists only the parts that changed, long values shortened', () => {
    const before = { name: 'Acme', planyear: 2026, email: null };
    const after = { name: 'Acme Corp', planyear: 2026, email: 'x'.repeat(100) };
    expect(changeLines(entry({ before, after }))).toEqual(['Changed name from \'Acme\' to \'Acme Corp\'.', `Set email to '${'x'.repeat(59)}…'.`]);
    expect(changeLines(entry({ action: 'create', before: null, after: { role: 'viewer' } }))).toEqual(["With role 'viewer'."]);
    expect(changeLines(entry({ action: 'document-delete', before: { filename: 'a.pdf' }, after: null }))).toEqual(['Removed.']);
  });

  it('says what a read was filtered by and why a sign-in failed', () => {
    expect(changeLines(entry({ action: 'read', after: { filters: {} } }))).toEqual(['Read everything, with no filter.']);
    expect(changeLines(entry({ action: 'read', after: { filters: { from: '2026-01-01', limit: 200 } } }))).toEqual(['Filtered by from: 2026-01-01; limit: 200.']);
    expect(changeLines(entry({ action: 'sign-in-failed', after: { email: 'bea@staff.test', reason: 'wrong-password' } }))).toEqual(['Refused: wrong password.']);
    expect(whenWords('2026-11-27T09:14:03.512Z')).toBe('2026-11-27 09:14:03 UTC');
  });

  it("names the employer's settings by the form's plain names, their codes by what they mean", () => {
    const before = { employeazecustomer: 1, hsaonly: 0, edoc_period: null };
    const after = { employeazecustomer: 2, hsaonly: 1, edoc_period: 10 };
    expect(changeLines(entry({ before, after }))).toEqual([
      "Changed offer additional services from 'yes' to 'no'.",
      "Changed HSA-eligible plans only from 'no' to 'yes'.",
      "Set days before the enrollment cut-off to '10'.",
    ]);
    for (const line of changeLines(entry({ action: 'create', after }))) expect(line).not.toMatch(/employeazecustomer|hsaonly|edoc/);
  });

  it("says an event in sentences: its description, coverage date, who, and each answer of an employer's own step", () => {
    const event = { title: 'PROFILE ENTERED', action: 'PROFILE ENTERED', effectivedate: '2027-01-01', data: { description: 'PROFILE ENTERED', User: 'sam@example.com' } };
    expect(eventLines(event)).toEqual(['For coverage from 2027-01-01.', 'By sam@example.com.']);
    const submitted = { ...event, title: 'SUBMITTED REQUEST', action: 'SUBMITTED REQUEST', data: { description: 'Elections authorized (enrollment e1)', User: 'sam@example.com' } };
    expect(eventLines(submitted)[0]).toBe('Elections authorized (enrollment e1).');
    const answered = { title: 'COMMUTE-SURVEY ANSWERED', action: null, effectivedate: null, data: { commuteMode: 'Bike', parking: null, User: 'sam@example.com' } };
    expect(eventLines(answered)).toEqual(['By sam@example.com.', "Answered commute mode: 'Bike'.", 'Left parking unanswered.']);
    expect(eventLines({ ...answered, data: null })).toEqual([]);
  });
});
