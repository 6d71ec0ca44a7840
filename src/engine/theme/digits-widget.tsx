/**
 * 'ui:widget': 'digits' — a text input that keeps only digits (so leading zeros survive, unlike a number input),
 * at most the schema's maxLength of them. DigitsInput is that input for a widget that decides the length and how
 * a stored value is shown itself (a product's ZIP code).
 */
import { TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { errorText, visibleLabel } from './widget-support.ts';

export function onlyDigits(text: string, maxLength?: number): string {
  const digits = text.replace(/\D/g, '');
  return maxLength === undefined ? digits : digits.slice(0, maxLength);
}

type DigitsInputProps = {
  widget: WidgetProps;
  /** What the input shows for the widget's value. */
  shown: string;
  maxLength: number | undefined;
  autoComplete?: string;
  /** An error of the widget's own (a failed lookup), shown with the form's errors for the field. */
  error?: string | null;
};

export function DigitsInput({ widget, shown, maxLength, autoComplete, error }: DigitsInputProps) {
  const { id, htmlName, required, disabled, readonly, autofocus, placeholder, rawErrors, options } = widget;
  return (
    <TextInput
      id={id}
      name={htmlName || id}
      label={visibleLabel(widget)}
      value={shown}
      inputMode="numeric"
      autoComplete={autoComplete}
      maxLength={maxLength}
      placeholder={placeholder || undefined}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      error={errorText([...(rawErrors ?? []), ...(error ? [error] : [])])}
      onChange={(event) => {
        const digits = onlyDigits(event.currentTarget.value, maxLength);
        widget.onChange(digits === '' ? options.emptyValue : digits);
      }}
      onBlur={(event) => widget.onBlur(id, event.currentTarget.value)}
      onFocus={(event) => widget.onFocus(id, event.currentTarget.value)}
    />
  );
}

export function DigitsWidget(props: WidgetProps) {
  const { value, schema } = props;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const shown = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  return <DigitsInput widget={props} shown={shown} maxLength={maxLength} />;
}
