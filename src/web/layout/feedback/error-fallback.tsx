/** What a router failure shows (spec §8): 'Unexpected Application Error!' with the status or the message. */
import { Container, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { messages } from '#portal/messages.ts';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

export function ErrorFallback() {
  const error = useRouteError();
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{messages['unexpected-error']}</Title>
        <Text c="red">{describe(error)}</Text>
      </Stack>
    </Container>
  );
}
