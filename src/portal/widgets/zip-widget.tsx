/**
 * 'ui:widget': 'zip' — a US ZIP code: digits only, at most 5, kept as text so a leading zero stays ('02134').
 * With 'ui:options': { lookup } the 5th digit runs the lookup the document names and fills other fields of the
 * form from the answer, except a field the person changed while the answer was on its way; a ZIP in several
 * counties opens a blocking picker (the answer's order: largest share first). The document declares everything
 * product-specific:
 *   lookup: { path: '/api/USZipCounty/{value}/', list: '/locationlist' (pointer into the answer's data),
 *             fill: { '/city': 'city', ... } (form field pointer -> answer property), choiceLabel: 'countyname' }
 *   messages: { notFound, failed, serverError, invalid, pickerTitle } (keys of the document's messages)
 */
import { Button, Modal, Stack } from '@mantine/core';
import { deepEquals, type WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { getAtPointer, message, valuesFromAnswer } from '#engine/runtime/index.ts';
import type { DocumentFormContext } from '#engine/react/index.ts';
import { DigitsInput, onlyDigits } from '#engine/theme/index.ts';
import { call, isUnreachable } from '#portal/api/api-client.ts';

export const ZIP_LENGTH = 5;

/** A stored ZIP that lost its leading zeros (a number on the way) gets them back. */
export function restoreZip(value: unknown): string {
  if (typeof value === 'number' && Number.isInteger(value)) return String(value).padStart(ZIP_LENGTH, '0');
  return typeof value === 'string' ? onlyDigits(value, ZIP_LENGTH) : '';
}

type Lookup = { path: string; list: string; fill: Record<string, string>; choiceLabel: string };
type LookupMessages = Partial<Record<'notFound' | 'failed' | 'serverError' | 'invalid' | 'pickerTitle', string>>;
type Choice = Record<string, unknown>;

function lookupOf(options: WidgetProps['options']): Lookup | null {
  const lookup = (options as Record<string, unknown>).lookup as Partial<Lookup> | undefined;
  if (!lookup || typeof lookup.path !== 'string' || !lookup.fill || typeof lookup.fill !== 'object') return null;
  return { path: lookup.path, list: lookup.list ?? '', fill: lookup.fill, choiceLabel: lookup.choiceLabel ?? '' };
}

/** Which of the document's messages a failed lookup shows: by what failed (spec §8; docs/ui-conventions.md, Where each §8 ZIP message applies). */
function failureKey(answer: { code?: string; message: string }): keyof LookupMessages {
  if (isUnreachable(answer)) return 'failed';
  if (answer.code === 'NOT_FOUND') return 'notFound';
  if (answer.code === 'VALIDATION_FAILED') return 'invalid';
  return 'serverError';
}

export function ZipWidget(props: WidgetProps) {
  const formContext = props.registry.formContext as Partial<DocumentFormContext> | undefined;
  const lookup = lookupOf(props.options);
  const keys = ((props.options as Record<string, unknown>).messages ?? {}) as LookupMessages;
  const text = (key: keyof LookupMessages) =>
    formContext?.document && keys[key] ? message(formContext.document, keys[key]!) : (keys[key] ?? key);
  const [error, setError] = useState<string | null>(null);
  const [choices, setChoices] = useState<Choice[] | null>(null);
  // Only the newest lookup may fill the form: a slower answer for an older ZIP is dropped.
  const latest = useRef(0);
  useEffect(() => () => void (latest.current += 1), []);

  // The filled fields as they were when the lookup began: one the person changed since keeps what they typed.
  const before = useRef<Record<string, unknown>>({});
  // What the last lookup filled, so a ZIP found to be no ZIP takes back what an earlier one put there.
  const filled = useRef<Record<string, unknown>>({});
  // A form opened with a whole ZIP: its city, county and state came with that ZIP, as if a lookup filled them.
  useEffect(() => {
    if (lookup && restoreZip(props.value).length === ZIP_LENGTH) filled.current = formContext?.valuesAt?.(Object.keys(lookup.fill)) ?? {};
    // Once, as the form opens: later values are the lookups' or the person's.
  }, []);

  const fill = (choice: Choice) => {
    setChoices(null);
    if (!lookup) return;
    const now = formContext?.valuesAt?.(Object.keys(lookup.fill)) ?? {};
    const untouched = Object.fromEntries(Object.entries(valuesFromAnswer(choice, lookup.fill)).filter(([pointer]) => deepEquals(now[pointer], before.current[pointer])));
    filled.current = { ...filled.current, ...untouched };
    formContext?.setFields?.(untouched);
  };

  /** Clears the fields an earlier lookup filled that still hold its values (one the person changed keeps theirs). */
  const takeBack = () => {
    if (!lookup) return;
    const now = formContext?.valuesAt?.(Object.keys(filled.current)) ?? {};
    const cleared = Object.keys(filled.current).filter((pointer) => deepEquals(now[pointer], filled.current[pointer]));
    filled.current = {};
    if (cleared.length > 0) formContext?.setFields?.(Object.fromEntries(cleared.map((pointer) => [pointer, undefined])));
  };

  const run = async (zip: string) => {
    if (!lookup) return;
    const ticket = ++latest.current;
    before.current = formContext?.valuesAt?.(Object.keys(lookup.fill)) ?? {};
    const answer = await call<unknown>('GET', lookup.path.replace('{value}', encodeURIComponent(zip)));
    if (ticket !== latest.current) return;
    if (!answer.success) {
      const failure = failureKey(answer);
      // A ZIP that is none: the city, county and state of the earlier one no longer go with it. A server that did
      // not answer says nothing about the ZIP, so they stay.
      if (failure === 'notFound' || failure === 'invalid') takeBack();
      setError(text(failure));
      return;
    }
    const found = lookup.list ? getAtPointer(answer.data, lookup.list) : answer.data;
    const list = Array.isArray(found) ? (found.filter((item) => item && typeof item === 'object') as Choice[]) : [];
    if (list.length === 0) {
      takeBack();
      setError(text('notFound'));
    } else if (list.length === 1) fill(list[0]!);
    else setChoices(list);
  };

  const widget: WidgetProps = {
    ...props,
    onChange: (value: unknown) => {
      props.onChange(value);
      setError(null);
      latest.current += 1;
      if (typeof value === 'string' && value.length === ZIP_LENGTH && value !== restoreZip(props.value)) void run(value);
    },
  };

  return (
    <>
      <DigitsInput widget={widget} shown={restoreZip(props.value)} maxLength={ZIP_LENGTH} autoComplete="postal-code" error={error} />
      <Modal
        opened={choices !== null}
        onClose={() => undefined}
        title={text('pickerTitle')}
        closeOnClickOutside={false}
        closeOnEscape={false}
        withCloseButton={false}
        centered
      >
        <Stack gap="xs">
          {(choices ?? []).map((choice, index) => (
            <Button key={index} variant="light" onClick={() => fill(choice)}>
              {String(choice[lookup?.choiceLabel ?? ''] ?? '')}
            </Button>
          ))}
        </Stack>
      </Modal>
    </>
  );
}
