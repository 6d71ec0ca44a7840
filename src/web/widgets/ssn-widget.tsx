/**
 * 'ui:widget': 'ssn' — a Social Security Number in three boxes of 3, 2 and 4 digits, stored as the 9 digits.
 * The server answers a stored SSN masked ('***-**-1234'): that value means "keep the stored one", so the boxes
 * start empty with the mask as their placeholders, and the value stays masked until the person types.
 * Under the boxes: the document's SSN notice message (ui:options.notice names another message).
 */
import type { DocumentFormContext } from '#engine/react/index.ts';
import { errorText } from '#engine/theme/index.ts';
import { Group, Input, TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';

const PART_LENGTHS = [3, 2, 4] as const;
/** The message shown under the boxes unless ui:options.notice names another (spec §5 SSN notice). */
export const SSN_NOTICE_MESSAGE = 'ssn-notice';
const MASKED = /^\*{3}-\*{2}-(\d{4})$/;

type Parts = [string, string, string];

export function isMaskedSsn(value: unknown): boolean {
  return typeof value === 'string' && MASKED.test(value);
}

function split(value: unknown): Parts {
  if (typeof value !== 'string' || isMaskedSsn(value)) return ['', '', ''];
  const digits = value.replace(/\D/g, '');
  return [digits.slice(0, 3), digits.slice(3, 5), digits.slice(5, 9)];
}

export function SsnWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, rawErrors, options, label, hideLabel, registry } = props;
  const [parts, setParts] = useState<Parts>(() => split(value));
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const masked = isMaskedSsn(value);
  const maskedLast4 = masked ? (MASKED.exec(String(value))?.[1] ?? '') : '';

  useEffect(() => {
    // A value set from outside (loaded data, a reset) replaces what the boxes hold; the boxes' own typing does not.
    if (parts.join('') !== (typeof value === 'string' ? value : '')) setParts(split(value));
  }, [value]);

  const change = (index: number, text: string) => {
    const digits = text.replace(/\D/g, '').slice(0, PART_LENGTHS[index]);
    const next = [...parts] as Parts;
    next[index] = digits;
    setParts(next);
    const joined = next.join('');
    props.onChange(joined === '' ? options.emptyValue : joined);
    if (digits.length === PART_LENGTHS[index]) inputs.current[index + 1]?.focus();
  };

  const { document } = registry.formContext as DocumentFormContext;
  const noticeKey = typeof options.notice === 'string' ? options.notice : SSN_NOTICE_MESSAGE;
  const notice = noticeKey ? document?.messages[noticeKey] : undefined;
  const partNames = ['first 3 digits', 'middle 2 digits', 'last 4 digits'];
  const placeholders = masked ? ['***', '**', maskedLast4] : ['###', '##', '####'];
  const labelId = `${id}-label`;

  return (
    <Input.Wrapper
      id={id}
      labelProps={{ id: labelId, htmlFor: `${id}-1` }}
      label={hideLabel ? undefined : label}
      required={required}
      description={notice}
      error={errorText(rawErrors)}
    >
      <Group gap="xs" wrap="nowrap" role="group" aria-labelledby={labelId}>
        {PART_LENGTHS.map((length, index) => (
          <TextInput
            key={`part-${index + 1}`}
            id={`${id}-${index + 1}`}
            ref={(element) => {
              inputs.current[index] = element;
            }}
            aria-label={`${label} ${partNames[index]}`}
            value={parts[index]}
            placeholder={placeholders[index]}
            inputMode="numeric"
            autoComplete="off"
            maxLength={length}
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
