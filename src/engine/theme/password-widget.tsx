/**
 * 'ui:widget': 'password' — a text input whose characters are hidden until the Show button is pressed.
 * The toggle is a real button with its own text (ui:options showText / hideText), so it is reachable by keyboard
 * and by name; the input keeps the field's label as its accessible name. ui:options hint is shown under the label
 * as the input's description (what a valid password is made of).
 */
import { Button, TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { errorText, textOption, visibleLabel } from './widget-support.ts';

export function PasswordWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, placeholder, rawErrors, options } = props;
  const [shown, setShown] = useState(false);
  const showText = textOption(options, 'showText', 'Show');
  const hideText = textOption(options, 'hideText', 'Hide');
  return (
    <TextInput
      id={id}
      name={htmlName || id}
      type={shown ? 'text' : 'password'}
      label={visibleLabel(props)}
      description={textOption(options, 'hint', '') || undefined}
      value={typeof value === 'string' ? value : ''}
      placeholder={placeholder || undefined}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      autoComplete={textOption(options, 'autocomplete', 'current-password')}
      error={errorText(rawErrors)}
      onChange={(event) => props.onChange(event.currentTarget.value === '' ? options.emptyValue : event.currentTarget.value)}
      onBlur={(event) => props.onBlur(id, event.currentTarget.value)}
      onFocus={(event) => props.onFocus(id, event.currentTarget.value)}
      rightSectionWidth={72}
      rightSection={
        <Button
          type="button"
          size="compact-xs"
          variant="subtle"
          aria-controls={id}
          aria-pressed={shown}
          disabled={disabled || readonly}
          onClick={() => setShown((current) => !current)}
        >
          {shown ? hideText : showText}
        </Button>
      }
    />
  );
}
