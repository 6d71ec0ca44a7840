import { describe, expect, it } from 'vitest';
import { mergeDocument, ownFields } from '#engine/documents/index.ts';
import { type FormDocument } from '#engine/runtime/index.ts';
import { applyOverride } from '#server/content/apply-override.ts';
import { loadBaseContent } from '#server/content/base-content.ts';

const form = (schema: Record<string, unknown>): FormDocument => ({ id: 'sample', version: 1, kind: 'form', schema, messages: {} }) as FormDocument;

describe('ownFields', () => {
  const content = loadBaseContent();
  const base = form({ type: 'object', properties: { firstname: { type: 'string', title: 'First Name' }, city: { type: 'string' } } });

  it('answers the fields the resolved form adds, in its order, with their titles (or names) and schemas', () => {
    const patch = { schema: { properties: { employeeid: { type: 'string', maxLength: 20, title: 'Employee ID' }, badge: { type: 'integer' }, firstname: { title: 'Given Name' } } } };
    const resolved = mergeDocument(base, patch, content.meta.form) as FormDocument;
    expect(ownFields(base, resolved)).toEqual([
      { name: 'employeeid', title: 'Employee ID', schema: { type: 'string', maxLength: 20, title: 'Employee ID' } },
      { name: 'badge', title: 'badge', schema: { type: 'integer' } },
    ]);
  });

  it('has none for the base document itself, nor for a field the base has that the employer removed', () => {
    expect(ownFields(base, base)).toEqual([]);
    expect(ownFields(base, form({ type: 'object', properties: { firstname: { type: 'string' } } }))).toEqual([]);
  });

  it('never counts a name the record already answers with', () => {
    const resolved = form({ type: 'object', properties: { ...base.schema.properties as object, status: { type: 'string' }, employeeid: { type: 'string' } } });
    expect(ownFields(base, resolved, ['status', 'id']).map((field) => field.name)).toEqual(['employeeid']);
  });

  it('reads the properties of a local $ref, as the bundled dependent form has them', () => {
    const dependent = content.forms.get('dependent')!;
    const patch = { schema: { definitions: { dependent: { properties: { studentid: { type: 'string', maxLength: 12, title: 'Student ID' } } } } } };
    const { document, problems } = applyOverride(content, 'dependent', patch);
    expect(problems).toEqual([]);
    expect(ownFields(dependent, document as FormDocument)).toEqual([{ name: 'studentid', title: 'Student ID', schema: { type: 'string', maxLength: 12, title: 'Student ID' } }]);
    // The profile's base form has no own fields, and its dependents' items are no top-level fields.
    const profile = content.forms.get('profile')!;
    expect(ownFields(profile, profile)).toEqual([]);
  });
});
