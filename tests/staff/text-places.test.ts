/** The texts list's words: each text of a document with where it appears, found from the document itself. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../src/staff/documents/document-edits.ts';
import { matchesSearch, setText, stepLabels, textsOf } from '../../src/staff/documents/text-places.ts';

const read = (file: string) => JSON.parse(readFileSync(path.join(process.cwd(), file), 'utf8')) as Json;
const profile = read('schemas/forms/profile.schema.json');
const flow = read('flows/enrollment.flow.json');
const entry = (document: Json, key: string) => textsOf(document).find((text) => text.key === key)!;

describe('where a form shows its messages', () => {
  it('lists every message with its text', () => {
    expect(textsOf(profile).map((text) => text.key)).toEqual(Object.keys(profile.messages as Json));
    expect(entry(profile, 'dob-range').text).toBe('DOB must be between 1941-01-01 and today.');
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

describe('searching and editing texts', () => {
  it('finds a text by its words, key or place, in any case', () => {
    const found = textsOf(profile).filter((text) => matchesSearch(text, 'BIRTH'));
    expect(found.map((text) => text.key)).toContain('dob-range');
    expect(found.map((text) => text.key)).not.toContain('firstname-required');
    expect(matchesSearch(entry(profile, 'heading'), 'page head')).toBe(true);
    expect(matchesSearch(entry(profile, 'heading'), '')).toBe(true);
  });

  it('changes a message, or a step title, and nothing else', () => {
    const edited = setText(profile, { kind: 'message', key: 'dob-range' }, 'New text');
    expect(entry(edited, 'dob-range').text).toBe('New text');
    expect({ ...edited, messages: profile.messages }).toEqual(profile);
    const renamed = setText(flow, { kind: 'step-title', key: 'choice' }, 'Buy or Waive');
    expect(entry(renamed, 'choice').text).toBe('Buy or Waive');
    expect(entry(renamed, 'contributions').text).toBe('Contributions');
  });
});

describe("a flow's texts: its step titles", () => {
  it('lists each step title with its place, sub-steps with their step', () => {
    expect(entry(flow, 'profile').places).toEqual(['step 1 — title']);
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
});
