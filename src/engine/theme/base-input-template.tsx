/**
 * @rjsf/mantine's input template, always controlled, with typing that paints in the keystroke's own frame
 * (typing.ts): a text input shows what is typed from its own state and hands it to the form in a transition, and
 * hands on what is still on its way when it loses focus. An empty field is shown as '' (an `undefined` value would
 * make React treat the input as uncontrolled); what the form stores for it is still the field's emptyValue.
 * Number inputs keep Mantine's own handling.
 */
import { Templates as MantineTemplates } from '@rjsf/mantine';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { useTypedText } from './typing.ts';

const MantineBaseInputTemplate = MantineTemplates.BaseInputTemplate!;

const asText = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

function TypedInputTemplate(props: BaseInputTemplateProps) {
  const { onChange, onBlur, options } = props;
  const typed = useTypedText(props.id, asText(props.value), (text) => onChange(text === '' ? options.emptyValue : text));
  return (
    <MantineBaseInputTemplate
      {...props}
      value={typed.shown}
      onChangeOverride={(value: unknown) => typed.type(asText(value))}
      onBlur={(id, value) => {
        typed.flush();
        onBlur(id, value);
      }}
    />
  );
}

export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const numeric = props.type === 'number' || props.type === 'integer' || props.schema.type === 'number' || props.schema.type === 'integer';
  if (numeric) return <MantineBaseInputTemplate {...props} value={props.value ?? ''} />;
  return <TypedInputTemplate {...props} />;
}
