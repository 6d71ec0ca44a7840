/** The field builder: every control labelled, a new field handed on as the whole edited document, own forms never required. */
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Json } from '../../src/staff/documents/document-edits.ts';
import { FieldBuilder } from '../../src/staff/documents/field-builder/field-builder.tsx';
import { OWN_FORM_REQUIRED } from '../../src/staff/documents/field-builder/field-edits.ts';

const profile = JSON.parse(readFileSync(path.join(process.cwd(), 'schemas/forms/profile.schema.json'), 'utf8')) as Json;

describe('the field builder', () => {
  // Mantine's autosize Textarea listens for font loading, which jsdom does not have.
  beforeAll(() => {
    if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined }, configurable: true });
  });

  it('adds a required choice after the field chosen, showing the name it makes from the label', async () => {
    const onChange = vi.fn();
    render(<MantineProvider><FieldBuilder document={profile} base={profile} readOnly={false} onChange={onChange} /></MantineProvider>);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'choice');
    await userEvent.type(screen.getByRole('textbox', { name: 'Label' }), 'Preferred language');
    expect(screen.getByRole('textbox', { name: 'Label' })).toHaveAccessibleDescription('Field name: preferredLanguage');
    await userEvent.type(screen.getByRole('textbox', { name: 'Options' }), 'English{Enter}Spanish{Enter}Other');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Must be answered' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Where it sits' }), 'lastname');
    await userEvent.click(screen.getByRole('button', { name: 'Add Field' }));
    expect(onChange).toHaveBeenCalledOnce();
    const edited = onChange.mock.calls[0]![0] as { schema: { properties: Record<string, unknown>; required: string[] }; uiSchema: { 'ui:order': string[] } };
    expect(edited.schema.properties.preferredLanguage).toEqual({ type: 'string', enum: ['English', 'Spanish', 'Other'], maxLength: 7, title: 'Preferred language' });
    expect(edited.schema.required).toContain('preferredLanguage');
    expect(edited.uiSchema['ui:order'].slice(0, 3)).toEqual(['firstname', 'lastname', 'preferredLanguage']);
    expect(screen.getByRole('status')).toHaveTextContent('Added Preferred language (preferredLanguage).');
  });

  it("tries an own pattern live with the server's words, and adds it with its messages in English and Spanish", async () => {
    const onChange = vi.fn();
    render(<MantineProvider><FieldBuilder document={profile} base={profile} readOnly={false} onChange={onChange} /></MantineProvider>);
    await userEvent.type(screen.getByRole('textbox', { name: 'Label' }), 'Badge');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Answers must be' }), 'own');
    const pattern = screen.getByRole('textbox', { name: /^Pattern/ });
    await userEvent.click(pattern);
    await userEvent.paste('(?=A)A');
    expect(screen.getByText(/no lookahead, lookbehind or backreference/, { selector: '[role=status]' })).toBeInTheDocument();
    await userEvent.clear(pattern);
    await userEvent.click(pattern);
    await userEvent.paste('[A-Z]{2}[0-9]{2}');
    const answer = screen.getByRole('textbox', { name: 'Try an answer' });
    await userEvent.type(answer, 'AB12');
    expect(screen.getByText('This answer fits the format.')).toBeInTheDocument();
    await userEvent.type(answer, '3');
    expect(screen.getByText('This answer does not fit: the employee gets your message.')).toBeInTheDocument();
    await userEvent.type(screen.getAllByRole('textbox', { name: /^Message when the answer does not fit/ })[0]!, 'Two letters, two digits.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message when the answer does not fit, in Spanish' }), 'Dos letras, dos cifras.');
    await userEvent.click(screen.getByRole('button', { name: 'Add Field' }));
    const edited = onChange.mock.calls[0]![0] as Json & { schema: { properties: Record<string, unknown> }; messages: Record<string, string>; errorMessages: Record<string, unknown>; translations: { es: Record<string, string> } };
    expect(edited.schema.properties.badge).toEqual({ type: 'string', maxLength: 200, pattern: '^(?:[A-Z]{2}[0-9]{2})$', title: 'Badge' });
    expect(edited.messages['badge-format']).toBe('Two letters, two digits.');
    expect(edited.errorMessages['/badge']).toEqual({ pattern: 'badge-format' });
    expect(edited.translations.es['/messages/badge-format']).toBe('Dos letras, dos cifras.');
  });

  it('says what is missing instead of adding', async () => {
    const onChange = vi.fn();
    render(<MantineProvider><FieldBuilder document={profile} base={profile} readOnly={false} onChange={onChange} /></MantineProvider>);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'choice');
    await userEvent.click(screen.getByRole('button', { name: 'Add Field' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Label' })).toHaveAccessibleDescription(expect.stringContaining('Give the field a label.'));
    expect(screen.getByRole('textbox', { name: 'Options' })).toHaveAccessibleDescription(expect.stringContaining('at least two options'));
  });

  it('lists the fields in order with Move and Hide for optional ones only', async () => {
    const onChange = vi.fn();
    render(<MantineProvider><FieldBuilder document={profile} base={profile} readOnly={false} onChange={onChange} /></MantineProvider>);
    const table = screen.getByRole('table', { name: 'Fields in order' });
    expect(within(table).getByRole('button', { name: 'Move up: First Name' })).toBeDisabled();
    expect(within(table).queryByRole('button', { name: 'Hide: First Name' })).toBeNull();
    await userEvent.click(within(table).getByRole('button', { name: 'Hide: APT (optional)' }));
    expect((onChange.mock.calls[0]![0] as { uiSchema: Record<string, unknown> }).uiSchema.address2).toEqual({ 'ui:widget': 'hidden' });
  });

  it("keeps Required off in a form of the employer's own, saying why", () => {
    const own = { id: 'commuter-benefits', version: 1, kind: 'form', schema: { type: 'object', properties: {} }, messages: {} };
    render(<MantineProvider><FieldBuilder document={own} base={null} readOnly={false} onChange={() => undefined} /></MantineProvider>);
    const required = screen.getByRole('checkbox', { name: 'Must be answered' });
    expect(required).toBeDisabled();
    expect(required).not.toBeChecked();
    expect(required).toHaveAccessibleDescription(OWN_FORM_REQUIRED);
  });
});
