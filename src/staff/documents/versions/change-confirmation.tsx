/**
 * The confirmation before a publish or a roll back: what changes for employees, in sentences (change-summary.ts),
 * with Confirm and Cancel. Cancelling changes nothing.
 */
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';

/** A change waiting to be confirmed: the dialog's title and the sentences of change-summary.ts. */
export type PendingChange = { title: string; changes: string[] };

type Props = { pending: PendingChange | null; busy: boolean; onConfirm: () => void; onCancel: () => void };

export function ChangeConfirmation({ pending, busy, onConfirm, onCancel }: Props) {
  return (
    <Modal opened={pending !== null} onClose={onCancel} title={pending?.title ?? ''} size="lg">
      {pending && (
        <Stack>
          {pending.changes.length === 0 ? (
            <Text>Nothing changes for employees: they get the same document.</Text>
          ) : (
            <>
              <Text>What employees get changes so:</Text>
              <List aria-label="Changes">
                {pending.changes.map((change, i) => (
                  <List.Item key={`${i}-${change}`}>{change}</List.Item>
                ))}
              </List>
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button onClick={onConfirm} loading={busy}>
              Confirm
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
