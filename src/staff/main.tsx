/**
 * The staff console's browser entry (staff.html): styles, the router under /staff, and the console, rendered once
 * the portal's English catalogue is loaded (the console's preview shows the portal's widgets and texts).
 */
import '@mantine/core/styles.css';
import '#product/engine-setup.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { loadCatalogue } from '#portal/messages.ts';
import { StaffApp } from './app.tsx';
import { staffRoutes } from './routes.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

void loadCatalogue('en').then(() => {
  const router = createBrowserRouter(staffRoutes, { basename: '/staff' });
  createRoot(container).render(
    <StrictMode>
      <StaffApp router={router} />
    </StrictMode>,
  );
});
