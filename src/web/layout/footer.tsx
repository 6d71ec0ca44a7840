/** Footer (spec §2): version string, front-end version date, Terms of Use, Privacy Policy and the About button. */
import { Anchor, Button, Group, Text } from '@mantine/core';
import { APP_VERSION, FRONT_END_VERSION_DATE, PRIVACY_POLICY_URL, TERMS_OF_USE_URL } from './links.ts';

export function Footer({ onAbout }: { onAbout: () => void }) {
  return (
    <Group component="footer" justify="space-between" px="md" py="sm" gap="sm" bg="gray.0">
      <Group gap="md">
        <Text size="sm">Version {APP_VERSION}</Text>
        <Text size="sm" c="dimmed">
          {FRONT_END_VERSION_DATE}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={onAbout}>
          About
        </Button>
      </Group>
      <Group gap="md">
        <Anchor href={TERMS_OF_USE_URL} size="sm" target="_blank" rel="noreferrer">
          Terms of Use
        </Anchor>
        <Anchor href={PRIVACY_POLICY_URL} size="sm" target="_blank" rel="noreferrer">
          Privacy Policy
        </Anchor>
      </Group>
    </Group>
  );
}
