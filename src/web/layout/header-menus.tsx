/** The header's signed-in menus: My Coverage's dropdown (large screens) and the side menu (840 px or less). */
import { Button, Drawer, Menu, NavLink, Stack } from '@mantine/core';
import { Link as RouterLink } from 'react-router-dom';
import { MODEL_NOTICE_URL } from './links.ts';

export function CoverageMenu() {
  return (
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
  );
}

type SideMenuProps = { opened: boolean; onClose: () => void; onAbout: () => void };

export function SideMenu({ opened, onClose, onAbout }: SideMenuProps) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Menu" position="left" size="xs">
      <Stack component="nav" aria-label="Side menu" gap={0}>
        <NavLink component={RouterLink} to="/profile" label="Getting Started" onClick={onClose} />
        <NavLink component={RouterLink} to="/" label="Home" onClick={onClose} />
        <NavLink component={RouterLink} to="/health-plan" label="Current Plan" onClick={onClose} />
        <NavLink component="a" href={MODEL_NOTICE_URL} target="_blank" rel="noreferrer" label="View Plan Documents" />
        <NavLink
          component="button"
          label="About"
          onClick={() => {
            onClose();
            onAbout();
          }}
        />
      </Stack>
    </Drawer>
  );
}
