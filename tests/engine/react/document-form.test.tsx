import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { FieldErrors, FormDocument } from '#engine/runtime/types.ts';
import { clearDraft, DocumentForm, readDraft, visibleUiSchema, type DraftOptions, type FormData } from '#engine/react/index.ts';
import { baseForm, renderWithEngine } from './engine-harness.tsx';

const today = '2026-03-10';

function Harness(props: { document: FormDocument; initial?: FormData; serverErrors?: FieldErrors; onSubmit?: (data: FormData) => void; onInvalid?: (errors: FieldErrors) => void; draft?: DraftOptions }) {
  const [data, setData] = useState<FormData>(() => (props.draft && readDraft(props.draft.key)?.data) || props.initial || {});
  return (
    <DocumentForm
      document={props.document}
      formData={data}
      context={{ today }}
      onChange={setData}
      onSubmit={props.onSubmit ?? (() => undefined)}
      onInvalid={props.onInvalid}
      serverErrors={props.serverErrors}
      submitText="Next"
      draft={props.draft}
    />
  );
}

describe('DocumentForm', () => {
  it("keeps what is typed as the tab's draft, without the omitted fields, and a remount reads it back", async () => {
    const draft = { key: 'profile:member-1', omit: ['/additionalid'] };
    const { unmount } = renderWithEngine(<Harness document={baseForm('profile')} initial={{ firstname: 'Jane' }} draft={draft} />);
    await userEvent.type(screen.getByRole('textbox', { name: /^First Name/ }), 't');
    const ssn = () => screen.getByRole('textbox', { name: 'SSN first 3 digits' });
    await userEvent.click(ssn());
    await userEvent.paste('123456789');
    expect(screen.getByRole('textbox', { name: 'SSN last 4 digits' })).toHaveValue('6789');
    expect(readDraft(draft.key)?.data).toMatchObject({ firstname: 'Janet' });
    expect(readDraft(draft.key)?.data).not.toHaveProperty('additionalid');
    expect(JSON.stringify({ ...sessionStorage })).not.toMatch(/123.?45.?6789/);
    unmount();

    renderWithEngine(<Harness document={baseForm('profile')} initial={{ firstname: 'Jane' }} draft={draft} />);
    expect(screen.getByRole('textbox', { name: /^First Name/ })).toHaveValue('Janet');
    expect(ssn()).toHaveValue('');
    clearDraft(draft.key);
    expect(readDraft(draft.key)).toBeUndefined();
  });

  it("keeps what is typed without the screen handing it back: its rules, the submit and a screen's new data see it", async () => {
    const onSubmit = vi.fn();
    const onChange = vi.fn();
    const replaced = { waivecoveragereason: 'Other', waivecoveragereasonother: 'Covered by my spouse' };
    function UncontrolledScreen() {
      const [handed, setHanded] = useState<FormData>({ waivecoveragereason: 'Other' });
      return (
        <DocumentForm document={baseForm('waiver')} formData={handed} context={{ today }} onChange={onChange} onSubmit={onSubmit} submitText="Next">
          <button type="button" onClick={() => setHanded(replaced)}>
            Replace
          </button>
        </DocumentForm>
      );
    }
    renderWithEngine(<UncontrolledScreen />);
    const other = screen.getByLabelText(/^Other Reason/);
    await userEvent.type(other, 'Moving abroad');
    fireEvent.blur(other);
    expect(other).toHaveValue('Moving abroad');
    // The touched field is checked against what was typed, not against the data the screen handed in.
    expect(screen.queryByText('Please enter a waiver reason')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ waivecoveragereasonother: 'Moving abroad' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ waivecoveragereasonother: 'Moving abroad' }));

    await userEvent.click(screen.getByRole('button', { name: 'Replace' }));
    expect(screen.getByLabelText(/^Other Reason/)).toHaveValue('Covered by my spouse');
  });

  it('shows the document messages on submit and hides the Other reason until Other is chosen', async () => {
    const onSubmit = vi.fn();
    const onInvalid = vi.fn();
    renderWithEngine(<Harness document={baseForm('waiver')} onSubmit={onSubmit} onInvalid={onInvalid} />);
    expect(screen.queryByLabelText(/^Other Reason/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please select a waiver reason')).toBeInTheDocument();
    expect(onInvalid).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows a field whose ui:showWhen holds, with the rule's message from the document", async () => {
    renderWithEngine(<Harness document={baseForm('waiver')} initial={{ waivecoveragereason: 'Other' }} />);
    expect(screen.getByLabelText(/^Other Reason/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please enter a waiver reason')).toBeInTheDocument();
  });

  it('checks a field once it is touched, and only that field', async () => {
    renderWithEngine(<Harness document={baseForm('profile')} />);
    const dob = screen.getByLabelText(/^DOB/);
    fireEvent.change(dob, { target: { value: '1930-05-01' } });
    expect(screen.queryByText('DOB must be between 1941-01-01 and today.')).not.toBeInTheDocument();
    fireEvent.blur(dob);
    expect(await screen.findByText('DOB must be between 1941-01-01 and today.')).toBeInTheDocument();
    expect(screen.queryByText('First Name is required')).not.toBeInTheDocument();
    expect(dob).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the errors of a field left by pressing on another only once the press is over, so the press still lands', async () => {
    renderWithEngine(<Harness document={baseForm('profile')} />);
    const dob = screen.getByLabelText(/^DOB/);
    const female = screen.getByRole('radio', { name: 'Female' });
    fireEvent.change(dob, { target: { value: '1930-05-01' } });
    fireEvent.pointerDown(female);
    fireEvent.blur(dob);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('DOB must be between 1941-01-01 and today.')).not.toBeInTheDocument();
    fireEvent.pointerUp(female);
    fireEvent.click(female);
    expect(await screen.findByText('DOB must be between 1941-01-01 and today.')).toBeInTheDocument();
    expect(female).toBeChecked();
  });

  it("waits for a tap's click, which comes after its pointerup with the change of focus, so the tap still lands", async () => {
    renderWithEngine(<Harness document={baseForm('profile')} />);
    const dob = screen.getByLabelText(/^DOB/);
    const female = screen.getByRole('radio', { name: 'Female' });
    fireEvent.change(dob, { target: { value: '1930-05-01' } });
    fireEvent.pointerDown(female, { pointerType: 'touch' });
    fireEvent.pointerUp(female, { pointerType: 'touch' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    fireEvent.blur(dob);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('DOB must be between 1941-01-01 and today.')).not.toBeInTheDocument();
    fireEvent.click(female);
    expect(await screen.findByText('DOB must be between 1941-01-01 and today.')).toBeInTheDocument();
    expect(female).toBeChecked();
  });

  it('shows the errors of text a press hands on only once the press is over, so the press still lands', async () => {
    renderWithEngine(<Harness document={baseForm('profile')} initial={{ city: 'Austin' }} />);
    const city = screen.getByRole('textbox', { name: /^City/ });
    const female = screen.getByRole('radio', { name: 'Female' });
    await userEvent.click(city);
    await userEvent.tab();
    await userEvent.clear(city);
    fireEvent.pointerDown(female);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/City is required/)).not.toBeInTheDocument();
    fireEvent.pointerUp(female);
    fireEvent.click(female);
    expect(await screen.findByText(/City is required/)).toBeInTheDocument();
    expect(female).toBeChecked();
  });

  it("shows a liveErrors field's typing faults on every keystroke, before it is left", async () => {
    const strength =
      'Password must be at least 8 characters long, contain uppercase, lowercase, a number, and a special character.';
    renderWithEngine(<Harness document={baseForm('set-password')} />);
    const password = screen.getByLabelText(/^New Password/);
    await userEvent.type(password, 'Ab1');
    expect(password).toHaveFocus();
    // The field's other fault (a common password) shows with it, on a line of its own.
    expect(await screen.findByText(strength, { exact: false })).toBeInTheDocument();
    await userEvent.type(password, '#defgh');
    await waitFor(() => expect(screen.queryByText(strength, { exact: false })).not.toBeInTheDocument());
  });

  it('keeps a field without liveErrors quiet while typing', async () => {
    const document = baseForm('set-password');
    const quiet = { ...document, uiSchema: { ...document.uiSchema, password: { 'ui:widget': 'password' } } };
    renderWithEngine(<Harness document={quiet} />);
    await userEvent.type(screen.getByLabelText(/^New Password/), 'Ab1');
    expect(screen.queryByText(/^Password must be/)).not.toBeInTheDocument();
  });

  it('lists every fault after a submit, with the document texts', async () => {
    const onInvalid = vi.fn();
    renderWithEngine(<Harness document={baseForm('profile')} onInvalid={onInvalid} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('First Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please select yes or no for Smoker field and try again!')).toBeInTheDocument();
    expect(screen.queryByText('Smoker field is required')).not.toBeInTheDocument();
    expect(onInvalid.mock.calls[0]?.[0]).toHaveProperty('/firstname');
    await waitFor(() => expect(screen.getByLabelText(/^First Name/)).toHaveFocus());
  });

  it('moves focus to the first field in error, in the order of the page', async () => {
    const profile = baseForm('profile');
    renderWithEngine(<Harness document={profile} initial={{ firstname: 'Ann', lastname: 'Lee', address1: '   ' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(profile.messages['address-required']!)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Home Address/)).toHaveFocus());
  });

  it("shows the smoker field's schema text once it is left empty, and only then", async () => {
    renderWithEngine(<Harness document={baseForm('profile')} />);
    const group = screen.getByRole('radiogroup', { name: /^Smoker/ });
    expect(screen.queryByText('Smoker field is required')).not.toBeInTheDocument();
    fireEvent.blur(within(group).getByRole('radio', { name: 'Yes' }));
    expect(await screen.findByText('Smoker field is required')).toBeInTheDocument();
  });

  it('marks the field a server error names, until that field is edited', async () => {
    renderWithEngine(
      <Harness
        document={baseForm('profile')}
        initial={{ firstname: 'Ann' }}
        serverErrors={{ '/firstname': ['The server refused this name.'] }}
      />,
    );
    const first = screen.getByLabelText(/^First Name/);
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The server refused this name.')).toBeInTheDocument();
    await userEvent.type(first, 'e');
    await waitFor(() => expect(screen.queryByText('The server refused this name.')).not.toBeInTheDocument());
  });

  it("consumes the engine's own ui keys, so no widget is handed ui:showWhen or liveErrors", () => {
    const ui = {
      reason: { 'ui:widget': 'textarea', 'ui:showWhen': { '==': [{ var: 'data.a' }, 'x'] }, 'ui:options': { liveErrors: true, rows: 3 } },
      list: { items: { name: { 'ui:options': { liveErrors: true } } } },
    };
    expect(visibleUiSchema(ui, { data: { a: 'x' }, context: {} })).toEqual({
      reason: { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } },
      list: { items: { name: { 'ui:options': {} } } },
    });
    expect(visibleUiSchema(ui, { data: { a: 'y' }, context: {} })).toMatchObject({ reason: { 'ui:widget': 'hidden' } });
  });

  it('gives every input its visible label as its accessible name', () => {
    renderWithEngine(<Harness document={baseForm('profile')} />);
    for (const name of [/^First Name/, /^Home Address/, /^ZIP Code/, /^PCP Name/]) {
      expect(screen.getByRole('textbox', { name })).toBeInTheDocument();
    }
    expect(screen.getByLabelText(/^DOB/)).toHaveAttribute('type', 'date');
    const smoker = screen.getByRole('radiogroup', { name: /Smoker/ });
    expect(within(smoker).getByRole('radio', { name: 'Yes' })).toBeInTheDocument();
  });
});
