import { MantineProvider } from '@mantine/core';
import { withTheme } from '@rjsf/core';
import type { ArrayFieldItemTemplateProps, RJSFSchema } from '@rjsf/utils';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { engineRjsfValidator } from '#engine/react/rjsf-validator.ts';
import { ArrayFieldItemTemplate, engineTheme } from '#engine/theme/index.ts';
import { sharedParts } from '#engine/theme/array-field.tsx';

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name' },
    people: { type: 'array', items: { type: 'object', properties: { first: { type: 'string', title: 'First' } } } },
  },
};
const uiSchema = { people: { 'ui:options': { itemTitle: 'Person #{number}', orderable: false } } };

describe('the array field', () => {
  it('renders again only the item whose data changed, and every keystroke reaches the data', async () => {
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
    expect(data).toEqual({ people: [{ first: 'Ann' }, { first: 'Bo' }, { first: 'Cyrus' }] });
    expect(renders.slice(0, 2)).toEqual(before.slice(0, 2));
    expect(renders[2]).toBeGreaterThan(before[2]!);

    const afterItem = [...renders];
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Family');
    expect(data).toEqual({ name: 'Family', people: [{ first: 'Ann' }, { first: 'Bo' }, { first: 'Cyrus' }] });
    expect(renders).toEqual(afterItem);
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
