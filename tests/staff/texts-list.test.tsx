/**
 * The texts list: a search keeps the texts whose words, key or place match; an edit changes that text only; each
 * text has its Spanish beside it, edited into the draft's translations; "Missing Spanish" counts and shows the texts
 * without Spanish or with Spanish to review; a Spanish text whose marks differ says why before any save.
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Json } from '../../src/staff/documents/document-edits.ts';
import { TextsList } from '../../src/staff/documents/texts/texts-list.tsx';

const whole = JSON.parse(readFileSync(path.join(process.cwd(), 'schemas/forms/profile.schema.json'), 'utf8')) as Json;
const only = (record: unknown, keys: string[]) => Object.fromEntries(Object.entries(record as Json).filter(([key]) => keys.includes(key)));
const FIELDS = ['firstname', 'birthdate', 'additionalid'];
/**
 * The profile with a few of its fields and messages (its rules and errorMessages whole, which place them): the
 * list draws two text boxes per text, and jsdom draws a hundred and more of them slowly.
 */
const profile: Json = {
  ...whole,
  schema: { ...(whole.schema as Json), properties: only((whole.schema as Json).properties, FIELDS), required: FIELDS },
  uiSchema: only(whole.uiSchema, FIELDS),
  messages: only(whole.messages, ['heading', 'firstname-required', 'dob-range', 'ssn-on-file']),
};
/** The texts' titles in the list: what the employee sees, the screen first. */
const DOB_RANGE = 'Personal Details › DOB › message of a check';
const HEADING = 'Personal Details › page heading';
const HEADING_ES = 'Bienvenido a su creador de paquetes de beneficios';
/** The base profile with the Spanish of two texts, as the base documents carry it. */
const base: Json = { ...profile, translations: { es: { '/messages/heading': HEADING_ES, '/messages/ssn-on-file': 'Registrado: {ssn}.' } } };

/** The list over a draft it changes itself, as the editor does; `changes` sees each new draft. */
function EditedList({ start, changes }: { start: Json; changes: (draft: Json) => void }) {
  const [draft, setDraft] = useState(start);
  return (
    <MantineProvider>
      <TextsList
        document={draft}
        base={base}
        readOnly={false}
        onChange={(next) => {
          changes(next);
          setDraft(next);
        }}
      />
    </MantineProvider>
  );
}

const spanishOf = (draft: Json) => ((draft.translations as Json | undefined)?.es ?? {}) as Record<string, string>;

/** Types into the search: the list keeps the texts that match. */
const search = (words: string) => fireEvent.change(screen.getByLabelText('Search texts'), { target: { value: words } });

describe('the texts list', () => {
  // Mantine's autosize Textarea listens for font loading, which jsdom does not have.
  beforeAll(() => {
    if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined }, configurable: true });
  });

  it('finds the date-of-birth message by "birth" and changes it', () => {
    const onChange = vi.fn();
    render(<MantineProvider><TextsList document={profile} base={profile} readOnly={false} onChange={onChange} /></MantineProvider>);
    search('birth');
    const text = screen.getByRole('textbox', { name: DOB_RANGE });
    // The key and where it appears in the document's own words are the secondary line.
    expect(text).toHaveAccessibleDescription(expect.stringContaining("Key dob-range · where: DOB (field birthdate) — rule 'dob-range' message"));
    expect(screen.queryByRole('textbox', { name: 'Personal Details › First Name › error when left empty, too short, of the wrong type' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(/^\d+ of \d+ texts$/);
    fireEvent.change(text, { target: { value: 'Born 1941 or later.' } });
    expect(onChange).toHaveBeenCalledOnce();
    expect((onChange.mock.calls[0]![0] as { messages: Json }).messages['dob-range']).toBe('Born 1941 or later.');
  });

  it('shows the English and the Spanish side by side and edits the Spanish into the draft, the English kept', () => {
    const changes = vi.fn();
    render(<EditedList start={base} changes={changes} />);
    search('heading');
    expect(screen.getByRole('textbox', { name: HEADING })).toHaveValue('Welcome to your Benefits Package Creator');
    expect(screen.getByRole('textbox', { name: `${HEADING} in Spanish` })).toHaveValue(HEADING_ES);
    expect(screen.getByRole('textbox', { name: `${HEADING} in Spanish` })).toHaveAttribute('lang', 'es');
    // Field labels are texts too, found by their pointer.
    search('DOB (field birthdate)');
    expect(screen.getByRole('textbox', { name: 'Personal Details › DOB › label' })).toHaveAccessibleDescription('Pointer /schema/properties/birthdate/title · where: DOB (field birthdate) — label');

    search('dob-range');
    const dob = screen.getByRole('textbox', { name: `${DOB_RANGE} in Spanish` });
    expect(dob).toHaveValue('');
    expect(dob).toHaveAccessibleDescription(expect.stringContaining('No Spanish yet'));
    fireEvent.change(dob, { target: { value: 'La fecha de nacimiento debe estar entre 1941-01-01 y hoy.' } });
    const draft = changes.mock.lastCall![0] as Json;
    expect(spanishOf(draft)).toEqual({ ...spanishOf(base), '/messages/dob-range': 'La fecha de nacimiento debe estar entre 1941-01-01 y hoy.' });
    expect(draft.messages).toEqual(profile.messages);

    // Emptied, the Spanish text leaves the draft: employees reading Spanish get the English.
    search('heading');
    fireEvent.change(screen.getByRole('textbox', { name: `${HEADING} in Spanish` }), { target: { value: '' } });
    expect(spanishOf(changes.mock.lastCall![0] as Json)).not.toHaveProperty('/messages/heading');
  });

  it('counts the texts missing Spanish and shows only those, with Spanish to review after an English change', () => {
    render(<EditedList start={base} changes={() => undefined} />);
    const total = Number(/^(\d+) texts$/.exec(screen.getByText(/^\d+ texts$/).textContent ?? '')![1]);
    const missing = total - 2;
    search('heading');
    const filter = screen.getByRole('checkbox', { name: 'Missing Spanish' });
    expect(filter).toHaveAccessibleDescription(`${missing} texts have no Spanish.`);

    // The English of the heading changes: its Spanish (the base's) is to review.
    fireEvent.change(screen.getByRole('textbox', { name: HEADING }), { target: { value: 'Welcome to Acme benefits' } });
    expect(filter).toHaveAccessibleDescription(`${missing} texts have no Spanish; 1 to review (its English changed since).`);
    expect(screen.getByRole('textbox', { name: `${HEADING} in Spanish` })).toHaveAccessibleDescription(expect.stringContaining('To review'));

    search('');
    fireEvent.click(filter);
    expect(screen.getByText(/^\d+ of \d+ texts$/)).toHaveTextContent(`${missing + 1} of ${total} texts`);
    search('s');
    expect(screen.queryByLabelText('ssn-on-file')).toBeNull();
    search('heading');
    expect(screen.getByRole('textbox', { name: `${HEADING} in Spanish` })).toBeInTheDocument();
    // A text being translated stays shown while one types, though it no longer lacks Spanish.
    search('dob-range');
    fireEvent.change(screen.getByRole('textbox', { name: `${DOB_RANGE} in Spanish` }), { target: { value: 'Fecha entre 1941-01-01 y hoy.' } });
    expect(screen.getByRole('textbox', { name: `${DOB_RANGE} in Spanish` })).toHaveValue('Fecha entre 1941-01-01 y hoy.');
    expect(filter).toHaveAccessibleDescription(`${missing - 1} texts have no Spanish; 1 to review (its English changed since).`);
  });

  it('says under a Spanish text whose marks differ from the English why the server would refuse it, before saving', () => {
    render(<EditedList start={base} changes={() => undefined} />);
    search('ssn-on-file');
    const onFile = screen.getByRole('textbox', { name: 'Personal Details › SSN › on file text in Spanish' });
    expect(onFile).not.toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(onFile, { target: { value: 'Registrado: {numero}.' } });
    expect(onFile).toHaveAttribute('aria-invalid', 'true');
    expect(onFile).toHaveAccessibleDescription(expect.stringContaining('the translation must keep the marks of the text ({ssn})'));
  });

  it('lists Spanish of a text the document no longer has, and removes it', () => {
    const changes = vi.fn();
    const { heading: _heading, ...messages } = profile.messages as Json;
    render(<EditedList start={{ ...base, messages }} changes={changes} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText(/\/messages\/heading: the document has no text here/)).toBeInTheDocument();
    fireEvent.click(within(alert).getByRole('button', { name: 'Remove These Spanish Texts' }));
    expect(spanishOf(changes.mock.lastCall![0] as Json)).toEqual({ '/messages/ssn-on-file': 'Registrado: {ssn}.' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
