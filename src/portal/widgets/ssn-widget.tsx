/**
 * 'ui:widget': 'ssn' — a Social Security Number in three boxes of 3, 2 and 4 digits, stored as the 9 digits
 * (ui:options.parts gives other boxes: [9] is one box of 9 digits). Typing a box full moves to the next; pasting
 * (or typing) more digits than a box holds fills the following boxes too, so a pasted '123-45-6789' fills all.
 * The server answers a stored SSN masked ('***-**-1234', never the whole number): that value means "keep the stored
 * one", so the boxes start empty with the mask as their placeholders, the value stays masked until the person types,
 * and the field is not required: typing is only to change it. Under the boxes: the document's SSN notice message
 * (ui:options.notice names another message; '' none) or, for a saved SSN, ui:options.messages.onFile ({ssn} the
 * mask); while none is saved, ui:options.messages.keptOnNext beside the notice (the SSN is kept only once Next
 * saves it: the tab never keeps it).
 */
import type { DocumentFormContext } from '#engine/react/index.ts';
import { formatMessage } from '#engine/runtime/messages.ts';
import { errorText } from '#engine/theme/index.ts';
import { Group, Input, TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { messages } from '#portal/messages.ts';

export const SSN_PARTS: readonly number[] = [3, 2, 4];
/** The message shown under the boxes unless ui:options.notice names another (spec §5 SSN notice). */
export const SSN_NOTICE_MESSAGE = 'ssn-notice';
/** ui:options.messages: the document's message keys for a saved SSN ({ssn} its mask) and for one not saved yet. */
type SsnMessages = { onFile?: string; keptOnNext?: string };
const MASKED = /^\*{3}-\*{2}-(\d{4})$/;

type Parts = string[];

export function isMaskedSsn(value: unknown): boolean {
  return typeof value === 'string' && MASKED.test(value);
}

/** Digits cut into boxes of the given lengths (what does not fit is dropped). */
export function splitDigits(digits: string, lengths: readonly number[]): Parts {
  let start = 0;
  return lengths.map((length) => {
    const part = digits.slice(start, start + length);
    start += length;
    return part;
  });
}

function split(value: unknown, lengths: readonly number[]): Parts {
  if (typeof value !== 'string' || isMaskedSsn(value)) return lengths.map(() => '');
  return splitDigits(value.replace(/\D/g, ''), lengths);
}

/**
 * The boxes after `text` was typed or pasted into box `index`: its digits fill that box and, when there are more
 * than it holds, the boxes after it; the boxes before it are kept. Answers the boxes and the box to focus next.
 */
export function fillFrom(parts: Parts, index: number, text: string, lengths: readonly number[]): { parts: Parts; focus: number } {
  const digits = text.replace(/\D/g, '');
  const next = [...parts];
  const capacity = lengths.slice(index).reduce((sum, length) => sum + length, 0);
  if (digits.length <= lengths[index]!) {
    next[index] = digits;
    return { parts: next, focus: digits.length === lengths[index] ? index + 1 : index };
  }
  const spread = splitDigits(digits.slice(0, capacity), lengths.slice(index));
  spread.forEach((part, offset) => {
    next[index + offset] = part;
  });
  const last = spread.findLastIndex((part) => part.length > 0);
  const full = spread[last]!.length === lengths[index + last];
  return { parts: next, focus: index + last + (full ? 1 : 0) };
}

function partLengths(options: WidgetProps['options']): readonly number[] {
  const parts = (options as Record<string, unknown>).parts;
  return Array.isArray(parts) && parts.length > 0 && parts.every((n) => Number.isInteger(n) && n > 0) ? (parts as number[]) : SSN_PARTS;
}

export function SsnWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, rawErrors, options, label, hideLabel, registry } = props;
  const lengths = partLengths(options);
  const [parts, setParts] = useState<Parts>(() => split(value, lengths));
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const masked = isMaskedSsn(value);
  const maskedLast4 = masked ? (MASKED.exec(String(value))?.[1] ?? '') : '';

  useEffect(() => {
    // A value set from outside (loaded data, a reset) replaces what the boxes hold; the boxes' own typing does not.
    if (parts.join('') !== (typeof value === 'string' ? value : '')) setParts(split(value, lengths));
  }, [value]);

  const change = (index: number, text: string) => {
    const { parts: next, focus } = fillFrom(parts, index, text, lengths);
    setParts(next);
    const joined = next.join('');
    props.onChange(joined === '' ? options.emptyValue : joined);
    if (focus !== index) inputs.current[Math.min(focus, lengths.length - 1)]?.focus();
  };

  const { document } = registry.formContext as DocumentFormContext;
  const noticeKey = typeof options.notice === 'string' ? options.notice : SSN_NOTICE_MESSAGE;
  const notice = noticeKey ? document?.messages[noticeKey] : undefined;
  const keys = ((options as Record<string, unknown>).messages ?? {}) as SsnMessages;
  const onFile = masked && keys.onFile ? document?.messages[keys.onFile] : undefined;
  const keptOnNext = !masked && keys.keptOnNext ? document?.messages[keys.keptOnNext] : undefined;
  const lines = [onFile ? formatMessage(onFile, { ssn: String(value) }) : notice, keptOnNext].filter((line): line is string => Boolean(line));
  const partNames = lengths.length === SSN_PARTS.length ? [messages['ssn-part-first'], messages['ssn-part-middle'], messages['ssn-part-last']] : [];
  const placeholders = lengths.map((length, index) => {
    if (!masked) return '#'.repeat(length);
    const hidden = '*'.repeat(Math.max(0, length - (index === lengths.length - 1 ? maskedLast4.length : 0)));
    return index === lengths.length - 1 ? `${hidden}${maskedLast4}`.slice(-length) : hidden;
  });
  const labelId = `${id}-label`;

  return (
    <Input.Wrapper
      id={id}
      labelProps={{ id: labelId, htmlFor: `${id}-1` }}
      label={hideLabel ? undefined : label}
      required={required && !masked}
      description={
        lines.length > 0
          ? lines.map((line) => (
              <span key={line} style={{ display: 'block' }}>
                {line}
              </span>
            ))
          : undefined
      }
      error={errorText(rawErrors)}
    >
      <Group gap="xs" wrap="nowrap" role="group" aria-labelledby={labelId}>
        {lengths.map((length, index) => (
          <TextInput
            key={`part-${index + 1}`}
            id={`${id}-${index + 1}`}
            ref={(element) => {
              inputs.current[index] = element;
            }}
            aria-label={partNames[index] ? `${label} ${partNames[index]}` : label}
            value={parts[index]}
            placeholder={placeholders[index]}
            inputMode="numeric"
            autoComplete="off"
            maxLength={length}
            onPaste={(event) => {
              // A pasted number replaces what the box holds and runs on into the boxes after it.
              event.preventDefault();
              change(index, event.clipboardData.getData('text'));
            }}
            w={length * 18 + 28}
            disabled={disabled || readonly}
            error={Boolean(rawErrors && rawErrors.length > 0)}
            onChange={(event) => change(index, event.currentTarget.value)}
            onBlur={() => props.onBlur(id, value)}
            onFocus={() => props.onFocus(id, value)}
          />
        ))}
      </Group>
    </Input.Wrapper>
  );
}
