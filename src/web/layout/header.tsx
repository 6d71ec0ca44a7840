/**
 * The header (spec §2 Landing, Large-screen header menu): the employer logo linking to /, the account name and the
 * 'Powered by' mark. Signed in: Getting Started, My Coverage (Current Plan, Documents), Contact Us, a greeting and
 * Sign Out on large screens; Sign Out and a menu icon opening the side menu on screens 840 px wide or less, on the
 * logo's row, with the account name and 'Powered by' on a line under it (beside them, the name had no room left).
 * Signed out: Sign In. Always: the language switch. No label is cut: a large screen's menu keeps each item on one
 * line and, where the row runs short (a longer language, a long name), wraps whole items onto a second row.
 */
import { Anchor, Box, Burger, Button, Group, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { EmployerBranding } from '#contracts/entities.ts';
import { useIdClaims, useSignedIn } from '#portal/api/session.ts';
import { BrandCaption, HeaderBrand, HomeLogo } from '#portal/layout/employer-brand.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { NARROW_SCREEN } from '#portal/layout/theme.ts';
import { useSignOut } from './session/use-sign-out.ts';
import { messages } from '#portal/messages.ts';
import { formatMessage } from '#engine/runtime/messages.ts';

// The dropdown and the side menu (floating-ui, scroll lock) are for signed-in people only: they load apart from the
// landing page's JavaScript.
const CoverageMenu = lazy(async () => ({ default: (await import('./header-menus.tsx')).CoverageMenu }));
const SideMenu = lazy(async () => ({ default: (await import('./header-menus.tsx')).SideMenu }));

type Props = { branding: EmployerBranding | undefined; onAbout: () => void };

export function Header({ branding, onAbout }: Props) {
  const signedIn = useSignedIn();
  const narrow = useMediaQuery(NARROW_SCREEN) ?? false;
  const claims = useIdClaims();
  const signOut = useSignOut();
  const [menuOpened, menu] = useDisclosure(false);
  // The side menu mounts on its first opening and stays, so it closes with its transition.
  const [sideMenuUsed, setSideMenuUsed] = useState(false);
  if (menuOpened && !sideMenuUsed) setSideMenuUsed(true);

  return (
    <Box component="header" px="md" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        {narrow ? <HomeLogo branding={branding} compact /> : <HeaderBrand branding={branding} compact={false} />}

        {!signedIn && (
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <LanguageSwitch compact={narrow} />
            <Button component={RouterLink} to="/login" style={{ flexShrink: 0 }}>
              {messages['sign-in']}
            </Button>
          </Group>
        )}

        {signedIn && !narrow && (
          <Group component="nav" aria-label={messages['main-menu']} gap="sm" wrap="wrap" justify="flex-end" style={{ whiteSpace: 'nowrap' }}>
            <Anchor component={RouterLink} to="/profile">
              {messages['getting-started']}
            </Anchor>
            <Suspense fallback={<Button variant="subtle">{messages['my-coverage']}</Button>}>
              <CoverageMenu />
            </Suspense>
            <Anchor component={RouterLink} to="/contact-us">
              {messages['contact-us']}
            </Anchor>
            {claims?.given_name && <Text>{formatMessage(messages['greeting'], { name: claims.given_name })}</Text>}
            <LanguageSwitch compact={false} />
            <Button variant="outline" onClick={() => void signOut()}>
              {messages['sign-out']}
            </Button>
          </Group>
        )}

        {signedIn && narrow && (
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <LanguageSwitch compact />
            <Button variant="outline" size="xs" onClick={() => void signOut()}>
              {messages['sign-out']}
            </Button>
            <Burger
              opened={menuOpened}
              onClick={menu.toggle}
              aria-label={menuOpened ? messages['close-menu'] : messages['open-menu']}
              aria-expanded={menuOpened}
            />
          </Group>
        )}
      </Group>
      {narrow && (
        <Box mt={4}>
          <BrandCaption branding={branding} compact inline />
        </Box>
      )}

      {sideMenuUsed && (
        <Suspense fallback={null}>
          <SideMenu opened={menuOpened} onClose={menu.close} onAbout={onAbout} />
        </Suspense>
      )}
    </Box>
  );
}
