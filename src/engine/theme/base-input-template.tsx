/**
 * @rjsf/mantine's input template, always controlled and holding typed text. Mantine's hands an empty field's
 * `undefined` straight to the input, which makes React treat it as uncontrolled and warn when the first keystroke
 * gives it a value: an empty field is shown as '' instead; what the form stores for it is still the field's
 * emptyValue. A text input holds what is typed until the person pauses or leaves it (held-text.ts), so a key does
 * not make rjsf work out the whole form again; a number input, and a widget that handles the change itself
 * (onChangeOverride), hand on each change. A number is never clamped to the schema's bounds.
 */
import MantineTemplates from '@rjsf/mantine/lib/templates/index.js';
import { getInputProps, type BaseInputTemplateProps } from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import { useHeldText } from './held-text.ts';

const MantineBaseInputTemplate = MantineTemplates.BaseInputTemplate!;

/**
 * The change handler given to Mantine's template as onChangeOverride: rjsf types it as taking the input's event,
 * @rjsf/mantine calls it with the new value (the field's emptyValue for an empty input); either gives the text.
 */
function typedText(type: (text: string) => void): (change: ChangeEvent<HTMLInputElement>) => void {
  return (change: unknown) => {
    const text = typeof change === 'string' ? change : (change as Partial<ChangeEvent<HTMLInputElement>> | undefined)?.target?.value;
    type(text ?? '');
  };
}

export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { value, onChange, options, rawErrors } = props;
  const inputType = getInputProps(props.schema, props.type, options, false).type;
  const holds = !props.onChangeOverride && inputType !== 'number' && inputType !== 'integer';
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  const held = useHeldText(text, (typed) => onChange(typed === '' ? options.emptyValue : typed), holds && !rawErrors?.length);
  // A number outside the schema's minimum or maximum stays as typed, so the document's message says what is wrong
  // (Mantine's NumberInput would otherwise change it to the nearest bound when the field is left).
  if (!holds) return <MantineBaseInputTemplate {...props} options={{ ...options, clampBehavior: 'none' }} value={value ?? ''} />;
  return (
    <MantineBaseInputTemplate
      {...props}
      value={held.shown}
      onChangeOverride={typedText(held.type)}
    />
  );
}
