/**
 * The header (spec §2 Landing, Large-screen header menu): the employer logo linking to /, the account name and the
 * 'Powered by' mark. Signed in: Getting Started, My Coverage (Current Plan, Documents), Contact Us, a greeting and
 * Sign Out on large screens; a menu icon opening the side menu on screens 840 px wide or less. Signed out: Sign In.
 */
import { Anchor, Box, Burger, Button, Drawer, Group, Menu, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link as RouterLink } from 'react-router-dom';
import type { EmployerBranding } from '#contracts/entities.ts';
import { useIdClaims, useSignedIn } from '../api/session.ts';
import { HeaderBrand } from './employer-brand.tsx';
import { MODEL_NOTICE_URL } from './links.ts';
import { NARROW_SCREEN } from './theme.ts';
import { useSignOut } from './use-sign-out.ts';
import { messages } from '#web/messages.ts';

type Props = { branding: EmployerBranding | undefined; onAbout: () => void };

export function Header({ branding, onAbout }: Props) {
  const signedIn = useSignedIn();
  const narrow = useMediaQuery(NARROW_SCREEN) ?? false;
  const claims = useIdClaims();
  const signOut = useSignOut();
  const [menuOpened, menu] = useDisclosure(false);

  return (
    <Box component="header" px="md" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" wrap={narrow ? 'wrap' : 'nowrap'} gap="xs">
        <HeaderBrand branding={branding} compact={narrow} />

        {!signedIn && (
          <Button component={RouterLink} to="/login">
            Sign In
          </Button>
        )}

        {signedIn && !narrow && (
          <Group component="nav" aria-label="Main" gap="md" wrap="nowrap">
            <Anchor component={RouterLink} to="/profile">
              Getting Started
            </Anchor>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="subtle">My Coverage</Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={RouterLink} to="/health-plan">
                  Current Plan
                </Menu.Item>
                <Menu.Item component="a" href={MODEL_NOTICE_URL} target="_blank" rel="noreferrer">
                  Documents
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Anchor component={RouterLink} to="/contact-us">
              Contact Us
            </Anchor>
            {claims?.given_name && <Text>Hi, {claims.given_name}</Text>}
            <Button variant="outline" onClick={() => void signOut()}>
              Sign Out
            </Button>
          </Group>
        )}

        {signedIn && narrow && (
          <Group gap="xs" wrap="nowrap">
            <Button variant="outline" size="xs" onClick={() => void signOut()}>
              Sign Out
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

      <Drawer opened={menuOpened} onClose={menu.close} title="Menu" position="left" size="xs">
        <Stack component="nav" aria-label="Side menu" gap={0}>
          <NavLink component={RouterLink} to="/profile" label="Getting Started" onClick={menu.close} />
          <NavLink component={RouterLink} to="/" label="Home" onClick={menu.close} />
          <NavLink component={RouterLink} to="/health-plan" label="Current Plan" onClick={menu.close} />
          <NavLink component="a" href={MODEL_NOTICE_URL} target="_blank" rel="noreferrer" label="View Plan Documents" />
          <NavLink
            component="button"
            label="About"
            onClick={() => {
              menu.close();
              onAbout();
            }}
          />
        </Stack>
      </Drawer>
    </Box>
  );
}
