/**
 * The error toast (spec §8): a red filled alert at the bottom left that hides itself after 3000 ms, is not
 * closed by clicking elsewhere, and closes with its close button. The message comes from the caller.
 * `showError` works from anywhere (event handlers, non-React code); `<ToastHost />` renders the current toast.
 * `showSuccess` shows a confirmation ('Saved Successfully') the same way, in green, with role status.
 * An error belongs to the screen that raised it: it goes when the address changes (another screen, a view of the
 * same screen such as the plan comparison, the same address opened again), so it never covers what comes next.
 * A confirmation says what the move just made did, and is shown on the screen it leads to.
 */
import { Alert, Portal } from '@mantine/core';
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { messages } from '#portal/messages.ts';

export const TOAST_HIDE_MS = 3000;

type Toast = { id: number; message: string; kind: 'error' | 'success' };

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Shows `message` in the error toast, replacing the one shown. */
export function showError(message: string): void {
  current = { id: nextId++, message, kind: 'error' };
  emit();
}

/** Shows `message` as a confirmation (green), replacing the toast shown. */
export function showSuccess(message: string): void {
  current = { id: nextId++, message, kind: 'success' };
  emit();
}

function hide(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = null;
  emit();
}

function hideError(): void {
  if (current?.kind === 'error') hide(current.id);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For components: `const { showError } = useToast()`. */
export function useToast(): { showError: (message: string) => void } {
  return { showError };
}

export function ToastHost() {
  const toast = useSyncExternalStore(subscribe, () => current, () => null);
  // Each navigation has a key of its own, also one to the address shown.
  const { key: address } = useLocation();
  useEffect(hideError, [address]);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => hide(toast.id), TOAST_HIDE_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  // A toast belongs to the page that raised it: when the host goes away (a test ends, the app unmounts) so does it.
  useEffect(() => () => hide(), []);

  if (!toast) return null;
  return (
    <Portal>
      <Alert
        role={toast.kind === 'error' ? 'alert' : 'status'}
        variant="filled"
        color={toast.kind === 'error' ? 'red' : 'teal'}
        withCloseButton
        closeButtonLabel={messages['close']}
        onClose={() => hide(toast.id)}
        style={{ position: 'fixed', left: 16, bottom: 16, zIndex: 1000, maxWidth: 'calc(100vw - 32px)', width: 380 }}
      >
        {toast.message}
      </Alert>
    </Portal>
  );
}
