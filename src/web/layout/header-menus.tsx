/** The header's signed-in menus: My Coverage's dropdown (large screens) and the side menu (840 px or less). */
import { Button, Drawer, Menu, NavLink, Stack } from '@mantine/core';
import { Link as RouterLink } from 'react-router-dom';
import { MODEL_NOTICE_URL } from './links.ts';
import { messages } from '#web/messages.ts';

export function CoverageMenu() {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle">{messages['my-coverage']}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={RouterLink} to="/health-plan">
          {messages['current-plan']}
        </Menu.Item>
        <Menu.Item component="a" href={MODEL_NOTICE_URL} target="_blank" rel="noreferrer">
          {messages['documents']}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

type SideMenuProps = { opened: boolean; onClose: () => void; onAbout: () => void };

export function SideMenu({ opened, onClose, onAbout }: SideMenuProps) {
  return (
    <Drawer opened={opened} onClose={onClose} title={messages['menu']} position="left" size="xs">
      <Stack component="nav" aria-label={messages['side-menu']} gap={0}>
        <NavLink component={RouterLink} to="/profile" label={messages['getting-started']} onClick={onClose} />
        <NavLink component={RouterLink} to="/" label={messages['home']} onClick={onClose} />
        <NavLink component={RouterLink} to="/health-plan" label={messages['current-plan']} onClick={onClose} />
        <NavLink component="a" href={MODEL_NOTICE_URL} target="_blank" rel="noreferrer" label={messages['view-plan-documents']} />
        <NavLink
          component="button"
          label={messages['about']}
          onClick={() => {
            onClose();
            onAbout();
          }}
        />
      </Stack>
    </Drawer>
  );
}
