import { MantineProvider } from '@mantine/core';
import { getDefaultRegistry, withTheme, type IChangeEvent } from '@rjsf/core';
import type { ErrorSchema, FieldProps, RJSFSchema } from '@rjsf/utils';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { engineRjsfValidator } from '#engine/react/rjsf-validator.ts';
import { engineTheme } from '#engine/theme/index.ts';
import { HOLD_MS } from '#engine/theme/held-text.ts';

const schema: RJSFSchema = {
  type: 'object',
  properties: { name: { type: 'string', title: 'Name' }, city: { type: 'string', title: 'City' }, age: { type: 'number', title: 'Age' } },
};

/** Renders of the form's root object field: each is rjsf working out the form again. */
let formRenders = 0;
const RjsfObjectField = engineTheme().fields!.ObjectField ?? getDefaultRegistry().fields.ObjectField!;
function CountingObjectField(props: FieldProps) {
  if (props.fieldPathId.$id === 'root') formRenders += 1;
  return <RjsfObjectField {...props} />;
}
const theme = engineTheme();
const Form = withTheme({ ...theme, fields: { ...theme.fields, ObjectField: CountingObjectField } });

let setScreenData: (data: Record<string, unknown>) => void = () => undefined;

/** A screen that keeps the data and hands it back, as most screens do. */
function Screen(props: { onChange: (data: unknown) => void; onSubmit?: (data: unknown) => void; extraErrors?: ErrorSchema }) {
  const [data, setData] = useState<Record<string, unknown>>({});
  setScreenData = setData;
  const changed = (event: IChangeEvent) => {
    setData(event.formData as Record<string, unknown>);
    props.onChange(event.formData);
  };
  return (
    <Form
      schema={schema}
      validator={engineRjsfValidator}
      formData={data}
      onChange={changed}
      onSubmit={(event) => props.onSubmit?.(event.formData)}
      extraErrors={props.extraErrors}
      noValidate
    />
  );
}

function renderScreen(props: Parameters<typeof Screen>[0]) {
  render(
    <MantineProvider>
      <Screen {...props} />
    </MantineProvider>,
  );
}

const name = () => screen.getByRole('textbox', { name: 'Name' });
const lastData = (onChange: ReturnType<typeof vi.fn>) => onChange.mock.calls.at(-1)?.[0];

afterEach(() => {
  vi.useRealTimers();
});

describe('typed text held in its input', () => {
  it('shows each key at once and hands the text to the form once typing pauses, without the form rendering per key', async () => {
    const onChange = vi.fn();
    renderScreen({ onChange });
    const before = formRenders;
    await userEvent.type(name(), 'Ada');
    expect(name()).toHaveValue('Ada');
    expect(onChange).not.toHaveBeenCalled();
    expect(formRenders).toBe(before);
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1), { timeout: HOLD_MS * 10 });
    expect(lastData(onChange)).toEqual({ name: 'Ada' });
    expect(formRenders).toBeGreaterThan(before);
  });

  it.each([
    ['the field is left', () => userEvent.tab()],
    ['a press lands elsewhere', () => fireEvent.pointerDown(document.body)],
    ['Enter is pressed', () => fireEvent.keyDown(name(), { key: 'Enter' })],
    ['the page is left (a reload)', () => window.dispatchEvent(new Event('pagehide'))],
    ['the browser goes Back', () => window.dispatchEvent(new PopStateEvent('popstate'))],
    [
      'the tab is hidden',
      () => {
        const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
        document.dispatchEvent(new Event('visibilitychange'));
        visibility.mockRestore();
      },
    ],
  ])('hands the text over at once when %s', async (_, trigger) => {
    const onChange = vi.fn();
    renderScreen({ onChange });
    await userEvent.type(name(), 'Ada');
    expect(onChange).not.toHaveBeenCalled();
    await act(async () => {
      await trigger();
    });
    expect(lastData(onChange)).toEqual({ name: 'Ada' });
  });

  it('submits what was typed when Enter submits the form', async () => {
    const onSubmit = vi.fn();
    renderScreen({ onChange: () => undefined, onSubmit });
    await userEvent.type(name(), 'Ada{Enter}');
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ada' });
  });

  it('hands on each key of a field that shows an error, so the error can go as soon as the text is right', async () => {
    const onChange = vi.fn();
    renderScreen({ onChange, extraErrors: { name: { __errors: ['Name is required.'] } } as unknown as ErrorSchema });
    await userEvent.type(name(), 'A');
    expect(lastData(onChange)).toEqual({ name: 'A' });
  });

  it('hands on each change of a number field', async () => {
    const onChange = vi.fn();
    renderScreen({ onChange });
    await userEvent.type(screen.getByRole('textbox', { name: 'Age' }), '4');
    expect(lastData(onChange)).toEqual({ age: 4 });
  });

  it('keeps the held text through a change of another field, and gives way to a new value of its own field', async () => {
    const onChange = vi.fn();
    renderScreen({ onChange });
    await userEvent.type(name(), 'Ada');
    act(() => setScreenData({ city: 'Austin' }));
    expect(name()).toHaveValue('Ada');
    await waitFor(() => expect(lastData(onChange)).toEqual({ city: 'Austin', name: 'Ada' }), { timeout: HOLD_MS * 10 });

    await userEvent.type(name(), ' Lovelace');
    act(() => setScreenData({ name: 'Grace' }));
    expect(name()).toHaveValue('Grace');
    const calls = onChange.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS * 2));
    expect(onChange).toHaveBeenCalledTimes(calls);
    expect(name()).toHaveValue('Grace');
  });
});
