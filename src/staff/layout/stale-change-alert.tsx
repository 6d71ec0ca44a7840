/**
 * A save refused because someone changed the resource after it was loaded (412 RESOURCE_CHANGED,
 * docs/security.md "Optimistic concurrency"): who changed it and when, and a Reload that fetches the current
 * version into the form (the person's unsaved edits are replaced, as the text says).
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { StaffApiError } from '../api/staff-api.ts';
import type { StaleChange } from '../api/types.ts';

/** Who changed what the person had loaded, and when, when the failure says so; else null. */
export function staleChangeOf(error: unknown): StaleChange | null {
  if (!(error instanceof StaffApiError) || error.failure.code !== 'RESOURCE_CHANGED') return null;
  const data = error.failure.data as Partial<StaleChange> | null;
  return { changedBy: data?.changedBy ?? null, changedAt: data?.changedAt ?? '' };
}

/** A time as the console shows a change: 'Dec 7, 2026, 9:14 AM' in the reader's time zone. */
export function changeTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? 'an unknown time' : new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

export function StaleChangeAlert({ change, onReload }: { change: StaleChange; onReload: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const who = change.changedBy ?? 'someone';
  const reload = async () => {
    setBusy(true);
    try {
      await onReload();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert color="orange" role="alert" title={`Changed by ${who} at ${changeTime(change.changedAt)}`}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Your save was not made: {who} saved a change after you loaded this page. Reload to see the current version,
          then make your change again; reloading replaces your unsaved edits here.
        </Text>
        <Button size="xs" loading={busy} onClick={() => void reload()}>
          Reload
        </Button>
      </Stack>
    </Alert>
  );
}
