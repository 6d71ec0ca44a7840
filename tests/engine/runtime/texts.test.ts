import { describe, expect, it } from 'vitest';
import { placeholdersOf, textsOf, translatedDocument, translationProblems, untranslatedTexts, withoutSchemaTexts } from '#engine/runtime/texts.ts';
import { schemaKey } from '#engine/runtime/validate.ts';
import type { FlowDocument, FormDocument } from '#engine/runtime/types.ts';

const form: FormDocument = {
  id: 'pets',
  version: 1,
  kind: 'form',
  title: 'Pets',
  schema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', description: 'As on the papers' },
      kind: { type: 'string', enum: ['cat', 'dog'], title: 'Kind' },
      friends: { type: 'array', title: 'Friends', items: { $ref: '#/definitions/friend' } },
    },
    definitions: { friend: { type: 'object', properties: { nick: { type: 'string', title: 'Nick' } } } },
  },
  uiSchema: {
    kind: { 'ui:enumNames': ['Cat', 'Dog'], 'ui:help': 'Pick one' },
    friends: { 'ui:options': { addText: 'Add Friend', itemTitle: 'Friend #{number}', messages: { failed: 'name-required' } } },
  },
  rules: [{ id: 'named', assert: true, path: '/name', message: 'name-required' }],
  messages: { 'name-required': 'Name is required', count: '{count} pets' },
  parts: { more: { fields: ['name'], messages: { title: 'count' } } },
};

const flow: FlowDocument = { id: 'trip', version: 1, kind: 'flow', title: 'Trip', steps: { start: { title: 'Start', order: 1 } } };

describe('textsOf', () => {
  it('lists every text a person reads by its pointer, and no message key', () => {
    expect(Object.fromEntries(textsOf(form))).toEqual({
      '/title': 'Pets',
      '/schema/properties/name/title': 'Name',
      '/schema/properties/name/description': 'As on the papers',
      '/schema/properties/kind/title': 'Kind',
      '/schema/properties/friends/title': 'Friends',
      '/schema/definitions/friend/properties/nick/title': 'Nick',
      '/uiSchema/kind/ui:enumNames/0': 'Cat',
      '/uiSchema/kind/ui:enumNames/1': 'Dog',
      '/uiSchema/kind/ui:help': 'Pick one',
      '/uiSchema/friends/ui:options/addText': 'Add Friend',
      '/uiSchema/friends/ui:options/itemTitle': 'Friend #{number}',
      '/messages/name-required': 'Name is required',
      '/messages/count': '{count} pets',
    });
  });

  it("lists a flow's title and its steps' titles", () => {
    expect(Object.fromEntries(textsOf(flow))).toEqual({ '/title': 'Trip', '/steps/start/title': 'Start' });
  });
});

describe('translatedDocument', () => {
  it('puts the translation in place, keeps what it leaves out and drops the translations', () => {
    const withTranslations = { ...form, translations: { es: { '/messages/name-required': 'El nombre es obligatorio' } } };
    const served = translatedDocument(withTranslations, {
      '/uiSchema/kind/ui:enumNames/1': 'Perro',
      '/messages/name-required': 'El nombre es obligatorio',
      '/rules/0/message': 'not a text: passed over',
    });
    expect(served.messages['name-required']).toBe('El nombre es obligatorio');
    expect((served.uiSchema!.kind as Record<string, unknown>)['ui:enumNames']).toEqual(['Cat', 'Perro']);
    expect(served.rules![0]!.message).toBe('name-required');
    expect(served.messages.count).toBe('{count} pets');
    expect('translations' in served).toBe(false);
    expect(form.messages['name-required']).toBe('Name is required');
  });

  it('without a translation serves the document without its translations', () => {
    expect(translatedDocument({ ...flow, translations: { es: {} } }, undefined)).toEqual(flow);
  });
});

describe('withoutSchemaTexts', () => {
  it('leaves out every title and description of a schema, not a field named so, so both languages share one key', () => {
    const schema = { type: 'object', title: 'Book', properties: { title: { type: 'string', title: 'Title', maxLength: 9 }, description: { type: 'string' } }, required: ['title'] };
    expect(withoutSchemaTexts(schema)).toEqual({ type: 'object', properties: { title: { type: 'string', maxLength: 9 }, description: { type: 'string' } }, required: ['title'] });
    const spanish = translatedDocument(form, { '/schema/properties/name/description': 'Como en los papeles', '/schema/definitions/friend/properties/nick/title': 'Apodo' });
    expect(schemaKey(spanish.schema)).toBe(schemaKey(form.schema));
    expect(schemaKey({ ...form.schema, required: ['name'] })).not.toBe(schemaKey(form.schema));
  });
});

describe('translationProblems', () => {
  it('names pointers that are no text, empty texts, changed marks and (complete) texts left out', () => {
    const problems = translationProblems(form, { '/messages/count': '{total} mascotas', '/messages/nope': 'x', '/title': ' ' }, { complete: true });
    expect(problems).toContain('/messages/count: the translation must keep the marks of the text ({count})');
    expect(problems).toContain('/messages/nope: the document has no text here');
    expect(problems).toContain('/title: the translation is empty');
    expect(problems).toContain('/schema/properties/name/title: no translation');
    expect(translationProblems(form, { '/messages/count': '{count} mascotas' })).toEqual([]);
  });

  it('reads marks once each, sorted', () => {
    expect(placeholdersOf('{b} and {a} and {b}')).toEqual(['a', 'b']);
  });

  it('lists the texts a translation leaves out', () => {
    expect([...untranslatedTexts(flow, { '/title': 'Viaje' }).keys()]).toEqual(['/steps/start/title']);
  });
});
