import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { FormDocument } from '#engine/core/types.ts';
import { DocumentForm, type FormData } from '#engine/react/index.ts';
import { baseForm, baseFormIds, renderWithEngine } from '../react/engine-harness.tsx';

function Rendered({ document, initial = {} }: { document: FormDocument; initial?: FormData }) {
  const [data, setData] = useState<FormData>(initial);
  return (
    <DocumentForm
      document={document}
      formData={data}
      context={{ today: '2026-03-10' }}
      onChange={setData}
      onSubmit={() => undefined}
      submitText="Submit"
    />
  );
}

/** Mantine's generated ids (mantine-xxxxxxxxx) differ per run; the snapshot keeps their place, not their value. */
function stableIds(form: Element | null): Element | null {
  const copy = form?.cloneNode(true) as Element | null;
  for (const element of copy?.querySelectorAll('*') ?? []) {
    for (const attribute of [...element.attributes]) {
      const holdsId = attribute.name === 'id' || attribute.name === 'for' || attribute.name.startsWith('aria-');
      if (holdsId) element.setAttribute(attribute.name, attribute.value.replace(/\bmantine-[a-z0-9]{9}\b/g, 'mantine-generated'));
    }
  }
  return copy;
}

describe('every form document rendered with the real theme', () => {
  for (const id of baseFormIds().sort()) {
    it(`renders ${id}`, () => {
      const { container } = renderWithEngine(<Rendered document={baseForm(id)} />);
      expect(stableIds(container.querySelector('form'))).toMatchSnapshot();
    });
  }
});

describe('theme widgets', () => {
  it('password: a Show/Hide button reveals the characters', async () => {
    renderWithEngine(<Rendered document={baseForm('login')} />);
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('yes-no: stores the document values and the required asterisk shows', async () => {
    renderWithEngine(<Rendered document={baseForm('profile')} />);
    const smoker = screen.getByRole('radiogroup', { name: /Smoker/ });
    await userEvent.click(screen.getAllByRole('radio', { name: 'No' })[0]!);
    expect(screen.getAllByRole('radio', { name: 'No' })[0]).toBeChecked();
    const label = document.getElementById(smoker.getAttribute('aria-labelledby') ?? '');
    expect(label?.textContent).toBe('Smoker *');
  });

  it('zip: digits only, at most five, leading zero kept', () => {
    renderWithEngine(<Rendered document={baseForm('profile')} />);
    const zip = screen.getByRole('textbox', { name: /^ZIP Code/ });
    fireEvent.change(zip, { target: { value: '02a1345' } });
    expect(zip).toHaveValue('02134');
  });

  it('ssn: three boxes of 3-2-4 digits; a masked stored SSN is kept and the notice shows', () => {
    renderWithEngine(<Rendered document={baseForm('profile')} initial={{ additionalid: '***-**-1234' }} />);
    expect(screen.getByText('Your SSN is required when making an health insurance election, including when waiving coverage.')).toBeInTheDocument();
    const last = screen.getByRole('textbox', { name: 'SSN last 4 digits' });
    expect(last).toHaveValue('');
    expect(last).toHaveAttribute('placeholder', '1234');
    fireEvent.change(screen.getByRole('textbox', { name: 'SSN first 3 digits' }), { target: { value: '12x3' } });
    expect(screen.getByRole('textbox', { name: 'SSN first 3 digits' })).toHaveValue('123');
  });
});
