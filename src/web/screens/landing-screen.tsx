/**
 * Landing / Getting Started (spec §2 Landing): the hero, 'Getting Started is Easy' with six numbered steps and the
 * Authorize notice. On screens 840 px wide or less it is the three-panel welcome flow: (1) welcome with sign in or
 * out and Get Started; (2) intro text with Proceed; (3) the seven-step list with Proceed to /profile; closing
 * returns to panel 1.
 */
import { Alert, Button, CloseButton, Container, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSignedIn } from '#portal/api/session.ts';
import { NARROW_SCREEN } from '#portal/layout/theme.ts';
import { useSignOut } from '../layout/session/use-sign-out.ts';
import { messages } from '#portal/messages.ts';

const steps = () => [
  messages['landing-step-1'],
  messages['landing-step-2'],
  messages['landing-step-3'],
  messages['landing-step-4'],
  messages['landing-step-5'],
  messages['landing-step-6'],
];
const mobileSteps = () => [...steps().slice(0, 5), messages['landing-step-review'], steps()[5]!];

function NumberedSteps({ steps, label }: { steps: string[]; label: string }) {
  return (
    <List type="ordered" spacing="sm" aria-label={label} listStyleType="none">
      {steps.map((step, index) => (
        <List.Item
          key={step}
          icon={
            <ThemeIcon radius="xl" size={28} aria-hidden>
              {index + 1}
            </ThemeIcon>
          }
        >
          {step}
        </List.Item>
      ))}
    </List>
  );
}

function LargeLanding({ signedIn }: { signedIn: boolean }) {
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Paper p="xl" radius="lg" bg="portal.0">
          <Stack gap="md" maw={720}>
            <Title order={1}>{messages['landing-title']}</Title>
            <Text size="lg">{messages['landing-text']}</Text>
            <Group>
              {signedIn ? (
                <Button component={RouterLink} to="/profile" size="md">
                  {messages['get-started']}
                </Button>
              ) : (
                <Button component={RouterLink} to="/login" size="md">
                  {messages['sign-in']}
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>

        <Stack gap="md">
          <Title order={2}>{messages['getting-started-easy']}</Title>
          <NumberedSteps steps={steps()} label={messages['getting-started-steps']} />
          <Group>
            {signedIn ? (
              <Button component={RouterLink} to="/profile">
                {messages['start-now']}
              </Button>
            ) : (
              <Button component={RouterLink} to="/login">
                {messages['sign-in-to-start']}
              </Button>
            )}
          </Group>
          <Alert color="yellow" variant="light" title={messages['important']} role="note">
            {messages['authorize-notice']}
          </Alert>
        </Stack>
      </Stack>
    </Container>
  );
}

function MobileWelcome({ signedIn }: { signedIn: boolean }) {
  const [panel, setPanel] = useState<1 | 2 | 3>(1);
  const signOut = useSignOut();
  const close = <CloseButton aria-label={messages['close']} onClick={() => setPanel(1)} />;

  if (panel === 1) {
    return (
      <Stack p="md" gap="md">
        <Title order={1}>{messages['landing-title']}</Title>
        <Text>{messages['landing-text']}</Text>
        {signedIn ? (
          <Button variant="outline" onClick={() => void signOut()}>
            {messages['sign-out']}
          </Button>
        ) : (
          <Button component={RouterLink} to="/login" variant="outline">
            {messages['sign-in']}
          </Button>
        )}
        <Button onClick={() => setPanel(2)}>{messages['get-started']}</Button>
      </Stack>
    );
  }
  if (panel === 2) {
    return (
      <Stack p="md" gap="md">
        <Group justify="space-between">
          <Title order={2}>{messages['getting-started-easy']}</Title>
          {close}
        </Group>
        <Text>{messages['landing-intro']}</Text>
        <Button onClick={() => setPanel(3)}>{messages['proceed']}</Button>
      </Stack>
    );
  }
  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={2}>{messages['your-steps']}</Title>
        {close}
      </Group>
      <NumberedSteps steps={mobileSteps()} label={messages['enrollment-steps']} />
      <Text size="sm">{messages['authorize-notice']}</Text>
      <Button component={RouterLink} to="/profile">
        {messages['proceed']}
      </Button>
    </Stack>
  );
}

export function LandingScreen() {
  const signedIn = useSignedIn();
  const narrow = useMediaQuery(NARROW_SCREEN) ?? false;
  return narrow ? <MobileWelcome signedIn={signedIn} /> : <LargeLanding signedIn={signedIn} />;
}
