/**
 * The engine's rjsf theme: @rjsf/mantine's widgets and templates, plus generic widgets registered by the name a
 * uiSchema gives in 'ui:widget' ('password', 'yes-no', 'date', 'digits'), the field template, and the array item and
 * add button templates that take their texts from the array's uiSchema, and an input template that stays controlled.
 * A product adds its own widgets through the `widgets` of `themedForm` (engine/react passes them along).
 * 'ui:options': { markRequired: true } shows a field as required (its asterisk, aria-required) whose need a rule
 * decides rather than the schema's `required` (an identifier wanted on Next, an 'other' reason once Other is chosen).
 */
import type { FormProps, ThemeProps } from '@rjsf/core';
import { withTheme } from '@rjsf/core';
// @rjsf/mantine's templates and the widgets the documents use, each by its own file: its index (and its Theme)
// brings every widget, with Mantine's color picker, slider, file input and @mantine/dates, into each form route. A
// uiSchema naming another of its widgets gets rjsf's own (core) widget; a date field naming none, the engine's.
import MantineTemplates from '@rjsf/mantine/lib/templates/index.js';
import CheckboxesWidget from '@rjsf/mantine/lib/widgets/CheckboxesWidget.js';
import CheckboxWidget from '@rjsf/mantine/lib/widgets/CheckboxWidget.js';
import MantinePasswordWidget from '@rjsf/mantine/lib/widgets/PasswordWidget.js';
import RadioWidget from '@rjsf/mantine/lib/widgets/RadioWidget.js';
import SelectWidget from '@rjsf/mantine/lib/widgets/SelectWidget.js';
import TextareaWidget from '@rjsf/mantine/lib/widgets/TextareaWidget.js';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { createElement, type ComponentType } from 'react';
import { ArrayField, ObjectField } from './stable-fields.tsx';
import { AddButton, ArrayFieldItemTemplate } from './array-templates.tsx';
import { BaseInputTemplate } from './base-input-template.tsx';
import { DateWidget } from './date-widget.tsx';
import { DigitsWidget } from './digits-widget.tsx';
import { FieldTemplate } from './field-template.tsx';
import { PasswordWidget } from './password-widget.tsx';
import { YesNoWidget } from './yes-no-widget.tsx';

export { AddButton, ArrayFieldItemTemplate } from './array-templates.tsx';
export { BaseInputTemplate } from './base-input-template.tsx';
export { DateWidget } from './date-widget.tsx';
export { DigitsInput, DigitsWidget, onlyDigits } from './digits-widget.tsx';
export { FieldTemplate } from './field-template.tsx';
export { releaseHeldText } from './held-text.ts';
export { PasswordWidget } from './password-widget.tsx';
export { YesNoWidget } from './yes-no-widget.tsx';
export { errorText, textOption, visibleLabel } from './widget-support.ts';

export const engineWidgets: RegistryWidgetsType = {
  password: PasswordWidget,
  'yes-no': YesNoWidget,
  date: DateWidget,
  digits: DigitsWidget,
};

const mantineWidgets: RegistryWidgetsType = {
  CheckboxesWidget,
  CheckboxWidget,
  DateWidget,
  PasswordWidget: MantinePasswordWidget,
  RadioWidget,
  SelectWidget,
  TextareaWidget,
};

/** The widget, required also when its uiSchema says markRequired. */
function markingRequired(Widget: ComponentType<WidgetProps>): ComponentType<WidgetProps> {
  return function MarkedWidget(props: WidgetProps) {
    // Taken out of the options, which some widgets spread onto their element.
    const { markRequired, ...options } = props.options;
    return createElement(Widget, { ...props, options, required: props.required === true || markRequired === true });
  };
}

export function engineTheme(extraWidgets: RegistryWidgetsType = {}): ThemeProps {
  const widgets = { ...mantineWidgets, ...engineWidgets, ...extraWidgets };
  return {
    fields: { ArrayField, ObjectField },
    widgets: Object.fromEntries(Object.entries(widgets).map(([name, widget]) => [name, markingRequired(widget)])),
    templates: {
      ...MantineTemplates,
      BaseInputTemplate,
      FieldTemplate,
      ArrayFieldItemTemplate,
      ButtonTemplates: { ...MantineTemplates.ButtonTemplates, AddButton },
    },
  };
}

/** An rjsf Form bound to the theme (and to any extra widgets, registered by name). */
export function themedForm(extraWidgets: RegistryWidgetsType = {}): ComponentType<FormProps> {
  return withTheme(engineTheme(extraWidgets));
}
