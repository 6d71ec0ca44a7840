/** Small helpers the theme's widgets share: the error text Mantine shows and the blur/focus plumbing rjsf expects. */
import type { WidgetProps } from '@rjsf/utils';

export function errorText(rawErrors: string[] | undefined): string | undefined {
  return rawErrors && rawErrors.length > 0 ? rawErrors.join('\n') : undefined;
}

/** The label a widget shows: rjsf passes hideLabel when the uiSchema asks for no label. */
export function visibleLabel(props: Pick<WidgetProps, 'label' | 'hideLabel'>): string | undefined {
  return props.hideLabel || !props.label ? undefined : props.label;
}

/** A ui:options entry that must be a string, or the fallback. */
export function textOption(options: WidgetProps['options'], key: string, fallback: string): string {
  const value = (options as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : fallback;
}
