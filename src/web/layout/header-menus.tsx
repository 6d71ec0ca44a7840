/**
 * The header's signed-in menus: My Coverage's dropdown (large screens) and the side menu (840 px or less), which
 * has every place the large header links to, Contact Us included.
 */
import { Button, Drawer, Menu, NavLink, Stack } from '@mantine/core';
import { Link as RouterLink } from 'react-router-dom';
import { MODEL_NOTICE_URL } from './links.ts';
import { messages } from '#portal/messages.ts';

export function CoverageMenu() {
  return (
    // Without Mantine's focus placeholder: a focusable role="presentation" div inside role="menu" is a child a menu
    // may not have (axe aria-required-children, critical). Without it the menu's focus trap puts the focus on the
    // first item as the menu opens, as a menu should.
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
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
        <NavLink component={RouterLink} to="/contact-us" label={messages['contact-us']} onClick={onClose} />
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
