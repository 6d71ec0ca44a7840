/**
 * A field's format through the staff API (docs/staff.md, 'The field builder'): staff input is hostile, so Save Draft
 * refuses a pattern the linear-time engine cannot run, a pattern over PATTERN_MAX_LENGTH and a message over the
 * meta-schema's limit, each at its pointer, with the very words the builder's live tester shows (it runs the same
 * patternProblem). A field the builder made with its own message in English and Spanish is saved, published and
 * served, and the employee's answer is refused with that message in the language asked.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PATTERN_MAX_LENGTH } from '#engine/runtime/linear-regexp.ts';
import { validateForm, type FormDocument } from '#engine/runtime/index.ts';
import type { ContentStore } from '#server/content/content-store.ts';
import { versionTag } from '#server/services/staff-employers/document-overrides.ts';
import type { Json } from '../../src/staff/documents/document-edits.ts';
import { addField, fieldGroupsOf, MESSAGE_MAX_LENGTH, NO_FORMAT, tryFormat, type NewField, type TextFormat } from '../../src/staff/documents/field-builder/field-edits.ts';
import { databases } from './helpers/databases.ts';
import { createEmployer, type TestEmployer } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { putAsRead, signInStaff, type SignedInStaff } from './staff-fixtures.ts';

const EN = 'Enter the 6 digits of your employee number.';
const ES = 'Escriba los 6 dígitos de su número de empleado.';

describe.each(databases())('field patterns through the staff API on $name', (database) => {
  const t = useTestApp(database);
  let implementer: SignedInStaff;
  beforeAll(async () => {
    implementer = await signInStaff(t.app, 'implementer');
  });

  const profile = () => structuredClone((t.app.content as ContentStore).base.forms.get('profile')!) as unknown as Json;
  const url = (employer: TestEmployer, tail = '') => `/api/staff/employers/${employer.accountid}/content/profile${tail}`;
  const saveDraft = (employer: TestEmployer, document: unknown) => putAsRead(t.app, implementer, url(employer, '/draft'), { document } as object, url(employer));
  const field = (format: TextFormat): NewField => ({ kind: 'text', label: 'Badge', help: '', required: false, options: [], after: null, format });
  /** The profile with a Badge field of the builder's, its schema then changed by hand as the code editor could. */
  const withBadge = (format: TextFormat, change: (badge: Json) => void = () => {}) => {
    const document = addField(profile(), profile(), fieldGroupsOf(profile())[0]!, field(format)).document;
    change(((document.schema as Json).properties as Json).badge as Json);
    return document;
  };

  it('refuses a pattern RE2 cannot run, with the words the live tester shows, at its pointer', async () => {
    const e = await createEmployer(t.db);
    const own = { ...NO_FORMAT, shape: 'own' as const, pattern: '(\\d)\\1', message: EN };
    const tester = tryFormat(own, '11');
    expect(tester).toEqual({ problem: expect.stringContaining('no lookahead, lookbehind or backreference') });
    const response = await saveDraft(e, withBadge(own));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors['/schema/properties/badge/pattern']).toEqual([(tester as { problem: string }).problem]);

    const lookahead = await saveDraft(e, withBadge({ ...own, pattern: '(?=a)a+' }));
    expect(lookahead.statusCode).toBe(400);
    expect(Object.keys(lookahead.json().fieldErrors)).toEqual(['/schema/properties/badge/pattern']);
    // A pattern whose repetitions would make a huge program: RE2 refuses it rather than running out of memory.
    const nested = await saveDraft(e, withBadge({ ...own, pattern: '((a{100}){100}){100}' }));
    expect(nested.statusCode).toBe(400);
    expect(nested.json().fieldErrors['/schema/properties/badge/pattern'][0]).toContain('invalid repeat count');
  });

  it('refuses a pattern over the size limit and a message over the length limit', async () => {
    const e = await createEmployer(t.db);
    const long = 'a'.repeat(PATTERN_MAX_LENGTH + 1);
    const tooLong = await saveDraft(e, withBadge({ ...NO_FORMAT, shape: 'digits', message: EN }, (badge) => (badge.pattern = long)));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors['/schema/properties/badge/pattern']).toEqual([`The pattern is ${long.length} characters long; a pattern may have at most ${PATTERN_MAX_LENGTH}.`]);
    // The tester says the same of an own pattern that long (anchored, it is longer still).
    expect(tryFormat({ ...NO_FORMAT, shape: 'own', pattern: long }, 'a')).toEqual({ problem: expect.stringContaining(`at most ${PATTERN_MAX_LENGTH}`) });

    const wordy = await saveDraft(e, withBadge({ ...NO_FORMAT, shape: 'digits', digits: 6, message: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }));
    expect(wordy.statusCode).toBe(400);
    expect(wordy.json().fieldErrors['/messages/badge-format']).toEqual([expect.stringContaining(`${MESSAGE_MAX_LENGTH}`)]);
    // A message the document does not show is still a typo, refused.
    const unused = withBadge(NO_FORMAT);
    (unused.messages as Json)['badge-formt'] = EN;
    expect((await saveDraft(e, unused)).json().fieldErrors).toEqual({ '/messages/badge-formt': ['messages.badge-formt is not a message of profile'] });
    expect(await t.db.selectFrom('document_override').select('id').where('accountid', '=', e.accountid).execute()).toEqual([]);
  });

  it("saves and publishes six digits with the field's own message in English and Spanish; the employee gets it", async () => {
    const e = await createEmployer(t.db);
    const digits = { ...NO_FORMAT, shape: 'digits' as const, digits: 6, message: EN, messageEs: ES };
    const saved = await saveDraft(e, withBadge(digits));
    expect(saved.statusCode, saved.body).toBe(200);
    const draft = await t.db.selectFrom('document_override').selectAll().where('accountid', '=', e.accountid).executeTakeFirstOrThrow();
    const published = await t.app.inject({ method: 'POST', url: url(e, '/publish'), headers: implementer.headers, payload: { version: draft.version, etag: versionTag(draft) } });
    expect(published.statusCode, published.body).toBe(200);

    for (const [language, text] of [['en', EN], ['es', ES]] as const) {
      const served = (await t.app.inject({ method: 'GET', url: `/api/content/forms/profile?accountid=${e.accountid}&lang=${language}` })).json().data.document as FormDocument;
      expect((served.schema.properties as Record<string, unknown>).badge).toMatchObject({ pattern: '^[0-9]{6}$', maxLength: 6 });
      expect(validateForm(served, { badge: '12a456' })['/badge']).toEqual([text]);
      expect(validateForm(served, { badge: '123456' })['/badge']).toBeUndefined();
    }
  });
});
