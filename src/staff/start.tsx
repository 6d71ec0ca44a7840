/** Starts the staff console once the catalogue is loaded (main.tsx): the router under /staff, and the console. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { StaffApp } from './app.tsx';
import { staffRoutes } from './routes.tsx';

export function start(): void {
  const router = createBrowserRouter(staffRoutes, { basename: '/staff' });
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <StaffApp router={router} />
    </StrictMode>,
  );
}
