/**
 * Every signed-in screen: the header with the console's sections and the staff user's sign-out. Who is signed in
 * comes from GET /api/staff/me; without a session the API's 401 sends the person to the sign-in.
 */
import { AppShell, Anchor, Button, Group, Loader, Text, Title } from '@mantine/core';
import { createContext, useContext } from 'react';
import { Link, Outlet, useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { staffCall } from '../api/staff-api.ts';
import type { StaffMe, StaffRole, StaffSignOut } from '../api/types.ts';

const StaffContext = createContext<StaffMe | null>(null);

/** The signed-in staff user (inside ConsoleLayout). */
export function useStaff(): StaffMe {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff needs the ConsoleLayout above it.');
  return staff;
}

const RANK: Record<StaffRole, number> = { viewer: 0, implementer: 1, admin: 2 };
/** Whether a role may do what `needed` may (viewer < implementer < admin). */
export function mayAct(role: StaffRole, needed: StaffRole): boolean {
  return RANK[role] >= RANK[needed];
}

export function ConsoleLayout() {
  const { data: me, error } = useSWR<StaffMe>('/api/staff/me');
  const navigate = useNavigate();
  // Signed in through the staff identity provider: its own sign-out follows (it sends the browser back to the sign-in).
  const signOut = async () => {
    const answer = await staffCall<StaffSignOut>('POST', '/api/staff/logout', {});
    if (answer.success && answer.data) window.location.assign(answer.data.url);
    else navigate('/sign-in', { replace: true });
  };
  if (error) return <Text role="alert">{(error as Error).message}</Text>;
  if (!me) return <Loader aria-label="Loading" />;
  return (
    <StaffContext.Provider value={me}>
      {/* The header grows to fit its links when they wrap on a phone, and pushes the screen down rather than covering
          it: not offset by a fixed height, in the flow, and kept at the top while scrolling only where one row fits. */}
      <AppShell header={{ height: 60, offset: false }} padding="md">
        <AppShell.Header h="auto" mih={60} pos={{ base: 'static', sm: 'sticky' }}>
          <Group mih={60} px="md" py="xs" justify="space-between" component="nav" aria-label="Console">
            <Group>
              <Title order={2} size="h4">Staff Console</Title>
              <Anchor component={Link} to="/">Employers</Anchor>
              <Anchor component={Link} to="/events">Event Log</Anchor>
              <Anchor component={Link} to="/audit">Audit Trail</Anchor>
              {me.role === 'admin' && <Anchor component={Link} to="/users">Staff Users</Anchor>}
              <Anchor component={Link} to="/security">Security</Anchor>
            </Group>
            <Group>
              <Text size="sm">
                {me.email} ({me.role})
              </Text>
              <Button variant="default" size="xs" onClick={() => void signOut()}>
                Sign Out
              </Button>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Main>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </StaffContext.Provider>
  );
}
