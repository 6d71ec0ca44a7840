/**
 * The console's field builder makes the override the code editor makes: the documents its edits answer pass every
 * check a saved draft gets (checkEdit, as PUT .../draft runs it), and the server finds the fields it adds as the
 * employer's own. What it does not offer (a required answer in a form of the employer's own, a required field
 * hidden) the server refuses, at the pointer the editor marks.
 */
import { describe, expect, it } from 'vitest';
import { ownFields } from '#engine/documents/index.ts';
import { type FormDocument } from '#engine/runtime/index.ts';
import { loadBaseContent } from '../../src/server/content/base-content.ts';
import { checkEdit } from '../../src/server/services/staff-employers/document-overrides.ts';
import { setRequired, type Json } from '../../src/staff/documents/document-edits.ts';
import { addField, fieldGroupsOf, moveField, removeField, setHidden, type NewField } from '../../src/staff/documents/field-builder/field-edits.ts';

const base = loadBaseContent();
const baseForm = (id: string) => structuredClone(base.forms.get(id)!) as unknown as Json;
const field = (change: Partial<NewField>): NewField => ({ kind: 'text', label: 'Employee ID', help: '', required: false, options: [], after: null, ...change });
const refusal = (documentid: string, edited: Json) => {
  const checked = checkEdit(base, documentid, edited);
  return checked.refused ? checked.refused.fieldErrors ?? { '': [checked.refused.message] } : null;
};

describe("the field builder's edits pass the server's checks", () => {
  it('on the profile: a required Employee ID, a Preferred language, one field of each kind, a dependent field, hidden and moved fields', () => {
    const profile = baseForm('profile');
    const [form, dependents] = fieldGroupsOf(profile);
    let document = addField(profile, profile, form!, field({ required: true, help: 'As printed on your badge.', after: 'lastname' })).document;
    document = addField(document, profile, form!, field({ kind: 'choice', label: 'Preferred language', options: ['English', 'Spanish', 'Other'], after: 'employeeId' })).document;
    document = addField(document, profile, form!, field({ kind: 'number', label: 'Years of service', after: 'dependents' })).document;
    document = addField(document, profile, form!, field({ kind: 'date', label: 'Hire date', after: null })).document;
    document = addField(document, profile, form!, field({ kind: 'yes-no', label: 'Union member', required: true, after: 'hireDate' })).document;
    document = addField(document, profile, dependents!, field({ kind: 'yes-no', label: 'Full-time student', after: 'relationship' })).document;
    document = setHidden(document, profile, form!, 'address2', true);
    document = moveField(document, form!, 'preferredLanguage', -1);
    expect(refusal('profile', document)).toBeNull();

    const checked = checkEdit(base, 'profile', document);
    if (checked.refused) throw new Error(checked.refused.message);
    const own = ownFields(base.forms.get('profile')!, checked.document as FormDocument);
    expect(own.map((f) => [f.name, f.title])).toEqual([
      ['employeeId', 'Employee ID'],
      ['preferredLanguage', 'Preferred language'],
      ['yearsOfService', 'Years of service'],
      ['hireDate', 'Hire date'],
      ['unionMember', 'Union member'],
    ]);
    expect((checked.document as FormDocument).schema.required).toEqual(expect.arrayContaining(['employeeId', 'unionMember']));

    // A field removed again leaves the profile as it was.
    const removed = removeField(removeField(document, profile, form!, 'yearsOfService'), profile, form!, 'hireDate');
    expect(refusal('profile', removed)).toBeNull();
  });

  it('on the dependent form: a field of each dependent', () => {
    const dependent = baseForm('dependent');
    const [group] = fieldGroupsOf(dependent);
    const { document } = addField(dependent, dependent, group!, field({ kind: 'yes-no', label: 'Full-time student', required: true, after: 'relationship' }));
    expect(refusal('dependent', document)).toBeNull();
  });

  it("on a form of the employer's own: fields without a required answer; one made required by hand is refused", () => {
    const own: Json = { id: 'commuter-benefits', version: 1, kind: 'form', title: 'Commuter Benefits', schema: { type: 'object', properties: {} }, messages: {} };
    const [group] = fieldGroupsOf(own);
    let document = addField(own, null, group!, field({ kind: 'choice', label: 'How do you get to work?', options: ['Transit', 'Bicycle', 'Car'] })).document;
    document = addField(document, null, group!, field({ kind: 'number', label: 'Monthly pass', after: 'howDoYouGetToWork' })).document;
    expect(refusal('commuter-benefits', document)).toBeNull();
    const errors = refusal('commuter-benefits', setRequired(document, 'monthlyPass', true));
    expect(Object.keys(errors ?? {})).toEqual(['/schema/required']);
  });

  it('a required field hidden by hand is refused (the builder offers no Hide for it)', () => {
    const profile = baseForm('profile');
    const [form] = fieldGroupsOf(profile);
    const errors = refusal('profile', setHidden(profile, profile, form!, 'pcpname', true));
    expect(Object.keys(errors ?? {})).toEqual(['/uiSchema/pcpname/ui:widget']);
  });
});
