/**
 * Typing that paints in the keystroke's own frame (theme/typing.ts): the input shows what is typed at once, the
 * form catching up later changes nothing on screen, a change from elsewhere replaces it, and what is still on its
 * way is handed on synchronously on blur and Enter.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { FormDocument } from '#engine/core/types.ts';
import { DocumentForm, type FormData } from '#engine/react/index.ts';
import { useTypedText } from '#engine/theme/index.ts';
import { renderWithEngine } from '../react/engine-harness.tsx';

/** An input whose form (the test) decides when `value` catches up; `report` records what is handed on. */
function Typed({ value, report }: { value: string; report: (text: string) => void }) {
  const typed = useTypedText('name', value, report);
  return (
    <label>
      Name
      <input value={typed.shown} onChange={(event) => typed.type(event.currentTarget.value)} onBlur={typed.flush} />
    </label>
  );
}

describe('useTypedText', () => {
  it('shows what is typed while the form catches up, and takes a value set from elsewhere', () => {
    const report = vi.fn();
    const { rerender } = render(<Typed value="" report={report} />);
    const input = screen.getByLabelText('Name');
    fireEvent.change(input, { target: { value: 'A' } });
    fireEvent.change(input, { target: { value: 'An' } });
    expect(input).toHaveValue('An');
    expect(report.mock.calls).toEqual([['A'], ['An']]);

    // The form gives back the texts it was handed, one after the other: nothing moves on screen.
    rerender(<Typed value="A" report={report} />);
    expect(input).toHaveValue('An');
    rerender(<Typed value="An" report={report} />);
    expect(input).toHaveValue('An');

    // A value the input never handed on (a reset, a lookup) replaces what is shown.
    rerender(<Typed value="Reset" report={report} />);
    expect(input).toHaveValue('Reset');
    // Even one equal to a text handed on long ago: the form had caught up since.
    rerender(<Typed value="A" report={report} />);
    expect(input).toHaveValue('A');
  });

  it('hands on what is shown when the input is left before the form caught up, and only then', () => {
    const report = vi.fn();
    render(<Typed value="" report={report} />);
    const input = screen.getByLabelText('Name');
    fireEvent.change(input, { target: { value: 'Ann' } });
    report.mockClear();
    fireEvent.blur(input);
    expect(report.mock.calls).toEqual([['Ann']]);
    report.mockClear();
    fireEvent.blur(input);
    expect(report).not.toHaveBeenCalled();
  });
});

const nameForm: FormDocument = {
  id: 'typing-name',
  kind: 'form',
  title: 'Name',
  schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', title: 'Name', minLength: 1 } } },
  uiSchema: {},
  messages: { 'name.required': 'Name is required.' },
} as unknown as FormDocument;

function NameForm({ onSubmit, seen }: { onSubmit: (data: FormData) => void; seen: (data: FormData) => void }) {
  const [data, setData] = useState<FormData>({});
  seen(data);
  return (
    <DocumentForm
      document={nameForm}
      formData={data}
      context={{}}
      onChange={setData}
      onSubmit={onSubmit}
      submitText="Save"
    >
      <button type="button" onClick={() => setData({ name: 'From elsewhere' })}>
        Fill
      </button>
    </DocumentForm>
  );
}

describe('DocumentForm with typed text', () => {
  it('submits what was typed, by Enter or by the button, and the screen holds it', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    let latest: FormData = {};
    renderWithEngine(<NameForm onSubmit={onSubmit} seen={(data) => (latest = data)} />);
    const input = await screen.findByLabelText(/Name/);
    await user.type(input, 'Ann{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith({ name: 'Ann' });
    expect(latest).toEqual({ name: 'Ann' });

    await user.type(input, 'a');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ name: 'Anna' });

    await user.click(screen.getByRole('button', { name: 'Fill' }));
    await act(async () => undefined);
    expect(input).toHaveValue('From elsewhere');
  });
});
