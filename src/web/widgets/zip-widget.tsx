/**
 * 'ui:widget': 'zip' — a US ZIP code: digits only, at most 5, kept as text so a leading zero stays ('02134').
 */
import { DigitsInput, onlyDigits } from '#engine/theme/index.ts';
import type { WidgetProps } from '@rjsf/utils';

export const ZIP_LENGTH = 5;

/** A stored ZIP that lost its leading zeros (a number on the way) gets them back. */
export function restoreZip(value: unknown): string {
  if (typeof value === 'number' && Number.isInteger(value)) return String(value).padStart(ZIP_LENGTH, '0');
  return typeof value === 'string' ? onlyDigits(value, ZIP_LENGTH) : '';
}

export function ZipWidget(props: WidgetProps) {
  return <DigitsInput widget={props} shown={restoreZip(props.value)} maxLength={ZIP_LENGTH} autoComplete="postal-code" />;
}
