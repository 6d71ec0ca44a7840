/** The texts list's words: each text of a document, by its pointer, with where it appears, found from the document itself. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../src/staff/documents/document-edits.ts';
import { matchesSearch, setText, stepLabels, textEntries, textNames } from '../../src/staff/documents/texts/text-places.ts';

const read = (file: string) => JSON.parse(readFileSync(path.join(process.cwd(), file), 'utf8')) as Json;
const profile = read('schemas/forms/profile.schema.json');
const flow = read('flows/enrollment.flow.json');
const entry = (document: Json, key: string) => textEntries(document).find((text) => text.key === key)!;

describe('where a form shows its messages', () => {
  it('lists every message first, with its text, by its pointer', () => {
    const keys = Object.keys(profile.messages as Json);
    expect(textEntries(profile).slice(0, keys.length).map((text) => text.key)).toEqual(keys);
    expect(entry(profile, 'dob-range')).toMatchObject({ pointer: '/messages/dob-range', label: 'dob-range', text: 'DOB must be between 1941-01-01 and today.' });
  });

  it("names a rule's message by the field the rule is about and the rule", () => {
    expect(entry(profile, 'dob-range').places).toEqual(['DOB (field birthdate) — rule \'dob-range\' message', 'DOB (field birthdate) — error when not a valid value']);
    expect(entry(profile, 'ssn-invalid').places).toContain("SSN (field additionalid) — rule 'ssn-server' message (on the server)");
  });

  it('names errorMessages by field and what failed, a phase in words', () => {
    expect(entry(profile, 'firstname-required').places).toEqual(['First Name (field firstname) — error when left empty, too short, of the wrong type']);
    expect(entry(profile, 'smoker-required').places).toEqual(['Smoker (field istobaccouser) — error when left empty while typing']);
  });

  it("names a widget's texts, the windows of parts and the screen's own texts", () => {
    expect(entry(profile, 'zip-not-found').places).toEqual(['ZIP Code (field postalcode) — not found text']);
    expect(entry(profile, 'additional-info-save').places).toEqual(['additional info window — save']);
    expect(entry(profile, 'heading').places).toEqual(['page heading']);
    expect(entry(profile, 'zip-empty').places).toEqual(["shown by the screen of 'Personal Details'"]);
  });

  it('names a field inside a list with the list', () => {
    const bundled = {
      ...profile,
      schema: { ...(profile.schema as Json), definitions: { dependent: read('schemas/defs/dependent.schema.json') }, properties: { dependents: { type: 'array', title: 'Dependents', items: { $ref: '#/definitions/dependent' } } } },
    };
    expect(entry(bundled, 'dependent-dob-range').places[0]).toBe("Dependents › Date of Birth (field dependents/dateofbirth) — rule 'dependent-dob-range' message");
  });
});

describe("a form's other texts: its title, field labels, help and option labels", () => {
  const byPointer = (pointer: string) => textEntries(profile).find((text) => text.pointer === pointer);

  it('lists them after the messages, each by its field and what it is there', () => {
    expect(byPointer('/title')).toMatchObject({ label: '/title', text: 'Personal Details', places: ['title of the form (its page title)'] });
    expect(byPointer('/schema/properties/birthdate/title')).toMatchObject({ text: 'DOB', places: ['DOB (field birthdate) — label'] });
    expect(byPointer('/uiSchema/existingpatient/ui:enumNames/1')?.text).toBe('No');
    expect(byPointer('/uiSchema/existingpatient/ui:enumNames/1')?.places[0]).toMatch(/\(field existingpatient\) — label of option 2$/);
    expect(byPointer('/uiSchema/dependents/ui:options/addText')?.places[0]).toMatch(/\(field dependents\) — Add button text$/);
    const messages = Object.keys(profile.messages as Json).length;
    expect(textEntries(profile).findIndex((text) => text.pointer === '/title')).toBe(messages);
  });

  it('names a text of a definition by the definition', () => {
    const bundled = { ...profile, schema: { ...(profile.schema as Json), definitions: { dependent: read('schemas/defs/dependent.schema.json') } } };
    const text = textEntries(bundled).find((found) => found.pointer === '/schema/definitions/dependent/properties/dateofbirth/title');
    expect(text?.places).toEqual(['field dateofbirth of every dependent (definition dependent) — label']);
  });

  it('names each text for a sentence', () => {
    const names = textNames(profile);
    expect(names.get('/messages/dob-range')).toBe("message 'dob-range'");
    expect(names.get('/schema/properties/birthdate/title')).toBe('DOB (field birthdate) — label');
    expect(textNames(flow).get('/steps/choice/title')).toBe('the title of step Contributions › Contributions');
  });

  it('reads a draft being typed without its messages or with a step that is no object', () => {
    expect(textEntries({ kind: 'form', title: 'T', schema: { type: 'object' } }).map((text) => text.pointer)).toEqual(['/title']);
    expect(textEntries({ kind: 'flow', steps: { a: null, b: { title: 'B', order: 1 } } }).map((text) => text.pointer)).toEqual(['/steps/b/title']);
  });
});

describe('searching and editing texts', () => {
  it('finds a text by its words, key, place or translation, in any case', () => {
    const found = textEntries(profile).filter((text) => matchesSearch(text, 'BIRTH'));
    expect(found.map((text) => text.key)).toContain('dob-range');
    expect(found.map((text) => text.key)).not.toContain('firstname-required');
    expect(matchesSearch(entry(profile, 'heading'), 'page head')).toBe(true);
    expect(matchesSearch(entry(profile, 'heading'), '')).toBe(true);
    expect(matchesSearch(entry(profile, 'heading'), 'bienvenido', 'Bienvenido a su creador')).toBe(true);
  });

  it('changes a message, or a step title, and nothing else', () => {
    const edited = setText(profile, '/messages/dob-range', 'New text');
    expect(entry(edited, 'dob-range').text).toBe('New text');
    expect({ ...edited, messages: profile.messages }).toEqual(profile);
    const renamed = setText(flow, '/steps/choice/title', 'Buy or Waive');
    expect(entry(renamed, 'choice').text).toBe('Buy or Waive');
    expect(entry(renamed, 'contributions').text).toBe('Contributions');
    const option = setText(profile, '/uiSchema/existingpatient/ui:enumNames/1', 'Not yet');
    expect(((option.uiSchema as Json).existingpatient as Json)['ui:enumNames']).toEqual(['Yes', 'Not yet']);
    expect((((profile.uiSchema as Json).existingpatient as Json)['ui:enumNames'] as string[])[1]).toBe('No');
  });
});

describe("a flow's texts: its step titles", () => {
  it('lists each step title with its place, sub-steps with their step', () => {
    expect(entry(flow, 'profile')).toMatchObject({ pointer: '/steps/profile/title', label: 'Title of step profile', places: ['step 1 — title'] });
    expect(entry(flow, 'cart').places).toEqual(['step 3, sub-step 5 of Shopping and Cart — title']);
  });

  it('never labels two steps alike: a shared title is named with its parent, then its id', () => {
    const labels = stepLabels(flow);
    expect(labels.get('contributions')).toBe('Contributions');
    expect(labels.get('choice')).toBe('Contributions › Contributions');
    expect(new Set(labels.values()).size).toBe(labels.size);
    const steps = flow.steps as Json;
    const twins = { ...flow, steps: { ...steps, cart: { ...(steps.cart as Json), title: 'Shop Health Plans' } } };
    expect(stepLabels(twins).get('cart')).toBe('Shopping and Cart › Shop Health Plans (cart)');
    expect(stepLabels(twins).get('shop-health-plans')).toBe('Shopping and Cart › Shop Health Plans (shop-health-plans)');
  });

  it('titles each text by what the employee sees: the screen, the field label and the kind of text, no key or pointer', () => {
    const titles = new Map(textEntries(profile).map((entry) => [entry.pointer, entry.title]));
    expect(titles.get('/messages/firstname-required')).toBe('Personal Details › First Name › error when left empty, too short, of the wrong type');
    expect(titles.get('/messages/dob-range')).toBe('Personal Details › DOB › message of a check');
    expect(titles.get('/messages/heading')).toBe('Personal Details › page heading');
    expect(titles.get('/schema/properties/pcpname/title')).toBe('Personal Details › PCP Name › label');
    expect(titles.get('/title')).toBe('Personal Details › page title');
    const steps = new Map(textEntries(flow).map((entry) => [entry.key, entry.title]));
    expect(steps.get('choice')).toBe('Benefits Enrollment › Contributions › Contributions › step title');
    const all = [...titles.values()];
    expect(new Set(all).size, 'no two texts titled alike').toBe(all.length);
    for (const title of all) expect(title).not.toMatch(/\/schema|\/uiSchema|\(field /);
  });
});
