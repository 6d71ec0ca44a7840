/**
 * The page frame every route shares: a header, the route's screen, the footer, the version modal and the error
 * toast. A route whose handle says `{ header: 'employer' }` gets the employer header (register, set password).
 */
import { Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useMatches } from 'react-router-dom';
import { useBranding, useEmployerId } from '../api/queries.ts';
import { EmployerHeader } from './employer-header.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { ToastHost } from './toast.tsx';
import { VersionModal } from './version-modal.tsx';

export type RouteHandle = { header?: 'main' | 'employer' };

function useHeaderKind(): RouteHandle['header'] {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  return handle?.header ?? 'main';
}

export function AppLayout() {
  const employerId = useEmployerId();
  const { data: branding } = useBranding(employerId);
  const [aboutOpened, about] = useDisclosure(false);
  const headerKind = useHeaderKind();

  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      {headerKind === 'employer' ? (
        <EmployerHeader branding={branding} />
      ) : (
        <Header branding={branding} onAbout={about.toggle} />
      )}
      <Box component="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Footer onAbout={about.toggle} employerId={employerId} />
      <VersionModal opened={aboutOpened} onClose={about.close} employerName={branding?.accountname} />
      <ToastHost />
    </Box>
  );
}
