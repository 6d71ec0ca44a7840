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
import { useSignedIn } from '../api/session.ts';
import { NARROW_SCREEN } from '../layout/theme.ts';
import { useSignOut } from '../layout/use-sign-out.ts';

const HERO_TITLE = 'Welcome to Your Personalized Benefits Enrollment Portal';
const HERO_TEXT =
  'Your employer gives you a monthly contribution toward your health coverage. Here you can complete your ' +
  'profile, choose whether to buy an individual health plan or waive coverage, add other benefits your employer ' +
  'offers, and authorize your elections.';
const INTRO_TEXT =
  'Enrollment takes a few minutes. Have your personal details, your dependents’ details and their Social ' +
  'Security Numbers at hand. You can come back and continue at any time before you authorize.';

const STEPS = [
  'Click Get Started.',
  'Fill in your profile details.',
  'Choose whether to participate.',
  'Choose a health insurance program if needed.',
  'Elect other benefits if available.',
  'Authorize your participation.',
];
const MOBILE_STEPS = [...STEPS.slice(0, 5), 'Review plan documents.', STEPS[5]];
const AUTHORIZE_NOTICE =
  'You must click Authorize in your shopping cart to complete enrollment and be eligible to receive funds.';

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
            <Title order={1}>{HERO_TITLE}</Title>
            <Text size="lg">{HERO_TEXT}</Text>
            <Group>
              {signedIn ? (
                <Button component={RouterLink} to="/profile" size="md">
                  Get Started
                </Button>
              ) : (
                <Button component={RouterLink} to="/login" size="md">
                  Sign In
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>

        <Stack gap="md">
          <Title order={2}>Getting Started is Easy</Title>
          <NumberedSteps steps={STEPS} label="Getting Started steps" />
          <Group>
            {signedIn ? (
              <Button component={RouterLink} to="/profile">
                Start Now
              </Button>
            ) : (
              <Button component={RouterLink} to="/login">
                Sign in to start
              </Button>
            )}
          </Group>
          <Alert color="yellow" variant="light" title="Important" role="note">
            {AUTHORIZE_NOTICE}
          </Alert>
        </Stack>
      </Stack>
    </Container>
  );
}

function MobileWelcome({ signedIn }: { signedIn: boolean }) {
  const [panel, setPanel] = useState<1 | 2 | 3>(1);
  const signOut = useSignOut();
  const close = <CloseButton aria-label="Close" onClick={() => setPanel(1)} />;

  if (panel === 1) {
    return (
      <Stack p="md" gap="md">
        <Title order={1}>{HERO_TITLE}</Title>
        <Text>{HERO_TEXT}</Text>
        {signedIn ? (
          <Button variant="outline" onClick={() => void signOut()}>
            Sign Out
          </Button>
        ) : (
          <Button component={RouterLink} to="/login" variant="outline">
            Sign In
          </Button>
        )}
        <Button onClick={() => setPanel(2)}>Get Started</Button>
      </Stack>
    );
  }
  if (panel === 2) {
    return (
      <Stack p="md" gap="md">
        <Group justify="space-between">
          <Title order={2}>Getting Started is Easy</Title>
          {close}
        </Group>
        <Text>{INTRO_TEXT}</Text>
        <Button onClick={() => setPanel(3)}>Proceed</Button>
      </Stack>
    );
  }
  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={2}>Your Steps</Title>
        {close}
      </Group>
      <NumberedSteps steps={MOBILE_STEPS} label="Enrollment steps" />
      <Text size="sm">{AUTHORIZE_NOTICE}</Text>
      <Button component={RouterLink} to="/profile">
        Proceed
      </Button>
    </Stack>
  );
}

export function LandingScreen() {
  const signedIn = useSignedIn();
  const narrow = useMediaQuery(NARROW_SCREEN) ?? false;
  return narrow ? <MobileWelcome signedIn={signedIn} /> : <LargeLanding signedIn={signedIn} />;
}
