/**
 * An address the portal has no page for: the page frame (header, footer) with a heading, what happened, and a way
 * back: to Getting Started for a signed-in member, to the home page otherwise.
 */
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link as RouterLink } from 'react-router-dom';
import { useSignedIn } from '#portal/api/session.ts';
import { messages } from '#portal/messages.ts';

export function NotFoundScreen() {
  const signedIn = useSignedIn();
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg" align="flex-start">
        <Title order={1}>{messages['not-found-title']}</Title>
        <Text>{messages['not-found-text']}</Text>
        <Button component={RouterLink} to={signedIn ? '/profile' : '/'}>
          {signedIn ? messages['not-found-member'] : messages['not-found-home']}
        </Button>
      </Stack>
    </Container>
  );
}
