/**
 * 'ui:widget': 'yes-no' — two radios. A boolean field stores true/false; a string field stores its own enum values
 * (the first enum value is the yes answer, the second the no answer), so 'Yes'/'No' strings work unchanged.
 * The field is left (touched, so its errors show) when the focus leaves the group, not when it moves from one radio
 * to the other: an arrow key choosing the answer would otherwise show 'required' before the choice it makes.
 */
import { Group, Radio } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import type { FocusEvent } from 'react';
import { errorText, textOption, visibleLabel } from './widget-support.ts';

type Answer = { key: 'yes' | 'no'; value: unknown; label: string };

function answers(props: WidgetProps): Answer[] {
  const { schema, options } = props;
  const yesText = textOption(options, 'yesText', 'Yes');
  const noText = textOption(options, 'noText', 'No');
  const values = Array.isArray(schema.enum) && schema.enum.length >= 2 ? schema.enum : undefined;
  const isBoolean = schema.type === 'boolean' || (Array.isArray(schema.type) && schema.type.includes('boolean'));
  if (values) return [{ key: 'yes', value: values[0], label: yesText }, { key: 'no', value: values[1], label: noText }];
  if (isBoolean) return [{ key: 'yes', value: true, label: yesText }, { key: 'no', value: false, label: noText }];
  return [{ key: 'yes', value: yesText, label: yesText }, { key: 'no', value: noText, label: noText }];
}

export function YesNoWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, rawErrors } = props;
  const choices = answers(props);
  const selected = choices.find((choice) => choice.value === value)?.key ?? null;
  return (
    <Radio.Group
      id={id}
      name={htmlName || id}
      label={visibleLabel(props)}
      value={selected}
      required={required}
      readOnly={disabled || readonly}
      error={errorText(rawErrors)}
      onChange={(key) => props.onChange(choices.find((choice) => choice.key === key)?.value)}
    >
      <Group mt="xs" gap="lg">
        {choices.map((choice) => (
          <Radio
            key={choice.key}
            id={`${id}-${choice.key}`}
            value={choice.key}
            label={choice.label}
            disabled={disabled || readonly}
            onBlur={(event: FocusEvent<HTMLInputElement>) => {
              const group = event.currentTarget.closest('[role="radiogroup"]');
              if (!(event.relatedTarget instanceof Node && group?.contains(event.relatedTarget))) props.onBlur(id, value);
            }}
            onFocus={() => props.onFocus(id, value)}
          />
        ))}
      </Group>
    </Radio.Group>
  );
}
