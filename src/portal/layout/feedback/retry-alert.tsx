/**
 * A call that failed on its way (the server could not be reached, or answered a failure) says so where the
 * person looks, with Retry: never a silent failure (this overrules the spec's silent ones). What the person typed
 * stays in the screen's state; Retry sends the same call again.
 */
import { Alert, Button } from '@mantine/core';
import { isUnreachable } from '#portal/api/api-client.ts';
import { messages } from '#portal/messages.ts';

/**
 * The message of the first failed answer among `errors` (a load state's errors), or the generic one. With
 * `networkOnly`, only answers that never came count (a screen whose server refusals have their own meaning, such
 * as "no service offered").
 */
export function failureMessage(errors: Record<string, unknown>, options: { networkOnly?: boolean } = {}): string | null {
  const failures = Object.values(errors).filter(
    (answer) => !options.networkOnly || (typeof answer === 'object' && answer !== null && isUnreachable(answer)),
  );
  const first = failures[0] as { message?: unknown } | undefined;
  if (first === undefined) return null;
  return typeof first.message === 'string' && first.message ? first.message : messages['something-wrong'];
}

export function RetryAlert({ message, onRetry, busy = false }: { message: string; onRetry: () => void; busy?: boolean }) {
  return (
    <Alert color="red" role="alert" title={message}>
      <Button mt="sm" variant="white" color="red" onClick={onRetry} loading={busy}>
        {messages['retry']}
      </Button>
    </Alert>
  );
}
