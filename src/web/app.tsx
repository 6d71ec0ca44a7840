/** The app: theme, data cache, the form engine's services and the router; a 401 anywhere navigates to /login inside the router (spec §8). */
import { MantineProvider } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { EngineProvider } from '#engine/react/index.ts';
import { setUnauthorizedHandler } from './api/api-client.ts';
import { cssVariablesResolver, theme } from './layout/theme.ts';
import { portalEngineServices } from './widgets/engine-services.ts';

type Router = ReturnType<typeof createBrowserRouter>;

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {/* One cache per mounted app, so nothing read for one person survives into another's session. */}
      <SWRConfig value={{ provider: () => new Map(), revalidateOnFocus: false }}>
        <EngineProvider services={portalEngineServices}>{children}</EngineProvider>
      </SWRConfig>
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
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
