/** The field builder's edits: each changes the draft JSON as a person would in the code editor, and nothing else. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleDefinitions } from '../../src/engine/compile/index.ts';
import { type FormDocument, type JsonSchema } from '../../src/engine/runtime/index.ts';
import type { Json } from '../../src/staff/documents/document-edits.ts';
import {
  addField,
  fieldGroupsOf,
  fieldNameOf,
  fieldOrder,
  fieldRows,
  hideLock,
  moveField,
  newFieldProblems,
  optionsOf,
  OWN_FORM_REQUIRED,
  removeField,
  setHidden,
  type FieldGroup,
  type NewField,
} from '../../src/staff/documents/field-builder/field-edits.ts';

// The dom project runs from the repository root (as the other dom tests read documents).
const read = (file: string) => JSON.parse(readFileSync(path.join(process.cwd(), file), 'utf8')) as Json;
const definitions = Object.fromEntries(
  readdirSync(path.join(process.cwd(), 'schemas/defs')).map((file) => [file.replace('.schema.json', ''), read(`schemas/defs/${file}`) as JsonSchema]),
);
/** A base form as the console gets it: its shared pieces bundled into its definitions. */
const served = (file: string) => bundleDefinitions(read(file) as unknown as FormDocument, definitions) as unknown as Json;
const profile = served('schemas/forms/profile.schema.json');
const dependent = served('schemas/forms/dependent.schema.json');
const OWN_FORM: Json = {
  id: 'commuter-benefits',
  version: 1,
  kind: 'form',
  title: 'Commuter Benefits',
  schema: { type: 'object', properties: { commutemode: { type: 'string', title: 'How do you get to work?', enum: ['Transit', 'Car'] } } },
  messages: {},
};

const field = (change: Partial<NewField>): NewField => ({ kind: 'text', label: 'Employee ID', help: '', required: false, options: [], after: null, ...change });
const groupOf = (document: Json, id = 'form'): FieldGroup => fieldGroupsOf(document).find((group) => group.id === id)!;
const schemaOf = (document: Json) => document.schema as { properties: Record<string, Json>; required?: string[]; definitions: Record<string, { properties: Record<string, Json>; required?: string[] }> };
const uiOf = (document: Json) => document.uiSchema as Record<string, unknown> & { 'ui:order': string[] };

describe('field names', () => {
  it('are the label in camelCase ASCII, starting with a letter, unique', () => {
    expect(fieldNameOf('Employee ID', [])).toBe('employeeId');
    expect(fieldNameOf('Preferred language', [])).toBe('preferredLanguage');
    expect(fieldNameOf('  Année de naissance (père) ', [])).toBe('anneeDeNaissancePere');
    expect(fieldNameOf('401(k) plan', [])).toBe('field401KPlan');
    expect(fieldNameOf('Employee ID', ['employeeId', 'employeeId2'])).toBe('employeeId3');
    expect(fieldNameOf('x'.repeat(80), [])).toHaveLength(40);
    // A name every JavaScript object has is refused at save: the builder never makes one.
    expect(['Constructor', 'To string', 'Value of', 'Has own property'].map((label) => fieldNameOf(label, []))).toEqual(['constructor2', 'toString2', 'valueOf2', 'hasOwnProperty2']);
  });

  it("never take a name of the member's record, whose answer the own field would shadow", () => {
    const { name } = addField(profile, profile, groupOf(profile), field({ label: 'Status' }));
    expect(name).toBe('status2');
    const { name: city } = addField(profile, profile, groupOf(profile), field({ label: 'City' }));
    expect(city).toBe('city2');
  });
});

describe('adding a field to the profile', () => {
  it('adds a required text after the field chosen, with a maxLength, its title and help', () => {
    const { document, name } = addField(profile, profile, groupOf(profile), field({ required: true, help: 'As on your badge.', after: 'lastname' }));
    expect(name).toBe('employeeId');
    expect(schemaOf(document).properties.employeeId).toEqual({ type: 'string', maxLength: 200, title: 'Employee ID' });
    expect(schemaOf(document).required).toEqual([...schemaOf(profile).required!, 'employeeId']);
    expect(uiOf(document).employeeId).toEqual({ 'ui:help': 'As on your badge.' });
    expect(uiOf(document)['ui:order'].slice(0, 3)).toEqual(['firstname', 'lastname', 'employeeId']);
    expect(uiOf(document)['ui:order'].at(-1)).toBe('*');
    // Nothing else of the document changed.
    expect({ ...document, schema: profile.schema, uiSchema: profile.uiSchema }).toEqual(profile);
    expect(fieldOrder(document, groupOf(document)).filter((f) => f !== 'employeeId')).toEqual(fieldOrder(profile, groupOf(profile)));
  });

  it('gives each kind its schema and the widget the portal shows it with', () => {
    const add = (change: Partial<NewField>) => {
      const { document, name } = addField(profile, profile, groupOf(profile), field(change));
      return { schema: schemaOf(document).properties[name], ui: uiOf(document)[name] };
    };
    expect(add({ kind: 'number', label: 'Years of service' })).toEqual({ schema: { type: 'number', minimum: 0, maximum: 1_000_000, title: 'Years of service' }, ui: undefined });
    expect(add({ kind: 'date', label: 'Hire date' })).toEqual({ schema: { type: 'string', format: 'date', maxLength: 10, title: 'Hire date' }, ui: { 'ui:widget': 'date' } });
    expect(add({ kind: 'yes-no', label: 'Union member' })).toEqual({ schema: { type: 'boolean', title: 'Union member' }, ui: { 'ui:widget': 'yes-no' } });
    expect(add({ kind: 'choice', label: 'Preferred language', options: ['English', 'Spanish', 'Other'] })).toEqual({
      schema: { type: 'string', enum: ['English', 'Spanish', 'Other'], maxLength: 7, title: 'Preferred language' },
      ui: { 'ui:widget': 'radio' },
    });
    const long = add({ kind: 'choice', label: 'Office', options: ['A', 'B', 'C', 'D', 'E', 'F'] });
    expect(long.ui).toBeUndefined();
  });

  it('puts a field first, or last when the field it should follow is gone', () => {
    const first = addField(profile, profile, groupOf(profile), field({ after: null })).document;
    expect(uiOf(first)['ui:order'][0]).toBe('employeeId');
    const last = addField(profile, profile, groupOf(profile), field({ after: 'nosuchfield' })).document;
    expect(uiOf(last)['ui:order'].slice(-2)).toEqual(['employeeId', '*']);
  });

  it('refuses what the server would: no label, too few or repeated options', () => {
    expect(newFieldProblems(field({ label: '  ' }), profile)).toEqual({ label: 'Give the field a label.' });
    expect(newFieldProblems(field({ kind: 'choice', options: ['Only'] }), profile).options).toMatch(/at least two/);
    expect(newFieldProblems(field({ kind: 'choice', options: ['A', 'A'] }), profile).options).toMatch(/only once/);
    expect(newFieldProblems(field({ kind: 'choice', options: optionsOf('English\n\n Spanish \n') }), profile)).toEqual({});
    expect(newFieldProblems(field({ required: true }), profile)).toEqual({});
  });
});

describe("a form of the employer's own", () => {
  it('may not require an answer, and says why', () => {
    expect(newFieldProblems(field({ required: true }), null)).toEqual({ required: OWN_FORM_REQUIRED });
    const { document } = addField(OWN_FORM, null, groupOf(OWN_FORM), field({ label: 'Monthly pass', kind: 'number', after: 'commutemode' }));
    expect(schemaOf(document).required).toBeUndefined();
    expect(fieldRows(document, null, groupOf(document)).map((row) => [row.name, row.own])).toEqual([
      ['commutemode', true],
      ['monthlyPass', true],
    ]);
  });
});

describe("a dependent's fields", () => {
  it("offer the profile's dependents as a group of their own, kept in the dependent definition", () => {
    const groups = fieldGroupsOf(profile);
    expect(groups.map((group) => [group.id, group.label])).toEqual([
      ['form', 'The form'],
      ['dependents', 'Each of Dependents'],
    ]);
    const group = groupOf(profile, 'dependents');
    expect(group.note).toMatch(/Dependent form/);
    const { document, name } = addField(profile, profile, group, field({ label: 'Student', kind: 'yes-no', after: 'relationship' }));
    expect(schemaOf(document).definitions.dependent.properties[name]).toEqual({ type: 'boolean', title: 'Student' });
    const items = (uiOf(document).dependents as { items: Record<string, unknown> }).items;
    expect(items.Student).toBeUndefined();
    expect(items.student).toEqual({ 'ui:widget': 'yes-no' });
    expect(fieldOrder(document, group).indexOf('student')).toBe(fieldOrder(document, group).indexOf('relationship') + 1);
  });

  it('in the dependent form: the definition its schema names, never a name of the dependent record', () => {
    const group = groupOf(dependent);
    expect(group.schema).toEqual(['schema', 'definitions', 'dependent']);
    expect(group.note).toMatch(/Personal Details/);
    const { document, name } = addField(dependent, dependent, group, field({ label: 'Age', after: 'additionalid' }));
    expect(name).toBe('age2');
    expect(schemaOf(document).definitions.dependent.properties.age2).toMatchObject({ type: 'string' });
    // The form had no order: the one written keeps the fields as they were shown, the new one after the last.
    expect(uiOf(document)['ui:order']).toEqual([...fieldOrder(dependent, group), 'age2', '*']);
  });
});

describe('ordering, hiding and removing', () => {
  it('moves a field up and down, and not past either end', () => {
    const group = groupOf(profile);
    const down = moveField(profile, group, 'firstname', 1);
    expect(fieldOrder(down, group).slice(0, 2)).toEqual(['lastname', 'firstname']);
    expect(fieldOrder(moveField(down, group, 'firstname', -1), group)).toEqual(fieldOrder(profile, group));
    expect(moveField(profile, group, 'firstname', -1)).toBe(profile);
    expect(moveField(profile, group, 'dependents', 1)).toBe(profile);
  });

  it('hides an optional field and shows it again with the widget it had', () => {
    const group = groupOf(profile);
    expect(hideLock(profile, profile, group, 'address2')).toBeNull();
    const hidden = setHidden(profile, profile, group, 'address2', true);
    expect(uiOf(hidden).address2).toEqual({ 'ui:widget': 'hidden' });
    expect(fieldRows(hidden, profile, group).find((row) => row.name === 'address2')?.hidden).toBe(true);
    expect(uiOf(setHidden(hidden, profile, group, 'address2', false)).address2).toEqual({});
    // A base field with a widget of its own gets it back.
    const optional = { ...profile, schema: { ...schemaOf(profile), required: schemaOf(profile).required!.filter((f) => f !== 'existingpatient') } };
    const shown = setHidden(setHidden(optional, profile, group, 'existingpatient', true), profile, group, 'existingpatient', false);
    expect(uiOf(shown).existingpatient).toEqual(uiOf(profile).existingpatient);
    // An own field gets the widget of its kind back.
    const { document } = addField(profile, profile, group, field({ kind: 'yes-no', label: 'Union member' }));
    const back = setHidden(setHidden(document, profile, group, 'unionMember', true), profile, group, 'unionMember', false);
    expect(uiOf(back).unionMember).toEqual({ 'ui:widget': 'yes-no' });
  });

  it('never hides a required, locked or base-hidden field, saying why', () => {
    const group = groupOf(profile);
    expect(hideLock(profile, profile, group, 'firstname')).toBe('A required field is always shown.');
    expect(hideLock(profile, profile, group, 'dependents')).toMatch(/^Locked: Each dependent/);
    expect(hideLock(profile, profile, groupOf(profile, 'dependents'), 'id')).toBe('The base document keeps this field hidden.');
  });

  it("removes a field of the employer's own whole, and never one of the base document", () => {
    const group = groupOf(profile);
    const { document } = addField(profile, profile, group, field({ required: true, help: 'Badge', after: 'lastname' }));
    const removed = removeField(document, profile, group, 'employeeId');
    expect(schemaOf(removed).properties.employeeId).toBeUndefined();
    expect(schemaOf(removed).required).toEqual(schemaOf(profile).required);
    expect(uiOf(removed).employeeId).toBeUndefined();
    expect(fieldOrder(removed, group)).toEqual(fieldOrder(profile, group));
    expect(removeField(profile, profile, group, 'address2')).toBe(profile);
  });
});
