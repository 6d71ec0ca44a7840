import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { FormDocument } from '#engine/runtime/types.ts';
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

/**
 * Mantine's generated ids (mantine-xxxxxxxxx) differ per run, and React's ids (_r_xx_, a select's options) and
 * Mantine's inline style classes built from them (__m__-_r_xx_) count the forms rendered before, so they move when
 * a form is added; the snapshot keeps their place, not their value.
 */
function stableIds(form: Element | null): Element | null {
  const copy = form?.cloneNode(true) as Element | null;
  const styleClass = /__m__-_r_[a-z0-9]+_/g;
  for (const element of copy?.querySelectorAll('*') ?? []) {
    for (const attribute of [...element.attributes]) {
      const holdsId = attribute.name === 'id' || attribute.name === 'for' || attribute.name.startsWith('aria-');
      if (holdsId) {
        const stable = attribute.value.replace(/\bmantine-[a-z0-9]{9}\b/g, 'mantine-generated').replace(/\b_r_[a-z0-9]+_\b/g, '_r_generated_');
        element.setAttribute(attribute.name, stable);
      }
      if (attribute.name === 'class') element.setAttribute('class', attribute.value.replace(styleClass, '__m__-generated'));
    }
    if (element.tagName === 'STYLE') element.textContent = (element.textContent ?? '').replace(styleClass, '__m__-generated');
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

  it('ssn: three boxes of 3-2-4 digits; a masked stored SSN is kept and said to be on file; typing shows the notice', () => {
    const notice = 'Your SSN is required when making an health insurance election, including when waiving coverage.';
    const keptOnNext = 'For your safety, your SSN is kept only once you press Next: if you leave or reload this page before, please enter it again.';
    renderWithEngine(<Rendered document={baseForm('profile')} initial={{ additionalid: '***-**-1234' }} />);
    expect(screen.getByText('On file: ***-**-1234. Enter a new number only to change it.')).toBeInTheDocument();
    expect(screen.queryByText(keptOnNext)).not.toBeInTheDocument();
    const last = screen.getByRole('textbox', { name: 'SSN last 4 digits' });
    expect(last).toHaveValue('');
    expect(last).toHaveAttribute('placeholder', '1234');
    fireEvent.change(screen.getByRole('textbox', { name: 'SSN first 3 digits' }), { target: { value: '12x3' } });
    expect(screen.getByRole('textbox', { name: 'SSN first 3 digits' })).toHaveValue('123');
    // A new number being typed is not on file yet: the notice, and that it is kept only once Next saves it.
    expect(screen.getByText(notice)).toBeInTheDocument();
    expect(screen.getByText(keptOnNext)).toBeInTheDocument();
  });

  it("radios: the profile's Gender and Smoker are radio groups named by their labels", () => {
    renderWithEngine(<Rendered document={baseForm('profile')} />);
    expect(within(screen.getByRole('radiogroup', { name: 'Gender' })).getByRole('radio', { name: 'Female' })).toBeInTheDocument();
    expect(within(screen.getByRole('radiogroup', { name: 'Smoker' })).getByRole('radio', { name: 'Yes' })).toBeInTheDocument();
  });

  it('us-state: a select of the states by name, storing the two-letter code', async () => {
    const seen: FormData[] = [];
    function Watched() {
      const [data, setData] = useState<FormData>({});
      seen.push(data);
      return <DocumentForm document={baseForm('profile')} formData={data} context={{}} onChange={setData} onSubmit={() => undefined} />;
    }
    renderWithEngine(<Watched />);
    const state = screen.getByRole('combobox', { name: 'State' });
    expect(within(state).getByRole('option', { name: 'Texas' })).toHaveValue('TX');
    await userEvent.selectOptions(state, 'New Jersey');
    expect(state).toHaveValue('NJ');
    expect(seen.at(-1)?.stateorprovince).toBe('NJ');
  });

  it("array: add and remove buttons and each item's group take their texts from the array's uiSchema", async () => {
    renderWithEngine(<Rendered document={baseForm('profile')} />);
    const add = screen.getByRole('button', { name: 'Add Dependent' });
    await userEvent.click(add);
    await userEvent.click(add);
    const second = screen.getByRole('group', { name: 'Dependent #2' });
    for (const name of ['First Name', 'Last Name']) expect(within(second).getByRole('textbox', { name })).toBeInTheDocument();
    for (const name of ['Gender', 'Relationship', 'Smoker']) expect(within(second).getByRole('radiogroup', { name })).toBeInTheDocument();
    expect(within(second).getByRole('group', { name: 'SSN' })).toBeInTheDocument();
    expect(within(second).getByLabelText(/^Date of Birth/)).toHaveAttribute('type', 'date');
    expect(within(second).getByRole('radio', { name: 'Child' })).toBeChecked();
    expect(screen.queryByRole('button', { name: /Move/ })).not.toBeInTheDocument();

    await userEvent.type(within(screen.getByRole('group', { name: 'Dependent #1' })).getByRole('textbox', { name: 'First Name' }), 'Ann');
    await userEvent.click(within(screen.getByRole('group', { name: 'Dependent #1' })).getByRole('button', { name: 'Remove Dependent #1' }));
    expect(screen.queryByRole('group', { name: 'Dependent #2' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Dependent #1' })).getByRole('textbox', { name: 'First Name' })).toHaveValue('');
  });

  it("date: a blank dependent's placeholder birthdate shows empty and counts as missing; a date out of range is refused", async () => {
    const profile = baseForm('profile');
    const missing = profile.messages['dependent-dob-missing']!.replace('{number}', '1');
    const range = profile.messages['dependent-dob-range']!.replace('{number}', '1');
    renderWithEngine(<Rendered document={profile} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Dependent' }));
    const dob = within(screen.getByRole('group', { name: 'Dependent #1' })).getByLabelText(/^Date of Birth/);
    expect(dob).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(missing)).toBeInTheDocument();
    expect(screen.queryByText(range)).not.toBeInTheDocument();
    fireEvent.change(dob, { target: { value: '1940-12-31' } });
    expect(await screen.findByText(range)).toBeInTheDocument();
    fireEvent.change(dob, { target: { value: '2015-04-03' } });
    expect(dob).toHaveValue('2015-04-03');
    expect(screen.queryByText(range)).not.toBeInTheDocument();
    expect(screen.queryByText(missing)).not.toBeInTheDocument();
  });
});
