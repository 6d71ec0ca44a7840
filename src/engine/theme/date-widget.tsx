/**
 * 'ui:widget': 'date' — the browser's own date input, so the value is always ISO 'YYYY-MM-DD', a keyboard can type
 * it, and a test can fill it by its label. A stored date-time is shown by its date part. ui:options placeholderValue
 * names a stand-in date (a blank new item's default) that is shown as an empty input: the data keeps it, so the
 * document's rules still refuse it until a real date is typed.
 */
import { TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { errorText, visibleLabel } from './widget-support.ts';

function isoDate(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 10) : '';
}

export function DateWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, rawErrors, options, schema } = props;
  const bound = (key: 'min' | 'max', schemaKey: string) => {
    const fromOptions = (options as Record<string, unknown>)[key];
    const fromSchema = (schema as Record<string, unknown>)[schemaKey];
    const found = typeof fromOptions === 'string' ? fromOptions : fromSchema;
    return typeof found === 'string' ? isoDate(found) : undefined;
  };
  const placeholderValue = (options as Record<string, unknown>).placeholderValue;
  const shown = typeof placeholderValue === 'string' && isoDate(value) === isoDate(placeholderValue) ? '' : isoDate(value);
  return (
    <TextInput
      id={id}
      name={htmlName || id}
      type="date"
      label={visibleLabel(props)}
      value={shown}
      min={bound('min', 'formatMinimum')}
      max={bound('max', 'formatMaximum')}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      error={errorText(rawErrors)}
      onChange={(event) => props.onChange(event.currentTarget.value === '' ? options.emptyValue : event.currentTarget.value)}
      onBlur={(event) => props.onBlur(id, event.currentTarget.value)}
      onFocus={(event) => props.onFocus(id, event.currentTarget.value)}
    />
  );
}
