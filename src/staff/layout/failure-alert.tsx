/**
 * A failed call's message, announced; nothing when there is no failure. With `onReload`, a save refused because
 * someone changed the resource since it was loaded shows who and when, and a Reload (StaleChangeAlert).
 */
import { Alert } from '@mantine/core';
import { StaffApiError } from '../api/staff-api.ts';
import { StaleChangeAlert, staleChangeOf } from './stale-change-alert.tsx';

/** `plain`: the problems are listed in words alone, without the pointer of the field they are about (each once). */
export function FailureAlert({ error, title, onReload, plain }: { error: unknown; title?: string; onReload?: () => Promise<void>; plain?: boolean }) {
  if (!error) return null;
  const stale = onReload ? staleChangeOf(error) : null;
  if (stale && onReload) return <StaleChangeAlert change={stale} onReload={onReload} />;
  const message = error instanceof Error ? error.message : String(error);
  const rows = error instanceof StaffApiError ? fieldMessages(error.failure.fieldErrors, plain === true) : [];
  return (
    <Alert color="red" role="alert" title={title}>
      {message}
      {rows.length > 0 && (
        <ul>
          {rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

function fieldMessages(fieldErrors: Record<string, string[]> | undefined, plain: boolean): string[] {
  const rows = Object.entries(fieldErrors ?? {}).flatMap(([pointer, messages]) => messages.map((message) => (plain ? message : `${pointer}: ${message}`)));
  return [...new Set(rows)];
}

/** The server's messages for one field of a failed call (by the field's JSON pointer), to show at the field. */
export function fieldErrorOf(error: unknown, pointer: string): string | undefined {
  const messages = error instanceof StaffApiError ? error.failure.fieldErrors?.[pointer] : undefined;
  return messages && messages.length > 0 ? messages.join(' ') : undefined;
}
