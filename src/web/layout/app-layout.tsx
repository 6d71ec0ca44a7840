/**
 * The page frame every route shares: a skip link to the main content (the first thing Tab reaches), a header,
 * the route's screen in <main>, the footer, the version modal and the error toast. A route whose handle says `{ header: 'employer' }` gets the employer header (register, set password).
 */
import { Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import { useBranding, useEmployerId } from '#portal/api/queries.ts';
import { EmployerHeader } from './employer-header.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { messages } from '#portal/messages.ts';
import { SkipLink } from '#portal/layout/skip-link.tsx';
import { ToastHost } from '#portal/layout/feedback/toast.tsx';

// The About dialog (a modal: focus trap, scroll lock) loads on its first opening, apart from the landing page.
const VersionModal = lazy(async () => ({ default: (await import('./version-modal.tsx')).VersionModal }));

/** The id of the page's <main>, the skip link's target. */
const MAIN_ID = 'main-content';

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
  // Mounted from its first opening on, so it closes with its transition.
  const [aboutUsed, setAboutUsed] = useState(false);
  if (aboutOpened && !aboutUsed) setAboutUsed(true);

  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SkipLink target={MAIN_ID}>{messages['skip-to-main']}</SkipLink>
      {headerKind === 'employer' ? (
        <EmployerHeader branding={branding} />
      ) : (
        <Header branding={branding} onAbout={about.toggle} />
      )}
      <Box component="main" id={MAIN_ID} tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
        <Outlet />
      </Box>
      <Footer onAbout={about.toggle} employerId={employerId} />
      {aboutUsed && (
        <Suspense fallback={null}>
          <VersionModal opened={aboutOpened} onClose={about.close} employerName={branding?.accountname} />
        </Suspense>
      )}
      <ToastHost />
    </Box>
  );
}
