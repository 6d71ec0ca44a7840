/**
 * Footer (spec §2): version string, front-end version date, Terms of Use, Privacy Policy and the About button. The
 * Terms of Use and Privacy Policy are the portal's /terms and /privacy pages, for the employer when it is known.
 */
import { Anchor, Button, Group, Text } from '@mantine/core';
import { Link as RouterLink } from 'react-router-dom';
import { formatMessage } from '#engine/runtime/messages.ts';
import { formatVersionDate } from '#domain/values/dates.ts';
import { locale, messages } from '#portal/messages.ts';
import { APP_VERSION, FRONT_END_VERSION_DATE, legalPath } from './links.ts';

export function Footer({ onAbout, employerId }: { onAbout: () => void; employerId: string | null }) {
  return (
    <Group component="footer" justify="space-between" px="md" py="sm" gap="sm" bg="gray.0">
      <Group gap="md">
        <Text size="sm">{formatMessage(messages['version'], { version: APP_VERSION })}</Text>
        <Text size="sm" c="dimmed">
          {formatVersionDate(FRONT_END_VERSION_DATE, locale)}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={onAbout}>
          {messages['about']}
        </Button>
      </Group>
      <Group gap="md">
        <Anchor component={RouterLink} to={legalPath('terms', employerId)} size="sm">
          {messages['terms-of-use']}
        </Anchor>
        <Anchor component={RouterLink} to={legalPath('privacy', employerId)} size="sm">
          {messages['privacy-policy']}
        </Anchor>
      </Group>
    </Group>
  );
}
