/**
 * A draft someone else changed since the person read it (409 DRAFT_CHANGED on save or publish): the server's
 * sentence naming who and when, the other person's change as a line diff from the document the person started
 * from to the draft as it is now, and the two ways on: load the current draft (the person's own edits are
 * replaced) or keep their edits (their next save replaces the other change, knowingly).
 */
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
// By its own path, not an engine index: a chunk the wizard shares would carry the diff library with it.
import { lineDiff, type DiffLine } from '#engine/authoring/line-diff.ts';
import { StaffApiError } from '../../api/staff-api.ts';
import { documentText, type Json } from '../document-edits.ts';

/** The server's sentence when the failure says the draft changed since it was read, else null. */
export function draftChangedMessage(problem: unknown): string | null {
  return problem instanceof StaffApiError && problem.failure.code === 'DRAFT_CHANGED' ? problem.failure.message : null;
}

/** Lines shown around each change. */
const CONTEXT = 2;

/** The changed lines of a diff with a little context; a run of unchanged lines left out becomes one '…' line. */
export function changesWithContext(lines: DiffLine[], context = CONTEXT): DiffLine[] {
  const near = lines.map(() => false);
  lines.forEach((line, index) => {
    if (line.op === ' ') return;
    for (let i = Math.max(0, index - context); i <= Math.min(lines.length - 1, index + context); i += 1) near[i] = true;
  });
  const shown: DiffLine[] = [];
  lines.forEach((line, index) => {
    if (near[index]) shown.push(line);
    else if (index === 0 || near[index - 1]) shown.push({ op: ' ', text: '…' });
  });
  return shown;
}

type Props = {
  message: string;
  /** The document the person's edit started from. */
  read: Json;
  /** The draft as it is now (or what employees get, when the draft was published meanwhile). */
  current: Json;
  onLoadCurrent: () => void;
  onKeepMine: () => void;
};

export function DraftConflict({ message, read, current, onLoadCurrent, onKeepMine }: Props) {
  const lines = changesWithContext(lineDiff(documentText(read), documentText(current)));
  return (
    <Alert color="orange" role="alert" title="Someone else changed this draft">
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        <Text size="sm">Their change, from the document you started from to the draft as it is now:</Text>
        <Code block aria-label="Their change">
          {lines.map((line) => `${line.op} ${line.text}`).join('\n')}
        </Code>
        <Group>
          <Button size="xs" onClick={onLoadCurrent}>
            Load the Current Draft
          </Button>
          <Button size="xs" variant="default" onClick={onKeepMine}>
            Keep My Edits
          </Button>
        </Group>
        <Text size="xs">Loading the current draft replaces your edits in the editor; keeping yours means your next save replaces their change.</Text>
      </Stack>
    </Alert>
  );
}
