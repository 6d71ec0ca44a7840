/**
 * @rjsf/mantine's input template, always controlled: it hands an empty field's `undefined` straight to the input,
 * which makes React treat it as uncontrolled and warn when the first keystroke gives it a value. An empty field is
 * shown as '' instead; what the form stores for it is still the field's emptyValue.
 */
import { Templates as MantineTemplates } from '@rjsf/mantine';
import type { BaseInputTemplateProps } from '@rjsf/utils';

const MantineBaseInputTemplate = MantineTemplates.BaseInputTemplate!;

export function BaseInputTemplate(props: BaseInputTemplateProps) {
  return <MantineBaseInputTemplate {...props} value={props.value ?? ''} />;
}
