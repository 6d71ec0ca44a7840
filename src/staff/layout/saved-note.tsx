/** The announced confirmation that a change was stored. */
import { Text } from '@mantine/core';

export function SavedNote({ shown, text }: { shown: boolean; text: string }) {
  return (
    <Text role="status" c="green.8" size="sm">
      {shown ? text : ''}
    </Text>
  );
}
