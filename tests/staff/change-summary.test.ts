/** What a publish or a roll back changes, in words: every difference is said, none goes unlisted. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changeSummary, newFormSummary } from '../../src/staff/documents/versions/change-summary.ts';
import { setRequired, setStepShown, setTitle, type Json } from '../../src/staff/documents/document-edits.ts';
import { setText } from '../../src/staff/documents/texts/text-places.ts';

const read = (file: string) => JSON.parse(readFileSync(path.join(process.cwd(), file), 'utf8')) as Json;
const profile = read('schemas/forms/profile.schema.json');
const flow = read('flows/enrollment.flow.json');
const schema = profile.schema as Json;
const ui = profile.uiSchema as Json;

describe('a form', () => {
  it('says nothing when nothing changes', () => {
    expect(changeSummary(profile, structuredClone(profile))).toEqual([]);
  });

  it('says a message changed, added and removed, with the texts', () => {
    const edited = setText(profile, '/messages/dob-range', 'Born 1941 or later, please.');
    expect(changeSummary(profile, edited)).toEqual(["Message 'dob-range': 'DOB must be between 1941-01-01 and today.' to 'Born 1941 or later, please.'"]);
    const { heading, ...others } = profile.messages as Json;
    expect(changeSummary(profile, { ...profile, messages: others })).toEqual(["Message 'heading' removed (it was 'Welcome to your Benefits Package Creator')"]);
    expect(changeSummary({ ...profile, messages: others }, profile)).toEqual(["Message 'heading' added: 'Welcome to your Benefits Package Creator'"]);
  });

  it('says a field added with its label and whether it is required, and a field removed', () => {
    const properties = { ...(schema.properties as Json), employeeid: { type: 'string', maxLength: 20, title: 'Employee ID' } };
    const added = { ...profile, schema: { ...schema, properties, required: [...(schema.required as string[]), 'employeeid'] } };
    expect(changeSummary(profile, added)).toEqual(['Field Employee ID added, required']);
    const optional = { ...profile, schema: { ...schema, properties } };
    expect(changeSummary(profile, optional)).toEqual(['Field Employee ID added']);
    expect(changeSummary(optional, profile)).toEqual(['Field Employee ID removed']);
  });

  it('says the title of the form and of a field, a field required or not, hidden or shown', () => {
    expect(changeSummary(profile, setTitle(profile, null, 'About You'))).toEqual(["Changed the title from 'Personal Details' to 'About You'"]);
    expect(changeSummary(profile, setTitle(profile, 'birthdate', 'Date of birth'))).toEqual(["Changed the label of DOB from 'DOB' to 'Date of birth'"]);
    expect(changeSummary(profile, setRequired(profile, 'address2', true))).toEqual(['Field APT (optional) now required']);
    expect(changeSummary(profile, setRequired(profile, 'pcpid', false))).toEqual(['Field PCP ID no longer required']);
    const hidden = { ...profile, uiSchema: { ...ui, address2: { 'ui:widget': 'hidden' } } };
    expect(changeSummary(profile, hidden)).toEqual(['Field APT (optional) hidden']);
    expect(changeSummary(hidden, profile)).toEqual(['Field APT (optional) shown again']);
  });

  it('says which field moved, and where to', () => {
    const order = (ui['ui:order'] as string[]).filter((name) => name !== 'pcpid');
    order.splice(1, 0, 'pcpid');
    expect(changeSummary(profile, { ...profile, uiSchema: { ...ui, 'ui:order': order } })).toEqual(['Field PCP ID moved (now after First Name)']);
  });

  it("says a rule added, removed or showing another message", () => {
    const rules = profile.rules as Json[];
    const other = { ...profile, rules: rules.map((rule) => (rule.id === 'dob-range' ? { ...rule, message: 'dob-required' } : rule)) };
    expect(changeSummary(profile, other)).toEqual(["Rule 'dob-range' now shows message 'dob-required'"]);
    const changed = { ...profile, rules: rules.map((rule) => (rule.id === 'dob-range' ? { ...rule, path: '/gender' } : rule)) };
    expect(changeSummary(profile, changed)).toEqual(["Rule 'dob-range' changed"]);
    expect(changeSummary(profile, { ...profile, rules: rules.slice(1) })).toEqual(["Rule 'dob-range' removed"]);
  });

  it('lists any other change by its pointer', () => {
    expect(changeSummary(profile, { ...profile, schema: { ...schema, required: [...(schema.required as string[]), 'nosuchfield'] } })).toEqual(['Other change at /schema/required']);
    const errorMessages = profile.errorMessages as Json;
    const other = { ...profile, errorMessages: { ...errorMessages, '/birthdate': { ...(errorMessages['/birthdate'] as Json), format: 'dob-required' } } };
    expect(changeSummary(profile, other)).toEqual(['Other change at /errorMessages/~1birthdate/format']);
  });
});

describe('texts in Spanish', () => {
  const spanish = (document: Json, texts: Record<string, string>): Json => ({ ...document, translations: { es: texts } });

  it("says a Spanish text added, changed and removed, named by the text it translates, in the order of the texts", () => {
    const before = spanish(profile, { '/messages/heading': 'Bienvenido', '/schema/properties/birthdate/title': 'Fecha de nacimiento' });
    const after = spanish(profile, { '/messages/heading': 'Le damos la bienvenida', '/messages/dob-range': 'Fecha entre 1941-01-01 y hoy.' });
    expect(changeSummary(before, after)).toEqual([
      "Spanish text of message 'dob-range' added: 'Fecha entre 1941-01-01 y hoy.'",
      "Spanish text of message 'heading' changed: 'Bienvenido' to 'Le damos la bienvenida'",
      "Spanish text of DOB (field birthdate) — label removed (it was 'Fecha de nacimiento'): employees reading Spanish get the English",
    ]);
    expect(changeSummary(profile, spanish(profile, { '/messages/heading': 'Bienvenido' }))).toEqual(["Spanish text of message 'heading' added: 'Bienvenido'"]);
  });

  it("names a step title's Spanish by the step", () => {
    expect(changeSummary(flow, spanish(flow, { '/steps/choice/title': 'Aportes' }))).toEqual(["Spanish text of the title of step Contributions › Contributions added: 'Aportes'"]);
  });
});

describe('a flow', () => {
  it('says a step switched off and on again, by its distinct label', () => {
    const off = setStepShown(flow, flow, 'additional-services', false);
    expect(changeSummary(flow, off)).toEqual(['Step Additional Services switched off']);
    expect(changeSummary(off, flow)).toEqual(['Step Additional Services switched on']);
    const choiceOff = setStepShown(flow, flow, 'choice', false);
    expect(changeSummary(flow, choiceOff)).toEqual(['Step Contributions › Contributions switched off']);
  });

  it("says a step's title and its condition changed", () => {
    const renamed = setText(flow, '/steps/choice/title', 'Buy or Waive');
    expect(changeSummary(flow, renamed)).toEqual(["Changed the title of step Contributions › Contributions from 'Contributions' to 'Buy or Waive'"]);
    const steps = flow.steps as Json;
    const condition = { ...flow, steps: { ...steps, 'flexible-spending': { ...(steps['flexible-spending'] as Json), when: { '==': [1, 1] } } } };
    expect(changeSummary(flow, condition)).toEqual(['Step Flexible Spending: condition changed']);
  });
});

describe("a new form of the employer's own", () => {
  it('is said as the form, then each field added', () => {
    const form: Json = {
      kind: 'form',
      title: 'Commute Survey',
      schema: { type: 'object', properties: { mode: { type: 'string', title: 'How do you get to work' }, pass: { type: 'integer', title: 'Monthly pass' } } },
    };
    expect(newFormSummary(form)).toEqual(["New form of the employer's own: 'Commute Survey'", 'Field How do you get to work added', 'Field Monthly pass added']);
  });
});
