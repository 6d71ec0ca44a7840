/**
 * 'ui:widget': 'zip' — a US ZIP code: digits only, at most 5, kept as text so a leading zero stays ('02134').
 */
import { errorText, onlyDigits, visibleLabel } from '#engine/theme/index.ts';
import { TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';

export const ZIP_LENGTH = 5;

/** A stored ZIP that lost its leading zeros (a number on the way) gets them back. */
export function restoreZip(value: unknown): string {
  if (typeof value === 'number' && Number.isInteger(value)) return String(value).padStart(ZIP_LENGTH, '0');
  return typeof value === 'string' ? onlyDigits(value, ZIP_LENGTH) : '';
}

export function ZipWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, rawErrors, options, placeholder } = props;
  return (
    <TextInput
      id={id}
      name={htmlName || id}
      label={visibleLabel(props)}
      value={restoreZip(value)}
      inputMode="numeric"
      autoComplete="postal-code"
      maxLength={ZIP_LENGTH}
      placeholder={placeholder || undefined}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      error={errorText(rawErrors)}
      onChange={(event) => {
        const digits = onlyDigits(event.currentTarget.value, ZIP_LENGTH);
        props.onChange(digits === '' ? options.emptyValue : digits);
      }}
      onBlur={(event) => props.onBlur(id, event.currentTarget.value)}
      onFocus={(event) => props.onFocus(id, event.currentTarget.value)}
    />
  );
}
