/**
 * 'ui:widget': 'digits' — a text input that keeps only digits (so leading zeros survive, unlike a number input),
 * at most the schema's maxLength of them.
 */
import { TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { errorText, visibleLabel } from './widget-support.ts';

export function onlyDigits(text: string, maxLength?: number): string {
  const digits = text.replace(/\D/g, '');
  return maxLength === undefined ? digits : digits.slice(0, maxLength);
}

export function DigitsWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, placeholder, rawErrors, options, schema } = props;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  return (
    <TextInput
      id={id}
      name={htmlName || id}
      label={visibleLabel(props)}
      value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
      inputMode="numeric"
      maxLength={maxLength}
      placeholder={placeholder || undefined}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      error={errorText(rawErrors)}
      onChange={(event) => {
        const digits = onlyDigits(event.currentTarget.value, maxLength);
        props.onChange(digits === '' ? options.emptyValue : digits);
      }}
      onBlur={(event) => props.onBlur(id, event.currentTarget.value)}
      onFocus={(event) => props.onFocus(id, event.currentTarget.value)}
    />
  );
}
