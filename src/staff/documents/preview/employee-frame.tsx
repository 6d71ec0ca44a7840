/**
 * The employee's page around a previewed step: the portal's header brand (this employer's logo, or the default
 * one, its name and 'Powered by'), as the portal's header draws it, without its links and menus: the preview
 * leads nowhere. Not a page landmark of its own: it sits inside the console's preview section. Its `lang` is the
 * language the preview shows.
 */
import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { EmployerBranding } from '#contracts/entities.ts';
import type { Language } from '#contracts/language.ts';
import { EmployerLogo, PoweredBy } from '#portal/layout/employer-brand.tsx';

export function EmployeeFrame({ branding, language, children }: { branding: EmployerBranding | undefined; language: Language; children: ReactNode }) {
  return (
    <Paper withBorder radius="sm" lang={language} style={{ overflow: 'hidden' }}>
      <Box px="md" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group gap="md" wrap="nowrap" miw={0}>
          <EmployerLogo branding={branding} compact />
          <Stack gap={2} miw={0}>
            {branding?.accountname && (
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {branding.accountname}
              </Text>
            )}
            <PoweredBy compact />
          </Stack>
        </Group>
      </Box>
      <Box p="md">{children}</Box>
    </Paper>
  );
}
