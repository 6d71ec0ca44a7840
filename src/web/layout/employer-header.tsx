/**
 * The header of the pages a person reaches from an employer's link (spec §2 Register, Set password): the
 * employer's logo (or the default one) linking to /, its name, 'Powered by' and 'Need Help?' with the employer's
 * e-mail, or the default support address; and the language switch.
 */
import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { EmployerBranding } from '#contracts/entities.ts';
import { HeaderBrand } from '#portal/layout/employer-brand.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { DEFAULT_SUPPORT_EMAIL } from './links.ts';
import { NARROW_SCREEN } from '#portal/layout/theme.ts';
import { messages } from '#portal/messages.ts';

export function EmployerHeader({ branding }: { branding: EmployerBranding | undefined }) {
  const help = branding?.emailaddress || DEFAULT_SUPPORT_EMAIL;
  const narrow = useMediaQuery(NARROW_SCREEN) ?? false;
  return (
    <Box component="header" px="md" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" wrap="wrap">
        <HeaderBrand branding={branding} compact={narrow} />
        <Group gap="md" wrap="nowrap">
          <LanguageSwitch compact={narrow} />
          <Stack gap={0} align="flex-end">
            <Text fw={600}>{messages['need-help']}</Text>
            <Anchor href={`mailto:${help}`}>{help}</Anchor>
          </Stack>
        </Group>
      </Group>
    </Box>
  );
}
