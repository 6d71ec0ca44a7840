/**
 * The app: theme, data cache and the router; a 401 anywhere navigates to /login inside the router (spec §8). The
 * form engine's services (and with them rjsf) are provided by the lazily loaded routes that show forms
 * (engine-root.tsx), so the landing page loads without them.
 */
import { MantineProvider } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { SWRConfig, useSWRConfig } from 'swr';
import { setUnauthorizedHandler } from '#portal/api/api-client.ts';
import { onPersonChange } from '#portal/api/session.ts';
import { cssVariablesResolver, theme } from '#portal/layout/theme.ts';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * Empties the data cache when the tab's person changes (sign-in, sign-out, a session that ended), at that moment,
 * before any screen reads it again: nothing read for one person is shown to the next, nor is any id of theirs sent
 * (the member record holds the id the wizard's calls send). The reads of screens still shown are sent again.
 */
function CacheOfOnePerson() {
  const { mutate } = useSWRConfig();
  useEffect(() => onPersonChange(() => void mutate(() => true, undefined)), [mutate]);
  return null;
}

/** Theme and data cache: what every screen needs. */
export function BaseProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {/* One cache per mounted app, emptied whenever another person's session begins. */}
      <SWRConfig value={{ provider: () => new Map(), revalidateOnFocus: false }}>
        <CacheOfOnePerson />
        {children}
      </SWRConfig>
    </MantineProvider>
  );
}

export function App({ router }: { router: Router }) {
  useEffect(() => {
    setUnauthorizedHandler(
      () => void router.navigate('/login', { replace: true }),
      () => {
        const { pathname, search, hash } = router.state.location;
        return pathname + search + hash;
      },
    );
  }, [router]);

  return (
    <BaseProviders>
      <RouterProvider router={router} />
    </BaseProviders>
  );
}
