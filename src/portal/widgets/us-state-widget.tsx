/**
 * 'ui:widget': 'us-state' — a native select of US states by postal code (the wire value), showing names in the
 * page's language ('Oregón'). A
 * schema enum narrows the list. Native, so keyboards, screen readers and tests pick an option by its label.
 */
import { errorText, visibleLabel } from '#engine/theme/index.ts';
import { NativeSelect } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { stateName } from '#domain/places/us-states.ts';
import { language } from '#portal/messages.ts';
import { US_STATES } from './us-states.ts';

export function UsStateWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, rawErrors, schema, options, placeholder } = props;
  const allowed = Array.isArray(schema.enum) ? new Set(schema.enum.map(String)) : null;
  const states = allowed ? US_STATES.filter((state) => allowed.has(state.code)) : US_STATES;
  const current = typeof value === 'string' ? value.toUpperCase() : '';
  return (
    <NativeSelect
      id={id}
      name={htmlName || id}
      label={visibleLabel(props)}
      value={current}
      required={required}
      disabled={disabled || readonly}
      error={errorText(rawErrors)}
      data={[{ value: '', label: placeholder || '' }, ...states.map((state) => ({ value: state.code, label: stateName(state.code, language) }))]}
      onChange={(event) => props.onChange(event.currentTarget.value === '' ? options.emptyValue : event.currentTarget.value)}
      onBlur={(event) => props.onBlur(id, event.currentTarget.value)}
      onFocus={(event) => props.onFocus(id, event.currentTarget.value)}
    />
  );
}
