/** The staff console's browser entry (staff.html): styles, the router under /staff, and the console. */
import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { StaffApp } from './app.tsx';
import { staffRoutes } from './routes.tsx';

const router = createBrowserRouter(staffRoutes, { basename: '/staff' });
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <StaffApp router={router} />
  </StrictMode>,
);
