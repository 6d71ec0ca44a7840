import { MantineProvider } from '@mantine/core';
import { getDefaultRegistry, withTheme, type IChangeEvent } from '@rjsf/core';
import { useState } from 'react';
import type { ArrayFieldItemTemplateProps, FieldProps, RJSFSchema } from '@rjsf/utils';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { engineRjsfValidator } from '#engine/react/rjsf-validator.ts';
import { ArrayFieldItemTemplate, engineTheme } from '#engine/theme/index.ts';
import { sharedParts } from '#engine/theme/stable-fields.tsx';

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name' },
    people: { type: 'array', items: { type: 'object', properties: { first: { type: 'string', title: 'First' } } } },
  },
};
const uiSchema = { people: { 'ui:options': { itemTitle: 'Person #{number}', orderable: false } } };

describe('the array and object fields', () => {
  it('renders again only the item whose data changed, and what is typed reaches the data when the field is left', async () => {
    const renders: number[] = [];
    function CountingItem(props: ArrayFieldItemTemplateProps) {
      renders[props.index] = (renders[props.index] ?? 0) + 1;
      return <ArrayFieldItemTemplate {...props} />;
    }
    const theme = engineTheme();
    const Form = withTheme({ ...theme, templates: { ...theme.templates, ArrayFieldItemTemplate: CountingItem } });
    let data: unknown;
    render(
      <MantineProvider>
        <Form
          schema={schema}
          uiSchema={uiSchema}
          validator={engineRjsfValidator}
          formData={{ people: [{ first: 'Ann' }, { first: 'Bo' }, { first: 'Cy' }] }}
          onChange={(event) => (data = event.formData)}
          noValidate
        />
      </MantineProvider>,
    );
    const before = [...renders];

    await userEvent.type(within(screen.getByRole('group', { name: 'Person #3' })).getByRole('textbox', { name: 'First' }), 'rus');
    await userEvent.tab();
    expect(data).toEqual({ people: [{ first: 'Ann' }, { first: 'Bo' }, { first: 'Cyrus' }] });
    expect(renders.slice(0, 2)).toEqual(before.slice(0, 2));
    expect(renders[2]).toBeGreaterThan(before[2]!);

    const afterItem = [...renders];
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Family');
    await userEvent.tab();
    expect(data).toEqual({ name: 'Family', people: [{ first: 'Ann' }, { first: 'Bo' }, { first: 'Cyrus' }] });
    expect(renders).toEqual(afterItem);
  });

  it('renders again only the property of an object whose data changed', async () => {
    // Each property's SchemaField, as its object field renders it (rjsf memoizes the property on its props).
    const renders = new Map<string, number>();
    const RjsfSchemaField = getDefaultRegistry().fields.SchemaField!;
    function CountingSchemaField(props: FieldProps) {
      renders.set(props.fieldPathId.$id, (renders.get(props.fieldPathId.$id) ?? 0) + 1);
      return <RjsfSchemaField {...props} />;
    }
    const theme = engineTheme();
    const Form = withTheme({ ...theme, fields: { ...theme.fields, SchemaField: CountingSchemaField } });
    const flat: RJSFSchema = {
      type: 'object',
      properties: { first: { type: 'string', title: 'First' }, last: { type: 'string', title: 'Last' }, city: { type: 'string', title: 'City' } },
    };
    let data: unknown;
    // As a screen does: it keeps the data and gives it back to the form with new handlers on each change.
    function Screen() {
      const [formData, setFormData] = useState<unknown>({});
      const changed = (event: IChangeEvent) => {
        data = event.formData;
        setFormData(event.formData);
      };
      return <Form schema={flat} validator={engineRjsfValidator} formData={formData} onChange={changed} noValidate />;
    }
    render(
      <MantineProvider>
        <Screen />
      </MantineProvider>,
    );
    const before = new Map(renders);

    await userEvent.type(screen.getByRole('textbox', { name: 'Last' }), 'Lee');
    await userEvent.tab();
    expect(data).toEqual({ last: 'Lee' });
    expect(renders.get('root_first')).toBe(before.get('root_first'));
    expect(renders.get('root_city')).toBe(before.get('root_city'));
    expect(renders.get('root_last')).toBeGreaterThan(before.get('root_last')!);
  });

  it('keeps the unchanged parts of a value, and the value itself when nothing changed', () => {
    const previous: unknown[] = [{ a: 1 }, { b: [2] }];
    const next: unknown[] = [{ a: 1 }, { b: [3] }, { c: 4 }];
    const shared = sharedParts(previous, next);
    expect(shared).toEqual(next);
    expect(shared[0]).toBe(previous[0]);
    expect(shared[1]).toBe(next[1]);
    expect(sharedParts(previous, structuredClone(previous))).toBe(previous);
    expect(sharedParts<unknown>({ x: { y: 1 }, z: 2 }, { x: { y: 1 } })).toEqual({ x: { y: 1 } });
    expect(sharedParts<unknown>([1, 2], { 0: 1, 1: 2 })).toEqual({ 0: 1, 1: 2 });
  });
});
