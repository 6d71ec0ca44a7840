/**
 * The app: theme, data cache and the router; a 401 anywhere navigates to /login inside the router (spec §8). The
 * form engine's services (and with them rjsf) are provided by the lazily loaded routes that show forms
 * (engine-root.tsx), so the landing page loads without them.
 */
import { MantineProvider } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { setUnauthorizedHandler } from './api/api-client.ts';
import { cssVariablesResolver, theme } from './layout/theme.ts';

type Router = ReturnType<typeof createBrowserRouter>;

/** Theme and data cache: what every screen needs. */
export function BaseProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {/* One cache per mounted app, so nothing read for one person survives into another's session. */}
      <SWRConfig value={{ provider: () => new Map(), revalidateOnFocus: false }}>{children}</SWRConfig>
    </MantineProvider>
  );
}

export function App({ router }: { router: Router }) {
  useEffect(() => {
    setUnauthorizedHandler(() => {
      void router.navigate('/login', { replace: true });
    });
  }, [router]);

  return (
    <BaseProviders>
      <RouterProvider router={router} />
    </BaseProviders>
  );
}
