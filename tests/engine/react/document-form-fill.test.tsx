/** A widget fills other fields of its form through formContext.setFields (generic: no product widget here). */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { FormDocument } from '#engine/runtime/types.ts';
import { DocumentForm, type DocumentFormContext, type FormData } from '#engine/react/index.ts';
import { noServices, renderWithEngine } from './engine-harness.tsx';

/** Fills the fields its ui:options name, after an await (as a lookup would). */
function FillingWidget(props: WidgetProps) {
  const { setFields } = props.registry.formContext as DocumentFormContext;
  return (
    <button
      type="button"
      onClick={async () => {
        props.onChange('asked');
        await Promise.resolve();
        setFields(props.options.fills as Record<string, unknown>);
      }}
    >
      Fill
    </button>
  );
}

const document: FormDocument = {
  id: 'fill-test',
  version: 1,
  kind: 'form',
  schema: {
    type: 'object',
    required: ['second'],
    properties: {
      first: { type: 'string' },
      second: { type: 'string', minLength: 1, title: 'Second' },
      nested: { type: 'object', properties: { third: { type: 'string', title: 'Third' } } },
    },
  },
  uiSchema: { first: { 'ui:widget': 'filling', 'ui:options': { fills: { '/second': 'two', '/nested/third': 'three' } } } },
  messages: { 'second-required': 'Second is required' },
  errorMessages: { '/second': { required: 'second-required', minLength: 'second-required' } },
} as FormDocument;

const serverErrors = { '/second': ['The server says no'] };

function Harness({ onData }: { onData: (data: FormData) => void }) {
  const [data, setData] = useState<FormData>({});
  return (
    <DocumentForm
      document={document}
      formData={data}
      context={{}}
      onChange={(next) => {
        setData(next);
        onData(next);
      }}
      onSubmit={() => undefined}
      serverErrors={serverErrors}
      submitText="Save"
    />
  );
}

describe('DocumentForm setFields', () => {
  it("fills sibling and nested fields with the widget's own change kept, and clears their server errors", async () => {
    let last: FormData = {};
    renderWithEngine(<Harness onData={(data) => (last = data)} />, { ...noServices, widgets: { ...noServices.widgets, filling: FillingWidget } });
    expect(screen.getByText('The server says no')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fill' }));
    await waitFor(() => expect(last).toEqual({ first: 'asked', second: 'two', nested: { third: 'three' } }));
    expect(screen.getByRole('textbox', { name: 'Second' })).toHaveValue('two');
    expect(screen.getByRole('textbox', { name: 'Third' })).toHaveValue('three');
    expect(screen.queryByText('The server says no')).not.toBeInTheDocument();
  });
});
