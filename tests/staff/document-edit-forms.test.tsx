/** The console's form-based edits show what the base document locks as locked, with why. */
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DocumentEditForms } from '../../src/staff/documents/editor/document-edit-forms.tsx';
import type { Json } from '../../src/staff/documents/document-edits.ts';

const read = (file: string) => JSON.parse(readFileSync(path.join(process.cwd(), file), 'utf8')) as Json;

describe('locked parts in the form-based edits', () => {
  // Mantine's autosize Textarea listens for font loading, which jsdom does not have.
  beforeAll(() => {
    if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined }, configurable: true });
  });

  it('keeps the ICHRA acknowledgment on, saying why; Additional Services may be switched off', async () => {
    const flow = read('flows/enrollment.flow.json');
    const onChange = vi.fn();
    render(<MantineProvider><DocumentEditForms document={flow} base={flow} readOnly={false} onChange={onChange} /></MantineProvider>);
    const ichra = screen.getByRole('checkbox', { name: 'ICHRA Acknowledgment' });
    expect(ichra).toBeDisabled();
    expect(ichra).toHaveAccessibleDescription(expect.stringContaining('The ICHRA rules require'));
    const services = screen.getByRole('checkbox', { name: 'Additional Services' });
    expect(services).toBeEnabled();
    await userEvent.click(services);
    expect(onChange).toHaveBeenCalledOnce();
  });

  it("keeps a locked field's Required box set, saying why", async () => {
    const profile = read('schemas/forms/profile.schema.json');
    render(<MantineProvider><DocumentEditForms document={profile} base={profile} readOnly={false} onChange={() => undefined} /></MantineProvider>);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Field' }), 'birthdate');
    const required = screen.getByRole('checkbox', { name: 'Required' });
    expect(required).toBeChecked();
    expect(required).toBeDisabled();
    expect(required).toHaveAccessibleDescription(expect.stringContaining("The member's date of birth"));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Field' }), 'address2');
    expect(screen.getByRole('checkbox', { name: 'Required' })).toBeEnabled();
  });
});
