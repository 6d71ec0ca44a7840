/**
 * The console: the portal's Mantine theme (the preview shows the employee's screen as the employee sees it), a
 * data cache, and the router; a 401 anywhere navigates to the console's sign-in.
 */
import { MantineProvider } from '@mantine/core';
import { useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { cssVariablesResolver, theme } from '#portal/layout/theme.ts';
import { setUnauthorizedHandler, staffFetcher } from './api/staff-api.ts';

type Router = ReturnType<typeof createBrowserRouter>;

export function StaffApp({ router }: { router: Router }) {
  useEffect(() => {
    setUnauthorizedHandler(() => {
      void router.navigate('/sign-in', { replace: true });
    });
  }, [router]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <SWRConfig value={{ provider: () => new Map(), fetcher: staffFetcher, revalidateOnFocus: false }}>
        <RouterProvider router={router} />
      </SWRConfig>
    </MantineProvider>
  );
}
