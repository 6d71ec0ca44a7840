/** The texts list: a search keeps the texts whose words, key or place match; an edit changes that text only. */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Json } from '../../src/staff/documents/document-edits.ts';
import { TextsList } from '../../src/staff/documents/texts-list.tsx';

const profile = JSON.parse(readFileSync(path.join(process.cwd(), 'schemas/forms/profile.schema.json'), 'utf8')) as Json;

describe('the texts list', () => {
  // Mantine's autosize Textarea listens for font loading, which jsdom does not have.
  beforeAll(() => {
    if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined }, configurable: true });
  });

  it('finds the date-of-birth message by "birth" and changes it', () => {
    const onChange = vi.fn();
    render(<MantineProvider><TextsList document={profile} readOnly={false} onChange={onChange} /></MantineProvider>);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search texts' }), { target: { value: 'birth' } });
    const text = screen.getByRole('textbox', { name: 'dob-range' });
    expect(text).toHaveAccessibleDescription(expect.stringContaining("DOB (field birthdate) — rule 'dob-range' message"));
    expect(screen.queryByRole('textbox', { name: 'firstname-required' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(/^\d+ of \d+ texts$/);
    fireEvent.change(text, { target: { value: 'Born 1941 or later.' } });
    expect(onChange).toHaveBeenCalledOnce();
    expect((onChange.mock.calls[0]![0] as { messages: Json }).messages['dob-range']).toBe('Born 1941 or later.');
  });
});
