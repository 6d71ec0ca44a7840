import { describe, expect, it } from 'vitest';
import { optionLabel } from '#engine/documents/option-labels.ts';
import type { FormDocument } from '#engine/runtime/types.ts';

const form = (schema: Record<string, unknown>): FormDocument =>
  ({
    id: 'dependent',
    kind: 'form',
    schema,
    uiSchema: { relationship: { 'ui:enumNames': ['Cónyuge', 'Hijo o hija'] } },
    messages: {},
  }) as unknown as FormDocument;

const relationship = { type: 'string', enum: ['spouse', 'child'] };

describe('optionLabel (a stored option value as its form names it)', () => {
  it("reads ui:enumNames at the value's place in the field's enum", () => {
    const document = form({ type: 'object', properties: { relationship } });
    expect(optionLabel(document, 'relationship', 'child')).toBe('Hijo o hija');
    expect(optionLabel(document, 'relationship', 'spouse')).toBe('Cónyuge');
  });

  it('follows local definitions refs (a bundled document), for the schema and for the field', () => {
    const document = form({
      type: 'object',
      $ref: '#/definitions/dependent',
      definitions: { dependent: { type: 'object', properties: { relationship: { $ref: '#/definitions/relationship' } } }, relationship },
    });
    expect(optionLabel(document, 'relationship', 'child')).toBe('Hijo o hija');
  });

  it('gives the value itself when the form names none (no such option, field or labels)', () => {
    const document = form({ type: 'object', properties: { relationship } });
    expect(optionLabel(document, 'relationship', 'My own words')).toBe('My own words');
    expect(optionLabel(document, 'gender', 'child')).toBe('child');
    expect(optionLabel({ ...document, uiSchema: {} }, 'relationship', 'child')).toBe('child');
  });
});
