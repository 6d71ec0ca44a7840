/**
 * The form engine's services for the screens that show forms. The routes below it load lazily (routes.tsx), so
 * rjsf, the engine's theme and the portal's widgets stay out of the landing page's JavaScript.
 */
import '#product/engine-setup.ts';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { EngineProvider } from '#engine/react/engine-context.tsx';
import { BaseProviders } from './app.tsx';
import { portalEngineServices } from '#portal/widgets/engine-services.ts';

/** The layout route of every screen that shows a form: the engine's services around the matched screen. */
export function EngineRoot() {
  return (
    <EngineProvider services={portalEngineServices}>
      <Outlet />
    </EngineProvider>
  );
}

/** Every provider a screen rendered on its own needs: theme, data cache and the engine's services. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <BaseProviders>
      <EngineProvider services={portalEngineServices}>{children}</EngineProvider>
    </BaseProviders>
  );
}
