/**
 * The raw JSON behind what a screen says in sentences (an audit entry's before and after, an event's data): a
 * button "Show raw JSON" that opens it below and says so (aria-expanded), "Hide raw JSON" to close it again.
 */
import { Box, Button, Code, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';

/** `parts`: each JSON value with its heading ("Before", "After"), or one value without. */
export function RawJson({ parts }: { parts: ReadonlyArray<{ heading?: string; value: unknown }> }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Stack gap={2} align="flex-start">
      <Button variant="subtle" size="compact-xs" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? 'Hide raw JSON' : 'Show raw JSON'}
      </Button>
      <Box id={id} w="100%">
        {open &&
          parts.map((part, index) => (
            <Stack gap={2} key={index}>
              {part.heading && (
                <Text size="sm" fw={600}>
                  {part.heading}
                </Text>
              )}
              <Code block>{JSON.stringify(part.value, null, 2)}</Code>
            </Stack>
          ))}
      </Box>
    </Stack>
  );
}
