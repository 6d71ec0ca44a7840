/**
 * A labelled native file input and its upload button: the browser's own picker (keyboard and screen readers
 * know it) and a label a person, or a test, finds it by. Shows the outcome of the upload below it.
 */
import { Alert, Button, Group, Input, Stack } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { FailureAlert } from './failure-alert.tsx';

type Props = {
  label: string;
  /** What the file must hold, shown under the label (and read with the picker). */
  description?: string;
  accept: string;
  buttonText: string;
  disabled?: boolean;
  /** Uploads the chosen file; answers what confirms it (a text, or a census report). Throws to report a failure. */
  upload: (file: File) => Promise<React.ReactNode>;
  /** How a failure is shown (a census report lists rows); by default its message. */
  renderFailure?: (error: unknown) => React.ReactNode;
  /**
   * Reads what the upload replaces again: an upload refused because someone changed it since it was read (412)
   * then shows who and when with a Reload (FailureAlert).
   */
  onReload?: () => Promise<void>;
};

export function FileUpload({ label, description, accept, buttonText, disabled, upload, renderFailure, onReload }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ done: React.ReactNode } | { failed: unknown } | null>(null);

  const send = async () => {
    if (!file) return;
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ done: await upload(file) });
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (error) {
      setOutcome({ failed: error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs">
      <Input.Wrapper label={label} labelProps={{ htmlFor: id }} description={description} descriptionProps={{ id: `${id}-description` }}>
        <Group>
          <input id={id} ref={input} type="file" aria-describedby={description ? `${id}-description` : undefined} accept={accept} disabled={disabled} onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} />
          <Button onClick={() => void send()} disabled={disabled || !file} loading={busy}>
            {buttonText}
          </Button>
        </Group>
      </Input.Wrapper>
      {outcome && 'done' in outcome && (
        <Alert color="green" role="status">
          {outcome.done}
        </Alert>
      )}
      {outcome &&
        'failed' in outcome &&
        (renderFailure ? (
          renderFailure(outcome.failed)
        ) : (
          <FailureAlert
            error={outcome.failed}
            onReload={
              onReload &&
              (async () => {
                await onReload();
                setOutcome(null);
              })
            }
          />
        ))}
    </Stack>
  );
}
